#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a policy, a base policy or a vendor list file whole, within a bound, telling a missing file, a
/// directory and an empty file apart, so that each gets its own message and exit code: a missing file or a
/// directory is a missing input (exit 66), an empty or oversized one is bad content (78 for a policy, 65
/// for a vendor list). A FIFO (`--policy <(…)`) is read to its end like a file.
enum PolicyFile {
    /// 64 MiB, the audit's bound for a property list: far above any real policy or Global Vendor List
    /// (about 1 MiB), far below what would strain memory.
    static let maximumSize = 64 * 1024 * 1024

    /// The file's bytes, or the error for `what` (`policy file`, `vendor list`) in `file`'s name.
    static func read(_ url: URL, what: String, isVendorList: Bool = false) throws(PolicyError) -> [UInt8] {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw PolicyError(kind: .missingFile, file: path, path: "$", message: "no such \(what) (check the path)", isVendorList: isVendorList)
        }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw PolicyError(kind: .missingFile, file: path, path: "$", message: "is a directory, not a \(what)", isVendorList: isVendorList)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw PolicyError(kind: .missingFile, file: path, path: "$", message: "cannot read the \(what)", isVendorList: isVendorList)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while bytes.count <= maximumSize {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw PolicyError(kind: .missingFile, file: path, path: "$", message: "cannot read the \(what)", isVendorList: isVendorList)
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= maximumSize else {
            throw PolicyError(file: path, path: "$", message: "is larger than \(maximumSize / 1024 / 1024) MiB; a \(what) is far smaller", isVendorList: isVendorList)
        }
        guard !bytes.isEmpty else {
            throw PolicyError(file: path, path: "$", message: "is empty; a \(what) is a JSON object", isVendorList: isVendorList)
        }
        return bytes
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
