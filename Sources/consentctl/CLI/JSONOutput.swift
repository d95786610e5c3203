import ConsentEngine
import Foundation

/// JSON for the commands' small outputs: sorted keys, pretty-printed, dates as UTC ISO 8601.
enum JSONOutput {
    static func text(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func text<T: Encodable>(encoding value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(UTCCalendar.iso8601(date))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
