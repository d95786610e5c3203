#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
// URLResourceValues: the one call of the store that the C library does not offer (excludeFromBackup).
import Foundation
#endif

/// The system calls the state store makes, as replaceable closures: the live set calls the C library,
/// and a test can wrap it to record the order of calls or to make one fail.
///
/// Every file is created 0600 and every directory 0700 with an explicit `fchmod`/`chmod` after creation,
/// so the permissions do not depend on the process umask.
///
/// This is the one seam through which the store opens files, and every file it opens is in the app's
/// folder: each file mode opens with `O_NOFOLLOW` (a symbolic link is refused with `ELOOP`, never followed
/// and never touched) and `O_NONBLOCK` (a FIFO or device cannot make the open wait), and anything that is
/// not a regular file is refused before a byte is read or written (``SystemCallError/isRefusedFileKind``).
/// A file added to the folder later gets the same treatment by opening it here.
package struct FileSystemCalls: Sendable {
    /// How a file is opened; every mode sets close-on-exec so that spawned processes do not inherit locks.
    package enum OpenMode: Sendable, Equatable {
        /// Read only; fails with `ENOENT` when the file is missing.
        case read
        /// Write only, created 0600 or truncated (only once it is known to be a regular file).
        case createOrTruncate
        /// Read and append, created 0600 when missing.
        case createOrAppend
        /// Read and write without truncating, created 0600 when missing (a lock file).
        case createForLocking
        /// A directory, opened to `fsync` its entries; a link to a directory is followed (a state dir may
        /// be reached through one).
        case directory
        /// The app's own folder, opened to check and tighten its permissions: never through a link.
        case appFolder
    }

    /// Whose a folder the store creates is.
    package enum NewDirectory: Sendable, Equatable {
        /// The engine's own: the state directory (`<Application Support>/ConsentEngine`) and what is in it.
        case engines
        /// A missing folder above the state directory (`Application Support` in a new container): the app's.
        case parent
    }

    /// What a path or descriptor refers to.
    package struct FileStatus: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case regularFile, directory, symbolicLink
            /// A FIFO, a socket or a device.
            case special
        }
        package var kind: Kind
        package var size: Int
        /// The permission bits (`0o700`).
        package var permissions: Int = 0o600
        /// Which file this is and how it stood: `nil` from a test's calls that do not say.
        package var identity: FileIdentity? = nil
    }

    /// What tells one state of a file from another without reading it (ARCHITECTURE.md, "Rules of dependency"): the device and inode
    /// (a rename puts a new file in the name's place), the size, and the time it was last modified, to the
    /// nanosecond where the file system keeps it. (Not the time its entry changed: the rename that puts a
    /// written file in place changes that.)
    package struct FileIdentity: Sendable, Equatable {
        package var device: UInt64
        package var inode: UInt64
        package var size: Int
        package var modified: Timestamp

        /// Seconds and nanoseconds since 1970.
        package struct Timestamp: Sendable, Equatable {
            package var seconds: Int
            package var nanoseconds: Int
        }
    }

    package var open: @Sendable (_ path: String, _ mode: OpenMode) throws(SystemCallError) -> Int32
    package var close: @Sendable (_ descriptor: Int32) -> Void
    /// `fstat`.
    package var status: @Sendable (_ descriptor: Int32) throws(SystemCallError) -> FileStatus
    /// `stat`, following symbolic links; `nil` when nothing is there.
    package var pathStatus: @Sendable (_ path: String) throws(SystemCallError) -> FileStatus?
    /// `lstat`: the entry itself, a symbolic link included; `nil` when nothing is there (nor can be, under a
    /// file).
    package var entryStatus: @Sendable (_ path: String) throws(SystemCallError) -> FileStatus?
    /// `fchmod`.
    package var changePermissions: @Sendable (_ descriptor: Int32, _ permissions: Int) throws(SystemCallError) -> Void
    /// `pread` until `count` bytes or the end of the file.
    package var read: @Sendable (_ descriptor: Int32, _ offset: Int, _ count: Int) throws(SystemCallError) -> [UInt8]
    /// `write` until every byte is written.
    package var write: @Sendable (_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemCallError) -> Void
    package var fsync: @Sendable (_ descriptor: Int32) throws(SystemCallError) -> Void
    package var rename: @Sendable (_ from: String, _ to: String) throws(SystemCallError) -> Void
    package var remove: @Sendable (_ path: String) -> Void
    /// `mkdir`: for the engine's own folders then `chmod` to 0700 and data protection class C; for a folder
    /// above them, as the system makes one (mode 0777 less the umask, the default protection) and nothing more.
    package var makeDirectory: @Sendable (_ path: String, _ kind: NewDirectory) throws(SystemCallError) -> Void
    /// `flock(LOCK_EX)`, waiting for other holders.
    package var lock: @Sendable (_ descriptor: Int32) throws(SystemCallError) -> Void
    /// `flock(LOCK_UN)`.
    package var unlock: @Sendable (_ descriptor: Int32) -> Void
    /// The names in a directory (`opendir`, `readdir`), without `.` and `..`, in no particular order.
    package var listDirectory: @Sendable (_ path: String) throws(SystemCallError) -> [String]
    /// `flock(LOCK_SH)`, waiting for a writer: for readers that must see a write whole (`log --verify`).
    package var lockShared: @Sendable (_ descriptor: Int32) throws(SystemCallError) -> Void
    /// Marks a file as one no backup of the app's data holds (on Apple platforms the `isExcludedFromBackup`
    /// resource value, `NSURLIsExcludedFromBackupKey`); nothing on Linux, where no system backup reads it.
    package var excludeFromBackup: @Sendable (_ path: String) throws(SystemCallError) -> Void
}

