#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// How the store's files are written and read, through the package's JSON kit and the one schema of the
/// stored answers (``StoredAnswerSchema``): keys in the schema's order, so that the same record always gives
/// the same bytes, and dates as ISO 8601 in UTC (`2026-11-29T10:15:00Z`) so that the files read well and do
/// not depend on the time zone.
package enum StateJSON {
    /// For `state.json`: indented, for people who open it, ending with a newline.
    static func fileBytes(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(value)
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    /// For log lines: one object on one line, without the newline.
    package static func lineBytes(_ entry: ConsentLogEntry) -> [UInt8] {
        var writer = JSONWriter(style: .compact)
        writer.value(StoredAnswerSchema.value(entry))
        return writer.bytes
    }

    /// Reads one log line; the error says where (the column, or the JSON path) and what is wrong.
    package static func logEntry(from bytes: some Collection<UInt8>) throws(StateReadError) -> ConsentLogEntry {
        let value: JSONValue
        do {
            value = try JSONReader.parse(Array(bytes))
        } catch {
            // The reader counts lines within the one line: only the column says something.
            throw StateReadError(description: "not JSON (column \(error.column): \(error.message))")
        }
        let entry: ConsentLogEntry
        do {
            entry = try StoredAnswerSchema.logEntry(JSONNode(value))
        } catch {
            throw StateReadError(description: error.description)
        }
        guard RecordChange.changeNumbers.contains(entry.change) else {
            throw StateReadError(description: "$.change: \(entry.change) is out of range (1–\(RecordChange.changeNumbers.upperBound))")
        }
        return entry
    }
}

/// Why a state file or log line cannot be read, in one line (`$.record.changeCount: expected a whole number`).
package struct StateReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
}
