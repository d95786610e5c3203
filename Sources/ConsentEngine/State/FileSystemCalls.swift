#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls the state store makes, as replaceable closures: the live set calls the C library,
/// and a test can wrap it to record the order of calls or to make one fail.
///
/// Every file is created 0600 and every directory 0700 with an explicit `fchmod`/`chmod` after creation,
/// so the permissions do not depend on the process umask.
struct FileSystemCalls: Sendable {
    /// How a file is opened; every mode sets close-on-exec so that spawned processes do not inherit locks.
    enum OpenMode: Sendable, Equatable {
        /// Read only; fails with `ENOENT` when the file is missing.
        case read
        /// Write only, created 0600 or truncated.
        case createOrTruncate
        /// Read and append, created 0600 when missing.
        case createOrAppend
        /// Read and write without truncating, created 0600 when missing (a lock file).
        case createForLocking
        /// A directory, opened to `fsync` its entries.
        case directory
    }

    /// What a path or descriptor refers to.
    struct FileStatus: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case regularFile, directory, other }
        var kind: Kind
        var size: Int
    }

    var open: @Sendable (_ path: String, _ mode: OpenMode) throws(SystemCallError) -> Int32
    var close: @Sendable (_ descriptor: Int32) -> Void
    /// `fstat`.
    var status: @Sendable (_ descriptor: Int32) throws(SystemCallError) -> FileStatus
    /// `stat`, following symbolic links; `nil` when nothing is there.
    var pathStatus: @Sendable (_ path: String) throws(SystemCallError) -> FileStatus?
    /// `pread` until `count` bytes or the end of the file.
    var read: @Sendable (_ descriptor: Int32, _ offset: Int, _ count: Int) throws(SystemCallError) -> [UInt8]
    /// `write` until every byte is written.
    var write: @Sendable (_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemCallError) -> Void
    var fsync: @Sendable (_ descriptor: Int32) throws(SystemCallError) -> Void
    var rename: @Sendable (_ from: String, _ to: String) throws(SystemCallError) -> Void
    var remove: @Sendable (_ path: String) -> Void
    /// `mkdir` then `chmod` to 0700.
    var makeDirectory: @Sendable (_ path: String) throws(SystemCallError) -> Void
    /// `flock(LOCK_EX)`, waiting for other holders.
    var lock: @Sendable (_ descriptor: Int32) throws(SystemCallError) -> Void
    /// `flock(LOCK_UN)`.
    var unlock: @Sendable (_ descriptor: Int32) -> Void
}

/// A failed system call: which call, on which path, and the `errno` it set.
struct SystemCallError: Error, Sendable, Equatable {
    var call: String
    var path: String
    var code: Int32

    /// The C library's description of `code` (`No such file or directory`).
    var reason: String { String(cString: strerror(code)) }

    /// `ENOENT`: nothing at the path.
    var isMissingFile: Bool { code == ENOENT }

    /// `ENOTDIR`: a part of the path is not a directory.
    var isNotADirectory: Bool { code == ENOTDIR }

    /// `EEXIST`: something is already at the path.
    var isAlreadyExisting: Bool { code == EEXIST }

    /// The error `call` would give for a path that is not a directory where one is needed.
    static func notADirectory(_ call: String, _ path: String) -> SystemCallError {
        SystemCallError(call: call, path: path, code: ENOTDIR)
    }
}

extension FileSystemCalls {
    /// The calls of the running system.
    static let live = FileSystemCalls(
        open: LiveSystem.openFile, close: LiveSystem.closeFile, status: LiveSystem.status,
        pathStatus: LiveSystem.pathStatus, read: LiveSystem.readFile, write: LiveSystem.writeFile,
        fsync: LiveSystem.sync, rename: LiveSystem.renameFile, remove: LiveSystem.removeFile,
        makeDirectory: LiveSystem.makeDirectory, lock: LiveSystem.lock, unlock: LiveSystem.unlock
    )
}

/// The C library behind ``FileSystemCalls/live``; its names differ from the closures' so that the C
/// functions are found unqualified.
private enum LiveSystem {
    static func openFile(_ path: String, _ mode: FileSystemCalls.OpenMode) throws(SystemCallError) -> Int32 {
        let flags: Int32
        switch mode {
        case .read: flags = O_RDONLY
        case .createOrTruncate: flags = O_WRONLY | O_CREAT | O_TRUNC
        case .createOrAppend: flags = O_RDWR | O_APPEND | O_CREAT
        case .createForLocking: flags = O_RDWR | O_CREAT
        case .directory: flags = O_RDONLY | O_DIRECTORY
        }
        let descriptor = try retryingOnInterrupt("open", path) { open(path, flags | O_CLOEXEC, 0o600) }
        if flags & O_CREAT != 0, fchmod(descriptor, 0o600) != 0 {
            let code = errno
            closeFile(descriptor)
            throw SystemCallError(call: "fchmod", path: path, code: code)
        }
        return descriptor
    }

    static func closeFile(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    static func status(_ descriptor: Int32) throws(SystemCallError) -> FileSystemCalls.FileStatus {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw SystemCallError(call: "fstat", path: "fd \(descriptor)", code: errno)
        }
        return FileSystemCalls.FileStatus(info)
    }

    static func pathStatus(_ path: String) throws(SystemCallError) -> FileSystemCalls.FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw SystemCallError(call: "stat", path: path, code: errno)
        }
        return FileSystemCalls.FileStatus(info)
    }

    static func readFile(_ descriptor: Int32, _ offset: Int, _ count: Int) throws(SystemCallError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = try retryingOnInterrupt("pread", "fd \(descriptor)") {
                bytes.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
                }
            }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    static func writeFile(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemCallError) {
        var written = 0
        while written < bytes.count {
            written += try retryingOnInterrupt("write", "fd \(descriptor)") {
                bytes.withUnsafeBytes { buffer in
                    write(descriptor, buffer.baseAddress! + written, bytes.count - written)
                }
            }
        }
    }

    static func sync(_ descriptor: Int32) throws(SystemCallError) {
        _ = try retryingOnInterrupt("fsync", "fd \(descriptor)") { fsync(descriptor) }
    }

    static func renameFile(_ from: String, _ to: String) throws(SystemCallError) {
        guard rename(from, to) == 0 else { throw SystemCallError(call: "rename", path: to, code: errno) }
    }

    static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    static func makeDirectory(_ path: String) throws(SystemCallError) {
        guard mkdir(path, 0o700) == 0 else { throw SystemCallError(call: "mkdir", path: path, code: errno) }
        guard chmod(path, 0o700) == 0 else { throw SystemCallError(call: "chmod", path: path, code: errno) }
    }

    static func lock(_ descriptor: Int32) throws(SystemCallError) {
        _ = try retryingOnInterrupt("flock", "fd \(descriptor)") { flock(descriptor, LOCK_EX) }
    }

    static func unlock(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
    }
}

/// Runs a call that returns -1 and sets `errno` on failure, again while it was interrupted by a signal.
private func retryingOnInterrupt<Result: BinaryInteger>(
    _ call: String, _ path: String, _ body: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        if errno != EINTR { throw SystemCallError(call: call, path: path, code: errno) }
    }
}

private extension FileSystemCalls.FileStatus {
    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        size = Int(info.st_size)
    }
}
