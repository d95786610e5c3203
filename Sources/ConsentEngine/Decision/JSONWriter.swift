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

    private(set) var text = ""
    private var level: Int

    init(indent: Int = 0) { level = indent }

    mutating func value(_ scalar: Scalar) {
        switch scalar {
        case .string(let string): text += Self.quote(string)
        case .bool(let bool): text += bool ? "true" : "false"
        case .int(let int): text += String(int)
        case .null: text += "null"
        }
    }

    mutating func object(_ body: (inout ObjectWriter) -> Void) {
        var object = ObjectWriter(writer: self)
        body(&object)
        self = object.finish()
    }

    mutating func raw(_ json: String) { text += json }

    struct ObjectWriter {
        fileprivate var writer: JSONWriter
        private var count = 0

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
            self.writer.text += "{"
            self.writer.level += 1
        }

        private mutating func key(_ name: String) {
            writer.text += (count == 0 ? "\n" : ",\n") + writer.padding + JSONWriter.quote(name) + ": "
            count += 1
        }

        mutating func field(_ name: String, _ scalar: Scalar) {
            key(name)
            writer.value(scalar)
        }

        /// A field whose value is already JSON written at this object's depth.
        mutating func rawField(_ name: String, _ json: String) {
            key(name)
            writer.text += json
        }

        mutating func array<Element>(_ name: String, _ elements: [Element], _ write: (Element, inout JSONWriter) -> Void) {
            key(name)
            guard !elements.isEmpty else {
                writer.text += "[]"
                return
            }
            writer.text += "["
            writer.level += 1
            for (index, element) in elements.enumerated() {
                writer.text += (index == 0 ? "\n" : ",\n") + writer.padding
                write(element, &writer)
            }
            writer.level -= 1
            writer.text += "\n" + writer.padding + "]"
        }

        mutating func object(_ name: String, _ body: (inout ObjectWriter) -> Void) {
            key(name)
            writer.object(body)
        }

        fileprivate func finish() -> JSONWriter {
            var writer = self.writer
            writer.level -= 1
            writer.text += count == 0 ? "}" : "\n" + writer.padding + "}"
            return writer
        }
    }

    fileprivate var padding: String { String(repeating: "  ", count: level) }

    static func quote(_ string: String) -> String {
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + string + "\""
        }
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
