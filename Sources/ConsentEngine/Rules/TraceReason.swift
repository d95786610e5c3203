#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A trace reason as a rule writes it: ordinary interpolated text (as swift-log's `Logger.Message` is),
/// built straight into UTF-8 bytes, because `String` interpolation cost more than the rest of a traced
/// decision. A reason without interpolation is its literal, which costs nothing.
struct TraceReason: ExpressibleByStringInterpolation {
    /// The reason's text.
    let text: String

    init(stringLiteral text: String) {
        self.text = text
    }

    init(stringInterpolation: Interpolation) {
        text = String(decoding: stringInterpolation.bytes, as: UTF8.self)
    }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            // Room for the literal parts and a date, an id or a name in each interpolation.
            bytes.reserveCapacity(literalCapacity + 24 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            appendInterpolation(literal)
        }

        mutating func appendInterpolation(_ text: String) {
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: text.utf8)
            }
        }

        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            appendInterpolation(value.description)
        }

        mutating func appendInterpolation(_ reason: TraceReason) {
            appendInterpolation(reason.text)
        }

        /// A date as ``UTCCalendar/iso8601(_:)`` writes it.
        mutating func appendInterpolation(iso8601 date: Date) {
            UTCCalendar.appendISO8601(date, to: &bytes)
        }
    }
}
