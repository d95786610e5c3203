import Foundation

/// Writes pretty-printed JSON with keys in the order given, so that output is byte-identical across runs
/// and processes and reads in the order the contract lists the fields.
struct JSONWriter {
    enum Scalar {
        case string(String)
        case bool(Bool)
        case int(Int)
        case null
    }

    /// Shared by the writers of nested objects, so that appending never copies what was written before.
    private final class Buffer {
        var text = ""
    }

    private let buffer = Buffer()
    private var level: Int

    var text: String { buffer.text }

    init(indent: Int = 0) { level = indent }

    mutating func value(_ scalar: Scalar) {
        switch scalar {
        case .string(let string): Self.appendQuoted(string, to: &buffer.text)
        case .bool(let bool): buffer.text += bool ? "true" : "false"
        case .int(let int): buffer.text += String(int)
        case .null: buffer.text += "null"
        }
    }

    mutating func object(_ body: (inout ObjectWriter) -> Void) {
        var object = ObjectWriter(writer: self)
        body(&object)
        self = object.finish()
    }

    mutating func raw(_ json: String) { buffer.text += json }

    struct ObjectWriter {
        fileprivate var writer: JSONWriter
        private var count = 0

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
            self.writer.buffer.text += "{"
            self.writer.level += 1
        }

        private mutating func key(_ name: String) {
            writer.buffer.text += count == 0 ? "\n" : ",\n"
            writer.buffer.text += writer.padding
            JSONWriter.appendQuoted(name, to: &writer.buffer.text)
            writer.buffer.text += ": "
            count += 1
        }

        mutating func field(_ name: String, _ scalar: Scalar) {
            key(name)
            writer.value(scalar)
        }

        /// A field whose value is already JSON written at this object's depth.
        mutating func rawField(_ name: String, _ json: String) {
            key(name)
            writer.buffer.text += json
        }

        mutating func array<Element>(_ name: String, _ elements: [Element], _ write: (Element, inout JSONWriter) -> Void) {
            key(name)
            guard !elements.isEmpty else {
                writer.buffer.text += "[]"
                return
            }
            writer.buffer.text += "["
            writer.level += 1
            for (index, element) in elements.enumerated() {
                writer.buffer.text += index == 0 ? "\n" : ",\n"
                writer.buffer.text += writer.padding
                write(element, &writer)
            }
            writer.level -= 1
            writer.buffer.text += "\n"
            writer.buffer.text += writer.padding
            writer.buffer.text += "]"
        }

        mutating func object(_ name: String, _ body: (inout ObjectWriter) -> Void) {
            key(name)
            writer.object(body)
        }

        fileprivate func finish() -> JSONWriter {
            var writer = self.writer
            writer.level -= 1
            if count > 0 {
                writer.buffer.text += "\n"
                writer.buffer.text += writer.padding
            }
            writer.buffer.text += "}"
            return writer
        }
    }

    private static let paddings = (0..<16).map { String(repeating: "  ", count: $0) }

    fileprivate var padding: String {
        level < Self.paddings.count ? Self.paddings[level] : String(repeating: "  ", count: level)
    }

    /// Appends `string` as a JSON string literal.
    static func appendQuoted(_ string: String, to text: inout String) {
        let plain = string.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        if plain == true {
            text += "\""
            text += string
            text += "\""
        } else {
            text += quote(string)
        }
    }

    static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
