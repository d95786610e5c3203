import Foundation
import ConsentFiles
import ConsentPropertyLists

/// The bounds on what the audit reads (README, "Limits"), so that no input can crash it, hang it or make it
/// use memory without end. Crossing one is bad input (exit 65) naming the file. How much of each file is
/// read is its kind's bound (`InputFileKind`).
enum AuditLimits {
    /// Deepest nesting of plist containers, `#include`s and setting references.
    static let nesting = PropertyListLimits.nesting
    /// Longest xcconfig line, and so value, as written; longest value after expansion; what expansion may
    /// add to a plist value.
    static let valueBytes = 1 << 20
    /// Most assignments in one xcconfig file and the files it includes, and most includes followed.
    static let settings = 10_000
    /// Most text expansion may produce in one audit, over every setting and plist value together.
    static let expandedBytes = 64 << 20

    /// How the limits are named in messages.
    static let valueBytesText = "1 MiB"
    static let expandedBytesText = "64 MiB"

    /// Reads a whole file of `kind` through the bounded reader.
    ///
    /// A missing or unreadable file (or a folder, a socket, a device) is `.missingFile`; a larger one than
    /// its kind's bound is `.malformedInput`.
    static func read(_ url: URL, kind: InputFileKind) throws(AuditError) -> [UInt8] {
        do {
            return try InputFile.read(url.path, kind: kind)
        } catch {
            throw AuditError(PropertyListError(error))
        }
    }
}
