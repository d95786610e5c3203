import Foundation

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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PolicyError(kind: .missingFile, file: path, path: "$", message: "no such \(what) (check the path)", isVendorList: isVendorList)
        }
        guard !isDirectory.boolValue else {
            throw PolicyError(kind: .missingFile, file: path, path: "$", message: "is a directory, not a \(what)", isVendorList: isVendorList)
        }
        var bytes: [UInt8] = []
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            while bytes.count <= maximumSize, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                bytes += chunk
            }
        } catch {
            throw PolicyError(kind: .missingFile, file: path, path: "$", message: "cannot read the \(what)", isVendorList: isVendorList)
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
