#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Moves a corrupt `state.json` aside, byte for byte, under a name nothing else uses, so that it is never
/// overwritten or deleted and someone can look at it later.
enum Quarantine {
    /// Renames `path` to `<path>.corrupt-20261129T101500Z` (then `-2`, `-3`… if that name is taken), syncs
    /// the directory, and returns the new path. Call it only while holding the store's lock, which makes
    /// the check for a free name and the rename one step.
    static func moveAside(_ path: String, at date: Date, calls: FileSystemCalls) throws(SystemCallError) -> String {
        let base = "\(path).corrupt-\(timestamp(date))"
        var candidate = base
        var counter = 1
        while try calls.entryStatus(candidate) != nil {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        try calls.rename(path, candidate)
        try StateDirectory.syncEntries(of: StateDirectory.parent(of: path), calls: calls)
        return candidate
    }

    /// `20261129T101500Z`: ISO 8601 basic format in UTC, to the second, safe in a file name.
    static func timestamp(_ date: Date) -> String {
        let extended = UTCCalendar.iso8601(date).prefix(19)
        return String(extended.filter { $0 != "-" && $0 != ":" }) + "Z"
    }
}