/// A failed system call: which call, on which path, and the `errno` it set.
package struct SystemCallError: Error, Sendable, Equatable {
    package var call: String
    package var path: String
    package var code: Int32
    /// What is wrong when it is not `errno`'s story (a FIFO where a file belongs).
    package var detail: String? = nil

    /// `detail`, else the C library's description of `code` (`No such file or directory`).
    package var reason: String { detail ?? String(cString: strerror(code)) }

    /// A symbolic link was met where the store opens a file (`O_NOFOLLOW`'s `ELOOP`), or a directory, FIFO,
    /// socket or device: the store refuses it and leaves it as it is.
    package var isRefusedFileKind: Bool { code == ELOOP || detail != nil }

    /// The same error told about `path` when it only knew a descriptor (`fd 5`), so that a message names
    /// the file at fault.
    package func at(_ path: String) -> SystemCallError {
        guard self.path.hasPrefix("fd ") else { return self }
        var error = self
        error.path = path
        return error
    }

    /// `ENOENT`: nothing at the path.
    package var isMissingFile: Bool { code == ENOENT }

    /// `ENOTDIR`: a part of the path is not a directory.
    package var isNotADirectory: Bool { code == ENOTDIR }

    /// `EEXIST`: something is already at the path.
    package var isAlreadyExisting: Bool { code == EEXIST }

    /// The store's refusal of something that is not a regular file where it keeps one.
    package static func refused(_ kind: FileSystemCalls.FileStatus.Kind, _ call: String, _ path: String) -> SystemCallError {
        switch kind {
        case .symbolicLink: return symbolicLink(call, path)
        case .directory: return SystemCallError(call: call, path: path, code: EISDIR, detail: "is a directory, not a regular file")
        case .special, .regularFile:
            return SystemCallError(call: call, path: path, code: EINVAL, detail: "is a FIFO, socket or device, not a regular file")
        }
    }

    /// The error `O_NOFOLLOW` gives for a symbolic link.
    package static func symbolicLink(_ call: String, _ path: String) -> SystemCallError {
        SystemCallError(call: call, path: path, code: ELOOP)
    }

    /// The error `call` would give for a path that is not a directory where one is needed.
    package static func notADirectory(_ call: String, _ path: String) -> SystemCallError {
        SystemCallError(call: call, path: path, code: ENOTDIR)
    }
}

