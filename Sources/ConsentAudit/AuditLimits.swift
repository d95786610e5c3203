import Foundation

/// The bounds on what the audit reads (CONTRACT §8), so that no input can crash it, hang it or make it
/// use memory without end. Crossing one is bad input (exit 65) naming the file.
enum AuditLimits {
    /// Deepest nesting of plist containers, `#include`s and setting references.
    static let nesting = 512
    /// Largest file the audit reads: a plist, an xcconfig, a project file or a source file.
    static let fileBytes = 64 << 20
    /// Longest xcconfig value, as written or after expansion; what expansion may add to a plist value.
    static let valueBytes = 1 << 20
    /// Most assignments in one xcconfig file and the files it includes, and most includes followed.
    static let settings = 10_000
    /// Most text expansion may produce in one audit, over every setting and plist value together.
    static let expandedBytes = 64 << 20

    /// How the limits are named in messages.
    static let fileBytesText = "64 MiB"
    static let valueBytesText = "1 MiB"

    /// Reads a whole file of at most `fileBytes`, without reading more than one byte past the limit.
    ///
    /// A missing or unreadable file (or a folder) is `.missingFile`; a larger one is `.malformedInput`.
    static func read(_ url: URL, role: String) throws(AuditError) -> Data {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        guard exists, !isDirectory.boolValue, let handle = try? FileHandle(forReadingFrom: url) else {
            throw AuditError(
                kind: .missingFile, file: url, line: nil,
                message: isDirectory.boolValue
                    ? "the \(role) is a folder, not a file"
                    : "cannot read the \(role): no such file, or it is not readable",
                hint: "check the path; relative paths start at the current directory"
            )
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: fileBytes + 1) ?? Data()
        } catch {
            throw AuditError(kind: .missingFile, file: url, line: nil, message: "cannot read the \(role)",
                             hint: "check that the file is readable")
        }
        guard data.count <= fileBytes else {
            throw AuditError(kind: .malformedInput, file: url, line: nil,
                             message: "the \(role) is larger than \(fileBytesText)",
                             hint: "no \(role) is this large; check that the path names the right file")
        }
        return data
    }
}
