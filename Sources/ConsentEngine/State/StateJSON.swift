import Foundation

/// The JSON settings of every file the store writes: sorted keys so that the same record always gives the
/// same bytes, and dates as ISO 8601 in UTC (`2026-11-29T10:15:00Z`) so that the files read well and do not
/// depend on the time zone.
enum StateJSON {
    /// For `state.json`: indented, for people who open it.
    static func fileEncoder() -> JSONEncoder {
        let encoder = lineEncoder()
        encoder.outputFormatting.insert(.prettyPrinted)
        return encoder
    }

    /// For log lines: one object per line.
    static func lineEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(UTCCalendar.iso8601(date))
        }
        return encoder
    }

    /// Reads dates in any form ``UTCCalendar/parse(_:)`` accepts, so that a hand-edited offset still reads.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = UTCCalendar.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date (2026-11-29T10:15:00Z)")
            }
            return date
        }
        return decoder
    }
}
