import Foundation
import PropertyLists

/// The bounds on what the audit reads (CONTRACT §8), so that no input can crash it, hang it or make it
/// use memory without end. Crossing one is bad input (exit 65) naming the file.
enum AuditLimits {
    /// Deepest nesting of plist containers, `#include`s and setting references.
    static let nesting = PropertyListLimits.nesting
    /// Largest file the audit reads: a plist, an xcconfig, a project file or a source file.
    static let fileBytes = PropertyListLimits.fileBytes
    /// Longest xcconfig value, as written or after expansion; what expansion may add to a plist value.
    static let valueBytes = 1 << 20
    /// Most assignments in one xcconfig file and the files it includes, and most includes followed.
    static let settings = 10_000
    /// Most text expansion may produce in one audit, over every setting and plist value together.
    static let expandedBytes = 64 << 20

    /// How the limits are named in messages.
    static let fileBytesText = PropertyListLimits.fileBytesText
    static let valueBytesText = "1 MiB"

    /// Reads a whole file of at most `fileBytes`, without reading more than one byte past the limit.
    ///
    /// A missing or unreadable file (or a folder) is `.missingFile`; a larger one is `.malformedInput`.
    static func read(_ url: URL, role: String) throws(AuditError) -> Data {
        do {
            return try PropertyListLimits.read(url, role: role)
        } catch {
            throw AuditError(error)
        }
    }
}
