/// The one JSON writer of the package, in one style: `"key": value`, two spaces a level, members in the
/// order they are written, lists one element a line except lists of numbers, which stay on one line
/// (`[1, 3, 4]`). The compact style (for JSON lines) is the same without any whitespace.
///
/// Objects are written field by field into one shared buffer, so that output of any depth is built without
/// copying what was written before; strings are copied into it in runs between the characters that need
/// escaping.
package struct JSONWriter {
    /// How the text is laid out.
    package enum Style: Sendable {
        /// Indented, for people and for every command's `--json`.
        case pretty
        /// One line, no whitespace: for JSON lines (the consent log).
        case compact
        /// One line, with a space after each `,` and `:`: values quoted inside messages.
        case singleLine
    }

    /// The bytes written so far, in memory of its own: appending to an array costs a uniqueness and a
    /// capacity check and a generic copy each time, more than the rest of writing a decision.
    private final class Output {
        // Only the writer of one document touches its buffer, from one thread, never reentrantly.
        @exclusivity(unchecked) private var start: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) private var capacity: Int
        @exclusivity(unchecked) private(set) var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            start = .allocate(capacity: capacity)
        }

        deinit { start.deallocate() }

        var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

        /// Appends `length` bytes that `write` puts at the pointer it is given; it may write up to
        /// ``slack`` bytes beyond them, which the next append overwrites.
        @inline(__always)
        func append(length: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
            if count + length + Self.slack > capacity { grow(toHold: count + length + Self.slack) }
            write(start + count)
            count += length
        }

        /// Room kept past the end, so that short runs are written as whole words.
        static let slack = 16

        func append(_ byte: UInt8) {
            append(length: 1) { $0.initialize(to: byte) }
        }

        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            append(length: bytes.count) { copy(source, to: $0, count: bytes.count) }
        }

        /// Copies `count` bytes, at most 16 of them as two words of eight (most keys and values are that
        /// short, and a call to `memcpy` costs more than the copy).
        @inline(__always)
        func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
            guard count <= Self.slack else {
                target.initialize(from: source, count: count)
                return
            }
            // The source may end closer than 16 bytes to a page, so it is read in pieces that fit.
            let raw = UnsafeMutableRawPointer(target)
            if count >= 8 {
                raw.storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: UInt64.self), as: UInt64.self)
                raw.storeBytes(of: UnsafeRawPointer(source + count - 8).loadUnaligned(as: UInt64.self),
                               toByteOffset: count - 8, as: UInt64.self)
            } else if count >= 4 {
                raw.storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: UInt32.self), as: UInt32.self)
                raw.storeBytes(of: UnsafeRawPointer(source + count - 4).loadUnaligned(as: UInt32.self),
                               toByteOffset: count - 4, as: UInt32.self)
            } else {
                for index in 0..<count { target[index] = source[index] }
            }
        }

        private func grow(toHold needed: Int) {
            var newCapacity = max(capacity * 2, 64)
            while newCapacity < needed { newCapacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.initialize(from: start, count: count)
            start.deallocate()
            start = grown
            capacity = newCapacity
        }
    }

    private let output = Output(capacity: 4096)
    private let style: Style
    private var level: Int

    /// A writer; `indent` levels of two spaces precede every line after the first.
    package init(style: Style = .pretty, indent: Int = 0) {
        self.style = style
        level = indent
    }

    /// What was written.
    package var text: String { String(decoding: output.written, as: UTF8.self) }

    /// What was written, as UTF-8 bytes.
    package var bytes: [UInt8] { Array(output.written) }

    /// One value of any depth.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let integer): appendText(String(integer))
        case .number(let number): appendText(Self.format(number))
        case .string(let text): Self.appendQuoted(text, to: output)
        case .array(let items):
            if !items.isEmpty, items.allSatisfy(\.isNumber) {
                append("[")
                for (offset, item) in items.enumerated() {
                    if offset > 0 { style == .compact ? append(",") : append(", ") }
                    self.value(item)
                }
                append("]")
            } else {
                array { list in for item in items { list.append(item) } }
            }
        case .object(let members):
            object { object in for member in members { object.field(member.key, member.value) } }
        }
    }

    /// An object whose fields `body` writes in order.
    package mutating func object(_ body: (inout ObjectWriter) -> Void) {
        var object = ObjectWriter(writer: self)
        body(&object)
        self = object.finish()
    }

    /// A list whose elements `body` writes in order, one a line.
    package mutating func array(_ body: (inout ArrayWriter) -> Void) {
        var array = ArrayWriter(writer: self)
        body(&array)
        self = array.finish()
    }

    /// Writes the fields of one object.
    package struct ObjectWriter {
        fileprivate var writer: JSONWriter
        private var count = 0

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
            self.writer.append("{")
            self.writer.level += 1
        }

        private mutating func key(_ name: String) {
            writer.separator(first: count == 0)
            JSONWriter.appendQuoted(name, to: writer.output)
            if writer.style == .compact {
                writer.output.append(UInt8(ascii: ":"))
            } else {
                writer.output.append(length: 2) { colon in
                    colon.initialize(to: UInt8(ascii: ":"))
                    colon[1] = 0x20
                }
            }
            count += 1
        }

        /// A field holding `value`.
        package mutating func field(_ name: String, _ value: JSONValue) {
            key(name)
            writer.value(value)
        }

        /// A field holding an object written by `body`.
        package mutating func object(_ name: String, _ body: (inout ObjectWriter) -> Void) {
            key(name)
            writer.object(body)
        }

        /// A field holding a list written by `body`.
        package mutating func array(_ name: String, _ body: (inout ArrayWriter) -> Void) {
            key(name)
            writer.array(body)
        }

        fileprivate func finish() -> JSONWriter {
            var writer = self.writer
            writer.level -= 1
            if count > 0 { writer.separator(first: nil) }
            writer.append("}")
            return writer
        }
    }

    /// Writes the elements of one list.
    package struct ArrayWriter {
        fileprivate var writer: JSONWriter
        private var count = 0

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
            self.writer.append("[")
            self.writer.level += 1
        }

        /// An element holding `value`.
        package mutating func append(_ value: JSONValue) {
            writer.separator(first: count == 0)
            count += 1
            writer.value(value)
        }

        /// An element holding an object written by `body`.
        package mutating func object(_ body: (inout ObjectWriter) -> Void) {
            writer.separator(first: count == 0)
            count += 1
            writer.object(body)
        }

        fileprivate func finish() -> JSONWriter {
            var writer = self.writer
            writer.level -= 1
            if count > 0 { writer.separator(first: nil) }
            writer.append("]")
            return writer
        }
    }

    /// Before a member or element (`first` true or false), or before a closing bracket (`first` nil).
    private mutating func separator(first: Bool?) {
        switch style {
        case .pretty:
            let comma = first == false ? 1 : 0
            let indent = 2 * level
            output.append(length: comma + 1 + indent) { line in
                if comma == 1 { line.initialize(to: UInt8(ascii: ",")) }
                line[comma] = 0x0A
                if indent <= 16 {
                    // Sixteen spaces as two words; the slack holds those past the indentation.
                    let spaces: UInt64 = 0x2020_2020_2020_2020
                    let raw = UnsafeMutableRawPointer(line + comma + 1)
                    raw.storeBytes(of: spaces, as: UInt64.self)
                    raw.storeBytes(of: spaces, toByteOffset: 8, as: UInt64.self)
                } else {
                    (line + comma + 1).initialize(repeating: 0x20, count: indent)
                }
            }
        case .compact:
            if first == false { output.append(UInt8(ascii: ",")) }
        case .singleLine:
            if first == false { append(", ") }
        }
    }

    private func append(_ token: StaticString) {
        output.append(UnsafeBufferPointer(start: token.utf8Start, count: token.utf8CodeUnitCount))
    }

    private func appendText(_ text: String) {
        for byte in text.utf8 { output.append(byte) }
    }

    /// `value` as JSON text in `style`.
    package static func text(_ value: JSONValue, style: Style = .pretty) -> String {
        var writer = JSONWriter(style: style)
        writer.value(value)
        return writer.text
    }

    /// `text` as a JSON string literal: the one quoting function of the package. Quotes, backslashes and
    /// control characters are escaped; everything else, `/` and non-ASCII included, is written as it is.
    package static func quoted(_ text: String) -> String {
        let output = Output(capacity: text.utf8.count + 2)
        appendQuoted(text, to: output)
        return String(decoding: output.written, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendQuoted(_ text: String, to bytes: Output) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            var start = 0
            var stop = firstEscape(in: utf8, from: 0)
            if stop == utf8.count {
                // Nothing to escape, as in nearly every string: the quotes and the text in one copy.
                bytes.append(length: utf8.count + 2) { quoted in
                    quoted.initialize(to: UInt8(ascii: "\""))
                    if let source = utf8.baseAddress { bytes.copy(source, to: quoted + 1, count: utf8.count) }
                    quoted[utf8.count + 1] = UInt8(ascii: "\"")
                }
                return
            }
            // Runs of bytes that need no escape are copied whole.
            bytes.append(UInt8(ascii: "\""))
            while true {
                bytes.append(UnsafeBufferPointer(rebasing: utf8[start..<stop]))
                guard stop < utf8.count else { break }
                appendEscaped(utf8[stop], to: bytes)
                start = stop + 1
                stop = firstEscape(in: utf8, from: start)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        if copied == nil {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                if needsEscape(byte) { appendEscaped(byte, to: bytes) } else { bytes.append(byte) }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// The offset of the first byte from `start` on that needs an escape, or the count when none does;
    /// eight bytes at a time while none of them does.
    private static func firstEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = utf8.baseAddress, utf8.count - index >= 8 {
            let raw = UnsafeRawPointer(base)
            func word(at offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
            while index + 8 <= utf8.count, !needsEscape(word: word(at: index)) { index += 8 }
            // A tail shorter than a word: the last word, overlapping bytes already found clean, covers it.
            if index + 8 > utf8.count, !needsEscape(word: word(at: utf8.count - 8)) { return utf8.count }
        }
        while index < utf8.count, !needsEscape(utf8[index]) { index += 1 }
        return index
    }

    /// Whether any of eight bytes is a control character, a quote or a backslash (the zero-byte tests of
    /// "Bit Twiddling Hacks", exact for the word as a whole).
    private static func needsEscape(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        return (control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs)) != 0
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func appendEscaped(_ byte: UInt8, to bytes: Output) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
        }
    }

    private static func format(_ number: Double) -> String {
        if number == number.rounded(.towardZero), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}

extension JSONValue {
    fileprivate var isNumber: Bool {
        switch self {
        case .integer, .number: return true
        default: return false
        }
    }
}
