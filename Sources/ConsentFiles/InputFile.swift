#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one reader of the files a command takes as input: policies and vendor lists, property lists,
/// xcconfigs and what they include, the files the audit searches, preferences, the certified CMP list and
/// fixtures (README, "Limits"). The state folder is not read here: it keeps its own stricter rule
/// (`FileSystemCalls`), since these are files a user named, and a link among them is followed.
///
/// Nothing it is given can hold the command: the file is opened without blocking, and
/// - a regular file is read up to its kind's bound (``InputFileKind/maximumBytes``);
/// - a pipe or FIFO is read to its end within ``pipeSeconds`` (`--policy <(…)` works); one with no writer
///   reads as empty, as does `/dev/null`;
/// - a socket or any other device is refused at once, without reading, as is a directory.
package enum InputFile {
    /// How long a pipe may take to reach its end. A program writing a document to a pipe (`<(cat …)`, a
    /// download) is done in far less; one that is still silent after this long is taken to be stuck.
    package static let pipeSeconds = 10

    /// The bytes of the file at `path`, a file of `kind`; `name` names it in messages when its kind's
    /// name would not (`Info.plist`, `base policy`). `pipeSeconds` is for tests that cannot wait the
    /// real bound.
    package static func read(_ path: String, kind: InputFileKind, named name: String? = nil,
                             pipeSeconds: Int = pipeSeconds) throws(InputFileError) -> [UInt8] {
        func failure(_ problem: InputFileError.Problem) -> InputFileError {
            InputFileError(problem, path: path, kind: kind, name: name)
        }
        // A device is refused before it is opened: opening one can itself do something (a terminal would
        // become the controlling one, a tape would rewind).
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(openFailure(errno)) }
        if case .refused(let problem) = FileType(status) { throw failure(problem) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw failure(openFailure(errno)) }
        defer { close(descriptor) }
        // What was opened decides, not what the path named a moment before.
        guard fstat(descriptor, &status) == 0 else { throw failure(.unreadable(reason: reason(errno))) }
        do throws(InputFileError.Problem) {
            switch FileType(status) {
            case .regular:
                return try readToEnd(descriptor, bound: kind.maximumBytes, expected: Int(status.st_size), deadline: nil)
            case .pipe:
                let deadline = Monotonic.nanoseconds() + UInt64(pipeSeconds) * 1_000_000_000
                return try readToEnd(descriptor, bound: kind.maximumBytes, expected: 0, deadline: (deadline, pipeSeconds))
            case .null:
                return []
            case .refused(let problem):
                throw problem
            }
        } catch {
            throw failure(error)
        }
    }

    /// What a file is, for the reader.
    private enum FileType {
        case regular
        /// A pipe or FIFO: read until its writer closes it.
        case pipe
        /// `/dev/null`, under whatever name: empty.
        case null
        case refused(InputFileError.Problem)

        init(_ status: stat) {
            switch status.st_mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFIFO: self = .pipe
            case S_IFDIR: self = .refused(.directory)
            case S_IFSOCK: self = .refused(.notRegularFile(type: "a socket"))
            case S_IFCHR where status.st_rdev == Self.nullDevice: self = .null
            case S_IFCHR: self = .refused(.notRegularFile(type: "a character device"))
            case S_IFBLK: self = .refused(.notRegularFile(type: "a block device"))
            default: self = .refused(.notRegularFile(type: "a special file"))
            }
        }

        /// The device number of `/dev/null`, told by number so that `/dev/fd/N` or a link to it counts.
        private static let nullDevice: dev_t? = {
            var status = stat()
            return stat("/dev/null", &status) == 0 ? status.st_rdev : nil
        }()
    }

    /// Reads until the end of the file or past `bound`. A pipe whose writer has not written yet is waited
    /// for with `poll`, never past `deadline` (monotonic nanoseconds, and the bound in seconds for the
    /// message).
    private static func readToEnd(_ descriptor: Int32, bound: Int, expected: Int,
                                  deadline: (nanoseconds: UInt64, seconds: Int)?) throws(InputFileError.Problem) -> [UInt8] {
        guard expected <= bound else { throw .tooLarge(bound: bound) }
        var bytes: [UInt8] = []
        // One byte more than a regular file's size, so its end is seen without growing the array.
        bytes.reserveCapacity(expected + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[..<count]
                guard bytes.count <= bound else { throw .tooLarge(bound: bound) }
                continue
            }
            if count == 0 { return bytes }
            let error = errno
            if error == EINTR { continue }
            guard error == EAGAIN || error == EWOULDBLOCK, let deadline else {
                throw .unreadable(reason: reason(error))
            }
            try waitForInput(descriptor, until: deadline)
        }
    }

    /// Waits until the pipe has bytes or is closed, or the deadline passes.
    private static func waitForInput(_ descriptor: Int32, until deadline: (nanoseconds: UInt64, seconds: Int))
        throws(InputFileError.Problem) {
        while true {
            let now = Monotonic.nanoseconds()
            guard now < deadline.nanoseconds else { throw .pipeDidNotEnd(seconds: deadline.seconds) }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: (deadline.nanoseconds - now + 999_999) / 1_000_000)
            let ready = poll(&request, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .unreadable(reason: reason(errno)) }
        }
    }

    private static func openFailure(_ error: Int32) -> InputFileError.Problem {
        switch error {
        case ENOENT, ENOTDIR: .missing
        case EISDIR: .directory
        // What open(2) says of a socket.
        case ENXIO: .notRegularFile(type: "a socket")
        default: .unreadable(reason: reason(error))
        }
    }

    /// The system's words for `error`, in lower case ("permission denied").
    private static func reason(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// The monotonic clock, for the pipe's time bound: wall-clock time can jump.
private enum Monotonic {
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

// `read` is also the name of this enum's method, so the system call is reached by its module.
#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