extension FileSystemCalls {
    /// The calls of the running system.
    package static let live = FileSystemCalls(
        open: LiveSystem.openFile, close: LiveSystem.closeFile, status: LiveSystem.status,
        pathStatus: LiveSystem.pathStatus, entryStatus: LiveSystem.entryStatus,
        changePermissions: LiveSystem.changePermissions, read: LiveSystem.readFile, write: LiveSystem.writeFile,
        fsync: LiveSystem.sync, rename: LiveSystem.renameFile, remove: LiveSystem.removeFile,
        makeDirectory: LiveSystem.makeDirectory, lock: LiveSystem.lock, unlock: LiveSystem.unlock,
        listDirectory: LiveSystem.listDirectory,
        lockShared: LiveSystem.lockShared, excludeFromBackup: LiveSystem.excludeFromBackup
    )
}

/// The C library behind ``FileSystemCalls/live``; its names differ from the closures' so that the C
/// functions are found unqualified.
private enum LiveSystem {
    static func openFile(_ path: String, _ mode: FileSystemCalls.OpenMode) throws(SystemCallError) -> Int32 {
        // Files never follow a link and never wait on a FIFO or device; a file is truncated only once it
        // is known to be a regular one.
        let file = O_NOFOLLOW | O_NONBLOCK
        let flags: Int32
        switch mode {
        case .read: flags = O_RDONLY | file
        case .createOrTruncate: flags = O_WRONLY | O_CREAT | file
        case .createOrAppend: flags = O_RDWR | O_APPEND | O_CREAT | file
        case .createForLocking: flags = O_RDWR | O_CREAT | file
        case .directory: flags = O_RDONLY | O_DIRECTORY
        case .appFolder: flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW
        }
        let descriptor: Int32
        do {
            descriptor = try retryingOnInterrupt("open", path) { open(path, flags | O_CLOEXEC, 0o600) }
        } catch let error where error.code == ENXIO && flags & O_NONBLOCK != 0 {
            // A FIFO opened for writing with no reader: refused like any special file, without waiting.
            throw .refused(.special, "open", path)
        }
        guard flags & O_NONBLOCK != 0 else { return descriptor }
        do throws(SystemCallError) {
            let kind = try status(descriptor).kind
            guard kind == .regularFile else { throw SystemCallError.refused(kind, "open", path) }
            _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK & ~O_CREAT)
            if mode == .createOrTruncate, ftruncate(descriptor, 0) != 0 {
                throw SystemCallError(call: "ftruncate", path: path, code: errno)
            }
            if flags & O_CREAT != 0, fchmod(descriptor, 0o600) != 0 {
                throw SystemCallError(call: "fchmod", path: path, code: errno)
            }
            if flags & O_CREAT != 0 { try protectUntilFirstUnlock(descriptor) }
        } catch {
            closeFile(descriptor)
            throw error.at(path)
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

    static func entryStatus(_ path: String) throws(SystemCallError) -> FileSystemCalls.FileStatus? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SystemCallError(call: "lstat", path: path, code: errno)
        }
        return FileSystemCalls.FileStatus(info)
    }

    static func changePermissions(_ descriptor: Int32, _ permissions: Int) throws(SystemCallError) {
        guard fchmod(descriptor, mode_t(permissions)) == 0 else {
            throw SystemCallError(call: "fchmod", path: "fd \(descriptor)", code: errno)
        }
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
        #if canImport(Darwin)
        // On Apple file systems fsync only hands the data to the drive, which may write it late or out of
        // order; F_FULLFSYNC asks the drive to flush. A file system that does not support it refuses it,
        // and then fsync is the best there is.
        if fcntl(descriptor, F_FULLFSYNC) != -1 { return }
        #endif
        _ = try retryingOnInterrupt("fsync", "fd \(descriptor)") { fsync(descriptor) }
    }

    static func renameFile(_ from: String, _ to: String) throws(SystemCallError) {
        guard rename(from, to) == 0 else { throw SystemCallError(call: "rename", path: to, code: errno) }
    }

    static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    static func makeDirectory(_ path: String, _ kind: FileSystemCalls.NewDirectory) throws(SystemCallError) {
        guard kind == .engines else {
            // As FileManager makes a folder: the umask decides the mode, the app's entitlement the protection.
            guard mkdir(path, 0o777) == 0 else { throw SystemCallError(call: "mkdir", path: path, code: errno) }
            return
        }
        guard mkdir(path, 0o700) == 0 else { throw SystemCallError(call: "mkdir", path: path, code: errno) }
        guard chmod(path, 0o700) == 0 else { throw SystemCallError(call: "chmod", path: path, code: errno) }
        #if canImport(Darwin)
        // The folder's class is the one files created in it later get by default.
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemCallError(call: "open", path: path, code: errno) }
        defer { closeFile(descriptor) }
        do {
            try protectUntilFirstUnlock(descriptor)
        } catch {
            throw error.at(path)
        }
        #endif
    }

    /// Gives a file or folder data protection class C, "complete until first user authentication"
    /// (README, "On iOS and macOS: ConsentEngineApple"): an app launched in the background after the device's first unlock can still read its answers,
    /// even where the app's default class is "complete". Only Apple's systems have data protection; a file
    /// system without it (a Mac's, an external disk's) refuses the call, which is no error.
    static func protectUntilFirstUnlock(_ descriptor: Int32) throws(SystemCallError) {
        #if canImport(Darwin)
        // F_SETPROTECTIONCLASS (<sys/fcntl.h>) and PROTECTION_CLASS_C, whose values Apple's headers fix at 64
        // and 3; the class constants are not in the public SDK.
        let setProtectionClass: Int32 = 64, classC: Int32 = 3
        guard fcntl(descriptor, setProtectionClass, classC) == -1 else { return }
        let code = errno
        guard code != ENOTSUP, code != EINVAL, code != ENOTTY else { return }
        throw SystemCallError(call: "fcntl(F_SETPROTECTIONCLASS)", path: "fd \(descriptor)", code: code)
        #endif
    }

    static func lock(_ descriptor: Int32) throws(SystemCallError) {
        _ = try retryingOnInterrupt("flock", "fd \(descriptor)") { flock(descriptor, LOCK_EX) }
    }

    static func unlock(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
    }

    static func listDirectory(_ path: String) throws(SystemCallError) -> [String] {
        // DIR is opaque on Linux and a struct on Darwin: the pointer's type differs, the calls do not.
        guard let directory = opendir(path) else { throw SystemCallError(call: "opendir", path: path, code: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw SystemCallError(call: "readdir", path: path, code: errno) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    static func lockShared(_ descriptor: Int32) throws(SystemCallError) {
        _ = try retryingOnInterrupt("flock", "fd \(descriptor)") { flock(descriptor, LOCK_SH) }
    }

    /// Keeps a file out of every backup of the app's data, so that it never comes back on another device
    /// (`docs/restore.md`). Apple's documentation asks for the value to be set again each time the file is
    /// saved, since some operations reset it: the store sets it on every new marker, on the temporary file
    /// before the rename puts it in place (a rename keeps the file, and its attributes, as they are).
    static func excludeFromBackup(_ path: String) throws(SystemCallError) {
        #if canImport(Darwin)
        var url = URL(fileURLWithPath: path)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        do {
            try url.setResourceValues(values)
        } catch {
            // The system's own errno where the error carries one; a volume that keeps no such attribute keeps
            // no backup of it either.
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            let code = underlying?.domain == NSPOSIXErrorDomain ? Int32(truncatingIfNeeded: underlying?.code ?? 0) : EIO
            guard code != ENOTSUP else { return }
            throw SystemCallError(call: "setResourceValues(isExcludedFromBackup)", path: path, code: code == 0 ? EIO : code)
        }
        #endif
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
        case S_IFLNK: kind = .symbolicLink
        default: kind = .special
        }
        size = Int(info.st_size)
        permissions = Int(info.st_mode & 0o7777)
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        identity = FileSystemCalls.FileIdentity(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino), size: size,
            modified: .init(seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec)))
    }
}
