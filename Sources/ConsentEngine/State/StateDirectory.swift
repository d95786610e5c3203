import Foundation

extension FileConsentStore {
    /// The state directory to use: `explicit` when given, else `$CONSENTCTL_STATE_DIR`, else
    /// `$XDG_STATE_HOME/consentctl`, else `~/.local/state/consentctl`.
    ///
    /// Empty variables count as unset, and a relative `XDG_STATE_HOME` is ignored, as the XDG Base
    /// Directory specification asks. `~` is `$HOME`, or the account's home directory when `HOME` is unset.
    /// - Parameters:
    ///   - explicit: a directory the user chose (`--state-dir`), used as given.
    ///   - environment: the process environment; pass a dictionary in tests.
    package static func stateDirectory(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        if let explicit, !explicit.isEmpty { return explicit }
        if let directory = value("CONSENTCTL_STATE_DIR") { return directory }
        if let stateHome = value("XDG_STATE_HOME"), stateHome.hasPrefix("/") {
            return StateDirectory.join(stateHome, "consentctl")
        }
        let home = value("HOME") ?? NSHomeDirectory()
        return StateDirectory.join(home, ".local/state/consentctl")
    }
}

/// Paths of the state directory, and creating it.
enum StateDirectory {
    /// `directory/name`, without doubling a trailing slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The folder that holds `path`: `.` for a bare name, `/` for a name at the root.
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// Creates `path` and any missing parents, each 0700, and makes each new entry durable by syncing its
    /// parent. Directories that already exist keep their permissions: they may be shared (`~/.local`).
    static func create(_ path: String, calls: FileSystemCalls) throws(SystemCallError) {
        if let status = try calls.pathStatus(path) {
            guard status.kind == .directory else { throw .notADirectory("mkdir", path) }
            return
        }
        let parent = parent(of: path)
        if parent != path { try create(parent, calls: calls) }
        do {
            try calls.makeDirectory(path)
        } catch let error where error.isAlreadyExisting {
            // Another process created it first; fine if it is a directory.
            guard try calls.pathStatus(path)?.kind == .directory else { throw error }
            return
        }
        try syncEntries(of: parent, calls: calls)
    }

    /// Makes the directory's entries (a rename, a new file) durable.
    static func syncEntries(of directory: String, calls: FileSystemCalls) throws(SystemCallError) {
        let descriptor = try calls.open(directory, .directory)
        defer { calls.close(descriptor) }
        try calls.fsync(descriptor)
    }
}
