#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One prompt's stay on the terminal: raw mode, the alternate screen and the signal handlers, from
/// ``init(color:environment:)`` to ``close()``, with a drawing and key loop in between.
final class TerminalSession {
    /// Switches to the alternate screen (the shell's screen comes back untouched) and hides the cursor.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l"
    /// Resets attributes, shows the cursor and leaves the alternate screen.
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    private let device: TerminalDevice
    private let rawMode: RawMode
    private let resizeFD: Int32
    private let color: Bool
    /// Where `COLUMNS` and `LINES` may size the screen (``TerminalSize``).
    private let environment: [String: String]
    private var isClosed = false

    /// Opens the controlling terminal and takes it over.
    /// - Throws: ``TerminalUnavailable`` when there is no terminal or it refuses raw mode.
    init(color: Bool, environment: [String: String]) throws {
        device = try TerminalDevice()
        guard let rawMode = RawMode(fd: device.fd) else {
            throw TerminalUnavailable(path: "/dev/tty", reason: "cannot switch it to raw mode")
        }
        self.rawMode = rawMode
        self.color = color
        self.environment = environment
        resizeFD = TerminalSignals.install(fd: device.fd, original: rawMode.original, leaveSequence: Self.leaveSequence)
        device.write(Self.enterSequence)
    }

    deinit {
        close()
    }

    /// Gives the terminal back exactly as it was found.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        device.write(Self.leaveSequence)
        rawMode.restore()
        TerminalSignals.uninstall()
    }

    /// Shows a screen until it is answered or left.
    /// - Returns: the answer, or `nil` when the screen was left (q, Esc, or the terminal went away).
    /// - Throws: ``TerminalInterrupt/interrupted`` on Ctrl-C.
    func run<Screen: InteractiveScreen>(_ screen: Screen) throws -> Screen.Answer? {
        var screen = screen
        var reader = KeyReader(source: TerminalByteSource(fd: device.fd, resizeFD: resizeFD))
        while true {
            let size = TerminalSize.resolve(kernel: device.kernelSize(), environment: environment)
            let output = ScreenRenderer.render(screen.content, focus: screen.focus, size: size, color: color)
            draw(output.lines)
            switch reader.next() {
            case .resize:
                continue
            case .closed:
                return nil
            case .key(.interrupt):
                throw TerminalInterrupt.interrupted
            case .key(let key):
                switch screen.handle(key, pages: output.pages) {
                case .stay: continue
                case .answered(let answer): return answer
                case .dismissed: return nil
                }
            }
        }
    }

    /// Draws a whole screen in one write, each line cleared to its end, so nothing flickers or lingers.
    private func draw(_ lines: [String]) {
        let clearLine = "\u{1B}[K"
        device.write("\u{1B}[H" + lines.joined(separator: clearLine + "\r\n") + clearLine + "\u{1B}[J")
    }
}

/// Bytes from the terminal, and resize notices from the signal handler's pipe.
private struct TerminalByteSource: ByteSource {
    let fd: Int32
    let resizeFD: Int32

    func nextInput(timeoutMilliseconds: Int32) -> ByteInput {
        let ready = TerminalDevice.waitForInput(on: [fd, resizeFD], timeoutMilliseconds: timeoutMilliseconds)
        if ready.isEmpty { return .timeout }
        if ready.contains(resizeFD) {
            TerminalSignals.drainResizeNotifications(resizeFD)
            return .resize
        }
        let bytes = TerminalDevice.readAvailable(from: fd)
        return bytes.isEmpty ? .closed : .bytes(bytes)
    }
}
