#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file as the file system knows it, by device and inode: two paths name the same file exactly when
/// their identities are equal, whatever links or `..` they go through.
package struct FileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    /// An identity given outright, for files that live in memory.
    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of what `url` names, following links; nil when nothing is there.
    package init?(_ url: URL) {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        // dev_t is unsigned on Linux and a signed 32-bit integer on Apple platforms.
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// Whether `url` is a symbolic link itself (not followed).
    static func isLink(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }
}
