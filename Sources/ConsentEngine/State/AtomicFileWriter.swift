/// Replaces a file so that readers, and a crash at any point, see either the old bytes or the new ones.
/// Every file of the app folder that is replaced (`state.json`, and any the folder comes to hold) goes
/// through here, so none is ever written through a link.
///
/// The order is what makes it durable: write the temporary file, `fsync` it (its bytes are on disk before
/// its name can be), rename it over the target (atomic within one directory), `fsync` the directory (the
/// rename itself is on disk).
package struct AtomicFileWriter {
    package var calls: FileSystemCalls

    package init(calls: FileSystemCalls) {
        self.calls = calls
    }

    /// Replaces `path` with `bytes` through `temporaryPath`, which must be in the same directory.
    ///
    /// Call it only while holding the store's lock: the temporary name is fixed, so a crash leaves at most
    /// one stale temporary file, which the next write truncates and reuses.
    /// A link or special file at `path` is refused and left as it is: the rename would replace it unseen.
    /// With `excludedFromBackup`, the temporary file is kept out of backups before the rename puts it in place
    /// (``FileSystemCalls/excludeFromBackup``), so the file is never at `path` without it.
    /// - Returns: the status of the file now at `path` (a rename keeps the file's inode and times), so that a
    ///   store can tell later whether another process has replaced it since.
    @discardableResult
    package func replace(
        _ path: String, with bytes: [UInt8], through temporaryPath: String, excludedFromBackup: Bool = false
    ) throws(SystemCallError) -> FileSystemCalls.FileStatus {
        if let kind = try calls.entryStatus(path)?.kind, kind != .regularFile { throw .refused(kind, "rename", path) }
        let descriptor = try calls.open(temporaryPath, .createOrTruncate)
        let written: FileSystemCalls.FileStatus
        do {
            try calls.write(descriptor, bytes)
            try calls.fsync(descriptor)
            written = try calls.status(descriptor)
        } catch {
            calls.close(descriptor)
            calls.remove(temporaryPath)
            throw error.at(temporaryPath)
        }
        calls.close(descriptor)
        do {
            if excludedFromBackup { try calls.excludeFromBackup(temporaryPath) }
            try calls.rename(temporaryPath, path)
        } catch {
            calls.remove(temporaryPath)
            throw error
        }
        try StateDirectory.syncEntries(of: StateDirectory.parent(of: path), calls: calls)
        return written
    }
}
