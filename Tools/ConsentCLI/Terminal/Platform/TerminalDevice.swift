#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#else
#error("Unsupported platform")
#endif

/// The controlling terminal, `/dev/tty`, opened for reading keys and drawing.
///
/// The form draws here rather than on stdout, which carries only the command's result, and reads here
/// rather than from stdin, which may be a pipe. Closing the device does not restore its modes: that is
/// ``RawMode``'s job.
final class TerminalDevice {
    /// The file descriptor of the open terminal.
    let fd: Int32

    /// Opens the controlling terminal for reading and writing.
    /// - Throws: ``TerminalUnavailable`` when the process has no controlling terminal.
    init(path: String = "/dev/tty") throws {
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw TerminalUnavailable(path: path, reason: String(cString: strerror(errno))) }
        guard isatty(fd) == 1 else {
            close(fd)
            throw TerminalUnavailable(path: path, reason: "not a terminal")
        }
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// Whether a file descriptor is a terminal (`isatty`).
    static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// Whether standard input is a terminal: if not, prompts read answers from it line by line.
    static var standardInputIsTerminal: Bool {
        isTerminal(STDIN_FILENO)
    }

    /// Whether the process can open its controlling terminal, checked without keeping it open.
    static func controllingTerminalIsAvailable() -> Bool {
        (try? TerminalDevice()) != nil
    }

    /// Writes all of `text`, retrying after interruptions and short writes.
    func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { writeBytes(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Waits until one of `fds` can be read, or `timeoutMilliseconds` passes (-1 waits for ever).
    /// - Returns: the descriptors that are readable; empty after a timeout or an interrupting signal.
    static func waitForInput(on fds: [Int32], timeoutMilliseconds: Int32) -> [Int32] {
        var pollFDs = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&pollFDs, nfds_t(pollFDs.count), timeoutMilliseconds)
        guard ready > 0 else { return [] }
        return pollFDs.filter { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }.map(\.fd)
    }

    /// Reads what is available from a descriptor (at most `limit` bytes); empty at end of input.
    static func readAvailable(from fd: Int32, limit: Int = 64) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, limit) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? Array(buffer.prefix(count)) : []
        }
    }

    /// The terminal's size from the kernel (`TIOCGWINSZ`), or `nil` when it does not know.
    func kernelSize() -> TerminalSize? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}

/// `write(2)`, reachable from inside the type whose own `write` shadows it.
private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// The controlling terminal could not be opened: the form cannot be shown, use line mode instead.
struct TerminalUnavailable: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot open the terminal \(path): \(reason)" }
}
