#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONKit

/// How the store's files are written and read, through the package's JSON kit: keys in the order the
/// types declare them, so that the same record always gives the same bytes, and dates as ISO 8601 in UTC
/// (`2026-11-29T10:15:00Z`) so that the files read well and do not depend on the time zone.
package enum StateJSON {
    /// For `state.json`: indented, for people who open it, ending with a newline.
    static func fileBytes<T: Encodable>(_ value: T) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(JSONCoding.encode(value, strings: .iso8601Date))
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    /// For log lines: one object on one line, without the newline.
    package static func lineBytes<T: Encodable>(_ value: T) -> [UInt8] {
        var writer = JSONWriter(style: .compact)
        writer.value(JSONCoding.encode(value, strings: .iso8601Date))
        return writer.bytes
    }

    /// Reads a value; the error says where (line and column, or the JSON path) and what is wrong.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws(StateReadError) -> T {
        let value: JSONValue
        do {
            value = try JSONReader.parse(Array(bytes))
        } catch {
            throw StateReadError(description: "not JSON (\(error))")
        }
        do {
            return try JSONCoding.decode(type, from: value, strings: .iso8601Date)
        } catch {
            throw StateReadError(description: error.description)
        }
    }
}

/// Why a state file or log line cannot be read, in one line (`$.record.changeCount: expected a whole number`).
package struct StateReadError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
}

extension JSONStringCoding {
    /// Dates in state files, log lines and `log --json`: any form ``UTCCalendar/parse(_:)`` accepts,
    /// written in UTC.
    package static let iso8601Date = JSONStringCoding(
        type: Date.self, expectation: UTCCalendar.expectation,
        decode: { UTCCalendar.parse($0) }, encode: { ($0 as? Date).map(UTCCalendar.iso8601) })
}
