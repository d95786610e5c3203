#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file a command checks whole (`log --verify FILE`): a regular file (a link to one is followed) within a
/// bound, or `/dev/null`, read as empty. Missing, a directory, a pipe, a socket or another device is exit 66;
/// too large to be what it should be, exit 65. (FoundationEssentials cannot read a pipe by its name: the
/// contract's one bounded file reader will take this over, pipes included.)
enum InputFile {
    /// 64 MiB, the bound of every other input file: a consent log is a few hundred bytes a line.
    static let maximumSize = 64 * 1024 * 1024

    static func read(_ path: String, what: String) throws(CLIError) -> [UInt8] {
        let manager = FileManager.default
        guard let attributes = try? manager.attributesOfItem(atPath: path) else {
            throw CLIError(message: "\(path): no such \(what)", hint: "check the path", exitCode: .noInput)
        }
        var type = attributes[.type] as? FileAttributeType
        if type == .typeSymbolicLink {
            // What the link leads to; one that names no file (`/dev/fd/63`, a shell's `<(…)`) is not a regular file.
            let target = (try? manager.destinationOfSymbolicLink(atPath: path)).map { target in
                target.hasPrefix("/") ? target : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(target).path
            }
            type = target.flatMap { try? manager.attributesOfItem(atPath: $0)[.type] as? FileAttributeType } ?? .typeUnknown
        }
        guard type != .typeDirectory else {
            throw CLIError(message: "\(path): is a directory, not a \(what)", hint: "name the file itself", exitCode: .noInput)
        }
        if type == .typeCharacterSpecial, path == "/dev/null" { return [] }
        guard type == .typeRegular else {
            throw CLIError(message: "\(path): not a regular file", hint: "save the \(what) to a file first", exitCode: .noInput)
        }
        // The size is an Int or a UInt64, depending on the Foundation.
        let size = (attributes[.size] as? Int) ?? (attributes[.size] as? UInt64).map { Int(clamping: $0) } ?? 0
        if size > maximumSize {
            throw CLIError(message: "\(path): larger than \(maximumSize / 1024 / 1024) MiB, far more than a \(what) holds",
                           hint: "split it, or check that it is the right file", exitCode: .dataError)
        }
        guard let data = manager.contents(atPath: path) else {
            throw CLIError(message: "\(path): cannot read the \(what)", hint: "check its permissions", exitCode: .noInput)
        }
        return Array(data)
    }
}
