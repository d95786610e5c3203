import Foundation

/// The bounds on what the strict readers read, so that no input can crash them, hang them or make them use
/// memory without end (CONTRACT §8, and §10 for a device's preferences). Crossing one is bad input (exit 65)
/// naming the file.
package enum PropertyListLimits {
    /// Deepest nesting of containers.
    package static let nesting = 512
    /// Largest file read.
    package static let fileBytes = 64 << 20
    /// How `fileBytes` is named in messages.
    package static let fileBytesText = "64 MiB"

    /// Reads a whole file of at most `fileBytes`, without reading more than one byte past the limit;
    /// `role` names it in messages ("Info.plist").
    ///
    /// A missing or unreadable file (or a folder) is `.missingFile`; a larger one is `.malformedInput`.
    package static func read(_ url: URL, role: String) throws(PropertyListError) -> Data {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        guard exists, !isDirectory.boolValue, let handle = try? FileHandle(forReadingFrom: url) else {
            throw PropertyListError(
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
            throw PropertyListError(kind: .missingFile, file: url, line: nil, message: "cannot read the \(role)",
                                    hint: "check that the file is readable")
        }
        guard data.count <= fileBytes else {
            throw PropertyListError(kind: .malformedInput, file: url, line: nil,
                                    message: "the \(role) is larger than \(fileBytesText)",
                                    hint: "no \(role) is this large; check that the path names the right file")
        }
        return data
    }
}
