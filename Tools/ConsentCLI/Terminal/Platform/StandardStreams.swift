import ConsentEngine
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Standard output or standard error, written with `write(2)`: a failed write (a full disk, a closed
/// descriptor, a closed pipe with SIGPIPE ignored) is remembered and reported as exit 74, where Foundation's
/// `FileHandle.write` would crash the process.
///
/// After the first failure nothing more is written to that stream, so one failure is one report.
package final class StandardStream: @unchecked Sendable {
    // @unchecked: `failure` is only touched under `lock`.
    package static let output = StandardStream(fd: STDOUT_FILENO, name: "standard output")
    package static let error = StandardStream(fd: STDERR_FILENO, name: "standard error")

    package let fd: Int32
    /// `standard output`, for messages.
    package let name: String
    private let lock = Lock()
    private var failureReason: String?

    private init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    /// Why a write failed (`No space left on device`), or `nil` while every write has succeeded.
    package var failure: String? { lock.withLock { failureReason } }

    /// Writes all of `text`, waiting while a non-blocking descriptor is full; after a failure, nothing.
    package func write(_ text: String) {
        lock.withLock {
            guard failureReason == nil else { return }
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { writeBytes(fd, $0.baseAddress! + offset, $0.count - offset) }
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK:
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                default:
                    failureReason = String(cString: strerror(errno))
                    return
                }
            }
        }
    }

    /// Marks the stream failed before anything is written (its descriptor was closed when the process
    /// started).
    fileprivate func fail(_ reason: String) {
        lock.withLock { failureReason = reason }
    }

    /// Puts `/dev/null` on each of descriptors 0, 1 and 2 that the process started without, so that no
    /// file the command opens (a state file, a lock) can get its number and receive its output; a closed
    /// stdout or stderr still counts as a failed stream. Call it first, before anything is opened.
    package static func occupyClosedDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", O_RDWR)
            if null >= 0 && null != fd {
                _ = dup2(null, fd)
                _ = close(null)
            }
            if fd == STDOUT_FILENO { output.fail(String(cString: strerror(EBADF))) }
            if fd == STDERR_FILENO { error.fail(String(cString: strerror(EBADF))) }
        }
    }
}

/// `write(2)`, reachable from inside the type whose own `write` shadows it.
private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
