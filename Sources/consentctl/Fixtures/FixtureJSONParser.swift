import Foundation

/// A small strict JSON parser for fixture files: it keeps numbers, booleans and strings apart, refuses
/// duplicate keys, and says where (line and column) the text stops being JSON. `JSONDecoder` reading an
/// untyped tree tries each type in turn and is too slow for suites of thousands of cases.
struct FixtureJSONParser {
    /// Why the text is not JSON, and where.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        var message: String
        var line: Int
        var column: Int
        var description: String { "line \(line), column \(column): \(message)" }
    }

    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ data: Data) throws(Failure) -> FixtureJSON {
        var parser = FixtureJSONParser(bytes: [UInt8](data))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value(depth: Int) throws(Failure) -> FixtureJSON {
        guard depth < 128 else { throw failure("nested too deeply") }
        guard index < bytes.count else { throw failure("unexpected end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> FixtureJSON {
        index += 1
        var members: [FixtureJSON.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a field name in quotes") }
            let key = try string()
            guard seen.insert(key).inserted else { throw failure("the field \"\(key)\" appears twice") }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append(FixtureJSON.Member(key: key, value: try value(depth: depth + 1)))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; break }
            throw failure("expected ',' or '}'")
        }
        // Sorted, so that messages about an object's fields come in a stable order.
        return .object(members.sorted { $0.key < $1.key })
    }

    private mutating func array(depth: Int) throws(Failure) -> FixtureJSON {
        index += 1
        var items: [FixtureJSON] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array([]) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; break }
            throw failure("expected ',' or ']'")
        }
        return .array(items)
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var start = index
        var utf8: [UInt8] = []
        func flush() {
            utf8.append(contentsOf: bytes[start..<index])
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush()
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("a control character inside a string (write \\n or \\t)") }
            if byte == UInt8(ascii: "\\") {
                flush()
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                let piece: String
                switch escaped {
                case UInt8(ascii: "\""): piece = "\""
                case UInt8(ascii: "\\"): piece = "\\"
                case UInt8(ascii: "/"): piece = "/"
                case UInt8(ascii: "b"): piece = "\u{8}"
                case UInt8(ascii: "f"): piece = "\u{c}"
                case UInt8(ascii: "n"): piece = "\n"
                case UInt8(ascii: "r"): piece = "\r"
                case UInt8(ascii: "t"): piece = "\t"
                case UInt8(ascii: "u"): piece = try unicodeEscape()
                default: throw failure("an unknown escape \\\(Character(Unicode.Scalar(escaped)))")
                }
                utf8.append(contentsOf: Array(piece.utf8))
                start = index
                continue
            }
            index += 1
        }
        throw failure("a string is not closed")
    }

    private mutating func unicodeEscape() throws(Failure) -> String {
        let first = try hex4()
        if (0xD800...0xDBFF).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a lone surrogate in a \\u escape")
            }
            index += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second),
                  let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw failure("a bad surrogate pair in a \\u escape") }
            return String(scalar)
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate in a \\u escape") }
        return String(scalar)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("expected four hex digits after \\u")
        }
        index += 4
        return value
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if peek(UInt8(ascii: "-")) { index += 1 }
        let leadingZero = peek(UInt8(ascii: "0"))
        let whole = digits()
        var valid = whole > 0 && !(leadingZero && whole > 1)
        if valid, peek(UInt8(ascii: ".")) {
            index += 1
            valid = digits() > 0
        }
        if valid, peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            valid = digits() > 0
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard valid, let value = Double(text) else {
            index = start
            throw failure("'\(text)' is not a JSON number")
        }
        return value
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected \(word)")
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func failure(_ message: String) -> Failure {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return Failure(message: message, line: line, column: column)
    }
}
