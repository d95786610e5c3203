/// The one strict JSON reader of the package: it keeps numbers, flags and strings apart, keeps object
/// members in their order, refuses duplicate keys, invalid UTF-8, control characters in strings and
/// nesting deeper than ``maximumDepth``, and says where (line and column) a text stops being JSON.
package struct JSONReader {
    /// Deeper nesting is refused, so hostile input cannot exhaust the stack.
    package static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    /// The elements and members of the lists and objects being read, a nested one's above its
    /// container's: each list or object is copied out once, at its size, instead of growing as it is read.
    private var pendingItems: [JSONValue] = []
    private var pendingMembers: [JSONValue.Member] = []

    /// Parses a whole text; a UTF-8 byte-order mark at the start is skipped.
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.failure("the text is empty; expected a JSON value") }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    /// Parses a string's UTF-8 bytes.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        guard index < bytes.count else { throw failure("unexpected end of the text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("expected a value")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        let start = pendingMembers.count
        defer { pendingMembers.removeSubrange(start...) }
        // Keys seen, once the object is too large for a look along its members: up to 64 members, comparing
        // lengths (and the few keys of one length) costs less than hashing every key, as a policy's texts show.
        var seen: Set<String>?
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw failure("expected a field name in quotes") }
            let keyStart = index
            let key = try string()
            let repeated: Bool
            if seen != nil {
                repeated = !seen!.insert(key).inserted
            } else {
                // Lengths first: most keys differ in length, and comparing two lengths costs nothing.
                let length = key.utf8.count
                repeated = pendingMembers[start...].contains { $0.key.utf8.count == length && $0.key == key }
                if pendingMembers.count - start == 64 { seen = Set(pendingMembers[start...].map(\.key) + [key]) }
            }
            guard !repeated else {
                index = keyStart
                throw failure("the field \(JSONWriter.quoted(key)) appears twice")
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw failure("expected ':' after \(JSONWriter.quoted(key))") }
            index += 1
            skipWhitespace()
            let member = JSONValue.Member(key: key, value: try value(depth: depth + 1))
            pendingMembers.append(member)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; break }
            throw failure("expected ',' or '}'")
        }
        return .object(Array(pendingMembers[start...]))
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        let start = pendingItems.count
        defer { pendingItems.removeSubrange(start...) }
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array([]) }
        while true {
            skipWhitespace()
            let item = try value(depth: depth + 1)
            pendingItems.append(item)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "]")) { index += 1; break }
            throw failure("expected ',' or ']'")
        }
        return .array(Array(pendingItems[start...]))
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        if let text = plainString() { return text }
        var start = index
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                utf8.append(contentsOf: bytes[start..<index])
                index += 1
                guard let text = UTF8Text.string(utf8) else {
                    index = opening
                    throw failure("a string that is not valid UTF-8")
                }
                return text
            }
            if byte < 0x20 { throw failure("a control character inside a string (write \\n or \\t)") }
            if byte == UInt8(ascii: "\\") {
                utf8.append(contentsOf: bytes[start..<index])
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape().utf8)
                default:
                    index -= 2
                    throw failure("an unknown escape \\\(Character(Unicode.Scalar(escaped)))")
                }
                start = index
                continue
            }
            index += 1
        }
        index = opening
        throw failure("a string is not closed")
    }

    /// The string that starts at `index` when it is ASCII without escapes, as nearly every key and value
    /// is, made straight from the bytes; `nil` (with `index` unmoved) for any other string.
    private mutating func plainString() -> String? {
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let text = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[index..<end]), as: UTF8.self) }
                index = end + 1
                return text
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        return nil
    }

    private mutating func unicodeEscape() throws(JSONSyntaxError) -> String {
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

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let negative = peek(UInt8(ascii: "-"))
        if negative { index += 1 }
        let leadingZero = peek(UInt8(ascii: "0"))
        let whole = digits()
        var valid = whole > 0 && !(leadingZero && whole > 1)
        var integral = true
        if valid, peek(UInt8(ascii: ".")) {
            index += 1
            integral = false
            valid = digits() > 0
        }
        if valid, peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            integral = false
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            valid = digits() > 0
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard valid else {
            index = start
            throw failure("'\(text)' is not a JSON number")
        }
        if integral, let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else {
            index = start
            throw failure("'\(text)' is out of range")
        }
        return .number(double)
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = word.utf8
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw failure("expected \(word)")
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }
}
