/// The one JSON writer of the package, in one style: `"key": value`, two spaces a level, members in the
/// order they are written, lists one element a line except lists of numbers, which stay on one line
/// (`[1, 3, 4]`). The compact style (for JSON lines) is the same without any whitespace.
///
/// Objects are written field by field into one shared buffer, so that output of any depth is built
/// without copying what was written before.
package struct JSONWriter {
    /// How the text is laid out.
    package enum Style: Sendable {
        /// Indented, for people and for every command's `--json`.
        case pretty
        /// One line, no whitespace: for JSON lines (the consent log).
        case compact
        /// One line, with a space after each `,` and `:`: values quoted inside messages.
        case singleLine
    }

    private final class Output {
        var bytes: [UInt8] = []
        init() { bytes.reserveCapacity(1024) }
    }

    private let output = Output()
    private let style: Style
    private var level: Int

    /// A writer; `indent` levels of two spaces precede every line after the first.
    package init(style: Style = .pretty, indent: Int = 0) {
        self.style = style
        level = indent
    }

    /// What was written.
    package var text: String { String(decoding: output.bytes, as: UTF8.self) }

    /// What was written, as UTF-8 bytes.
    package var bytes: [UInt8] { output.bytes }

    /// One value of any depth.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .integer(let integer): append(String(integer))
        case .number(let number): append(Self.format(number))
        case .string(let text): Self.appendQuoted(text, to: &output.bytes)
        case .array(let items):
            if !items.isEmpty, items.allSatisfy(\.isNumber) {
                append("[")
                for (offset, item) in items.enumerated() {
                    if offset > 0 { append(style == .compact ? "," : ", ") }
                    self.value(item)
                }
                append("]")
            } else {
                array { list in for item in items { list.append(item) } }
            }
        case .object(let members):
            object { object in for member in members { object.field(member.key, member.value) } }
        }
    }

    /// An object whose fields `body` writes in order.
    package mutating func object(_ body: (inout ObjectWriter) -> Void) {
        var object = ObjectWriter(writer: self)
        body(&object)
        self = object.finish()
    }

    /// A list whose elements `body` writes in order, one a line.
    package mutating func array(_ body: (inout ArrayWriter) -> Void) {
        var array = ArrayWriter(writer: self)
        body(&array)
        self = array.finish()
    }

    /// Writes the fields of one object.
    package struct ObjectWriter {
        fileprivate var writer: JSONWriter
        private var count = 0

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
            self.writer.append("{")
            self.writer.level += 1
        }

        private mutating func key(_ name: String) {
            writer.separator(first: count == 0)
            JSONWriter.appendQuoted(name, to: &writer.output.bytes)
            writer.append(writer.style == .compact ? ":" : ": ")
            count += 1
        }

        /// A field holding `value`.
        package mutating func field(_ name: String, _ value: JSONValue) {
            key(name)
            writer.value(value)
        }

        /// A field holding an object written by `body`.
        package mutating func object(_ name: String, _ body: (inout ObjectWriter) -> Void) {
            key(name)
            writer.object(body)
        }

        /// A field holding a list written by `body`.
        package mutating func array(_ name: String, _ body: (inout ArrayWriter) -> Void) {
            key(name)
            writer.array(body)
        }

        fileprivate func finish() -> JSONWriter {
            var writer = self.writer
            writer.level -= 1
            if count > 0 { writer.separator(first: nil) }
            writer.append("}")
            return writer
        }
    }

    /// Writes the elements of one list.
    package struct ArrayWriter {
        fileprivate var writer: JSONWriter
        private var count = 0

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
            self.writer.append("[")
            self.writer.level += 1
        }

        /// An element holding `value`.
        package mutating func append(_ value: JSONValue) {
            writer.separator(first: count == 0)
            count += 1
            writer.value(value)
        }

        /// An element holding an object written by `body`.
        package mutating func object(_ body: (inout ObjectWriter) -> Void) {
            writer.separator(first: count == 0)
            count += 1
            writer.object(body)
        }

        fileprivate func finish() -> JSONWriter {
            var writer = self.writer
            writer.level -= 1
            if count > 0 { writer.separator(first: nil) }
            writer.append("]")
            return writer
        }
    }

    /// Before a member or element (`first` true or false), or before a closing bracket (`first` nil).
    private mutating func separator(first: Bool?) {
        if first == false { output.bytes.append(UInt8(ascii: ",")) }
        if style == .singleLine, first == false { output.bytes.append(0x20) }
        guard style == .pretty else { return }
        output.bytes.append(0x0A)
        for _ in 0..<level { output.bytes.append(0x20); output.bytes.append(0x20) }
    }

    private mutating func append(_ text: String) {
        output.bytes.append(contentsOf: text.utf8)
    }

    /// `value` as JSON text in `style`.
    package static func text(_ value: JSONValue, style: Style = .pretty) -> String {
        var writer = JSONWriter(style: style)
        writer.value(value)
        return writer.text
    }

    /// `text` as a JSON string literal: the one quoting function of the package. Quotes, backslashes and
    /// control characters are escaped; everything else, `/` and non-ASCII included, is written as it is.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\")); bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case ..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func format(_ number: Double) -> String {
        if number == number.rounded(.towardZero), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}

extension JSONValue {
    fileprivate var isNumber: Bool {
        switch self {
        case .integer, .number: return true
        default: return false
        }
    }
}
