#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FileConsentStore {
    /// The folder ``FileConsentStore/init(appID:clock:)`` keeps the apps' folders in: the app's own
    /// Application Support folder, then `ConsentEngine` (README, "On iOS and macOS: ConsentEngineApple").
    ///
    /// On iOS that is inside the app's container (backed up with it, deleted with the app); a sandboxed Mac
    /// app gets its container's, another Mac app `~/Library/Application Support`. On Linux the same lookup
    /// gives `$XDG_DATA_HOME`, else `~/.local/share`. The search path API, which iOS 15 has;
    /// `URL.applicationSupportDirectory` needs iOS 16.
    /// - Throws: ``StoreError/Kind/cannotCreateDirectory`` when the system names no such folder.
    package static func applicationSupportStateDirectory() throws(StoreError) -> String {
        let folders = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
        guard let folder = folders.first else {
            throw StoreError(
                kind: .cannotCreateDirectory, path: "Application Support",
                message: "the system names no Application Support folder for this user; give the store a state directory")
        }
        return StateDirectory.join(folder.path, "ConsentEngine")
    }
}

/// Paths of the state directory, and creating it.
package enum StateDirectory {
    /// `directory/name`, without doubling a trailing slash.
    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The folder that holds `path`: `.` for a bare name, `/` for a name at the root.
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Creates `path` and any missing parents, and makes each new entry durable by syncing its parent.
    ///
    /// Only the engine's own folders, `engineRoot` (the state directory: `<Application Support>/ConsentEngine`
    /// by default) and those below it, are made 0700 with data protection class C. A missing folder above it
    /// (`Library/Application Support` in a new app container) is made as the system makes one, with the
    /// umask's mode and the app's own default protection, and left so: the app's other files go there too.
    /// Directories that already exist keep their permissions: they may be shared (`~/.local`).
    static func create(_ path: String, engineRoot: String, calls: FileSystemCalls) throws(SystemCallError) {
        if let status = try calls.pathStatus(path) {
            guard status.kind == .directory else { throw .notADirectory("mkdir", path) }
            return
        }
        let parent = parent(of: path)
        if parent != path { try create(parent, engineRoot: engineRoot, calls: calls) }
        do {
            try calls.makeDirectory(path, isWithin(path, engineRoot) ? .engines : .parent)
        } catch let error where error.isAlreadyExisting {
            // Another process created it first; fine if it is a directory.
            guard try calls.pathStatus(path)?.kind == .directory else { throw error }
            return
        }
        try syncEntries(of: parent, calls: calls)
    }

    /// Whether `path` is `root` or a folder below it (trailing slashes aside).
    static func isWithin(_ path: String, _ root: String) -> Bool {
        func trimmed(_ text: String) -> Substring {
            var text = Substring(text)
            while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
            return text
        }
        let path = trimmed(path), root = trimmed(root)
        return path == root || path.hasPrefix(root == "/" ? root : root + "/")
    }

    /// Checks the app's folder before any file in it is opened, and returns a warning when it had to be
    /// tightened: a symbolic link in its place is refused (`ELOOP`) and left alone, and a folder that group
    /// or others may enter, read or write is set to 0700, through the open folder so that nothing can be
    /// swapped in between. A missing folder, or a file in its place, is left to the caller.
    static func secureAppFolder(_ path: String, calls: FileSystemCalls) throws(SystemCallError) -> ConsentWarning? {
        let descriptor: Int32
        do {
            descriptor = try calls.open(path, .appFolder)
        } catch let error where error.isMissingFile || error.isNotADirectory {
            // Some systems report a link opened with O_DIRECTORY | O_NOFOLLOW as "not a directory".
            if try calls.entryStatus(path)?.kind == .symbolicLink {
                throw .symbolicLink("open", path)
            }
            return nil
        }
        defer { calls.close(descriptor) }
        let permissions = try calls.status(descriptor).permissions
        guard permissions & 0o077 != 0 else { return nil }
        do {
            try calls.changePermissions(descriptor, 0o700)
        } catch {
            throw error.at(path)
        }
        let octal = String(permissions, radix: 8)
        return ConsentWarning(.appFolderTightened, "the app folder \(path) was open to other users "
            + "(\(String(repeating: "0", count: max(4 - octal.count, 0)) + octal)); its permissions were tightened to 0700")
    }

    /// Makes the directory's entries (a rename, a new file) durable.
    static func syncEntries(of directory: String, calls: FileSystemCalls) throws(SystemCallError) {
        let descriptor = try calls.open(directory, .directory)
        defer { calls.close(descriptor) }
        do {
            try calls.fsync(descriptor)
        } catch {
            throw error.at(directory)
        }
    }
}
