/// An exclusive `flock` on a lock file, held for a whole read-modify-write so that concurrent writers, in
/// this process or others, take turns; or a shared one, for a reader that must not see half a write.
///
/// The lock lives on its own file because `state.json` is replaced by a rename: a lock on the old file
/// would not stop a writer that opens the new one. The kernel drops the lock when its holder dies.
package struct FileLock {
    private let descriptor: Int32
    private let calls: FileSystemCalls

    /// Opens (creating it 0600 if needed) and locks `path`, waiting while another holder has it.
    static func acquire(_ path: String, calls: FileSystemCalls) throws(SystemCallError) -> FileLock {
        let descriptor = try calls.open(path, .createForLocking)
        do {
            try calls.lock(descriptor)
        } catch {
            calls.close(descriptor)
            throw error.at(path)
        }
        return FileLock(descriptor: descriptor, calls: calls)
    }

    /// Opens an existing lock file and takes it shared, waiting while a writer holds it; `nil`, without
    /// creating anything, when there is no lock file (nothing was ever written there).
    package static func acquireSharedIfPresent(_ path: String, calls: FileSystemCalls) throws(SystemCallError) -> FileLock? {
        let descriptor: Int32
        do {
            descriptor = try calls.open(path, .read)
        } catch let error where error.isMissingFile || error.isNotADirectory {
            return nil
        }
        do {
            try calls.lockShared(descriptor)
        } catch {
            calls.close(descriptor)
            throw error.at(path)
        }
        return FileLock(descriptor: descriptor, calls: calls)
    }

    private init(descriptor: Int32, calls: FileSystemCalls) {
        self.descriptor = descriptor
        self.calls = calls
    }

    package func release() {
        calls.unlock(descriptor)
        calls.close(descriptor)
    }
}
