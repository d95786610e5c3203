/// Where the key reader gets bytes: the terminal, or a script in tests.
protocol ByteSource {
    /// Waits for input for at most `timeoutMilliseconds` (-1: no limit).
    func nextInput(timeoutMilliseconds: Int32) -> ByteInput
}

/// What waiting for input produced.
enum ByteInput: Equatable {
    case bytes([UInt8])
    /// The window size changed.
    case resize
    /// Nothing arrived in time.
    case timeout
    /// The terminal is gone (hang-up).
    case closed
}

/// An event for the form: a key, or a resize that calls for a redraw.
enum InputEvent: Equatable {
    case key(KeyPress)
    case resize
    case closed
}

/// Turns bytes from a ``ByteSource`` into keys, telling a lone Esc from the start of a sequence by waiting
/// briefly for the rest.
struct KeyReader<Source: ByteSource> {
    /// How long to wait after a lone Esc: sequences from a terminal arrive together, far inside this,
    /// while a person cannot type the next key that fast.
    static var escapeWaitMilliseconds: Int32 { 50 }

    let source: Source
    private var buffer: [UInt8] = []

    init(source: Source) {
        self.source = source
    }

    /// The next event.
    mutating func next() -> InputEvent {
        while true {
            if !buffer.isEmpty {
                switch KeyDecoder.decode(buffer[...], isFinal: false) {
                case .key(let key, let length):
                    buffer.removeFirst(length)
                    return .key(key)
                case .incomplete:
                    switch source.nextInput(timeoutMilliseconds: Self.escapeWaitMilliseconds) {
                    case .bytes(let more):
                        buffer += more
                    case .resize:
                        return .resize
                    case .timeout, .closed:
                        if case .key(let key, let length) = KeyDecoder.decode(buffer[...], isFinal: true) {
                            buffer.removeFirst(length)
                            return .key(key)
                        }
                    }
                    continue
                }
            }
            switch source.nextInput(timeoutMilliseconds: -1) {
            case .bytes(let bytes): buffer += bytes
            case .resize: return .resize
            case .timeout: continue
            case .closed: return .closed
            }
        }
    }
}
