#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentFiles

/// Reads a policy, a base policy or a vendor list file whole through the bounded reader, and refuses an
/// empty one: a file that cannot be read is a missing input, an empty or oversized one is bad content (a
/// policy is configuration, a vendor list input data).
enum PolicyFile {
    /// The file's bytes, or the error for a file of `kind` (`.policy`, `.vendorList`); `name` names it in
    /// messages when its kind's name would not (`base policy`).
    static func read(_ url: URL, kind: InputFileKind, named name: String? = nil) throws(PolicyError) -> [UInt8] {
        let path = url.path
        let isVendorList = kind == .vendorList
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, kind: kind, named: name)
        } catch {
            throw PolicyError(kind: error.isContentFault ? .invalid : .missingFile, file: path, path: "$", message: error.message,
                              isVendorList: isVendorList, fileError: error)
        }
        guard !bytes.isEmpty else {
            throw PolicyError(file: path, path: "$", message: "is empty; a \(name ?? kind.name) is a JSON object",
                              isVendorList: isVendorList)
        }
        return bytes
    }
}
