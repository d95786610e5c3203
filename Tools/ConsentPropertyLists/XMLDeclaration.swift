/// The XML declaration that opens a file (`<?xml version="1.0" encoding="UTF-8"?>`), read byte by byte by
/// XML 1.0's grammar (productions 23–26, 32 and 80–81) before libxml2 sees the file.
///
/// libxml2 switches to the encoding a declaration names as soon as it has read the name, before it finds
/// what is wrong after it, and its switch to some encodings crashes (`encoding='cp1258'` followed by a
/// stray byte did); so the declaration is read here first, and what it names is known even when the rest
/// of it is broken.
package struct XMLDeclaration: Sendable, Equatable {
    /// The `version`, `1.` and digits.
    package var version: String
    /// The `encoding`, as written, when there is one.
    package var encoding: String?
    /// The `standalone` value, `yes` or `no`, when there is one.
    package var standalone: String?
    /// Where the declaration ends: the offset just past its `?>`.
    package var end: Int

    /// Why the bytes after `<?xml` are not a declaration.
    package struct Fault: Error, Sendable, Equatable {
        /// What is wrong, in a phrase: `"?>" or a space belongs where byte 0x90 is`.
        package var reason: String
        /// The offset of the byte at fault.
        package var offset: Int
        /// The encoding the declaration named before the fault, when it got that far: libxml2 would have
        /// switched to it.
        package var encoding: String?
    }

    /// The encoding names libxml2 reads natively (compared without case): a declaration of either makes it
    /// switch nothing.
    package static let utf8Names: Set<String> = ["utf-8", "utf8"]

    /// Whether `encoding` is a name of UTF-8.
    package static func isUTF8(_ encoding: String) -> Bool {
        utf8Names.contains(encoding.lowercased())
    }

    /// Whether the bytes at `start` open a declaration: `<?xml` not followed by another name character
    /// (`<?xml-stylesheet …?>` is a processing instruction, which the formats refuse on their own).
    package static func opens(_ bytes: [UInt8], at start: Int) -> Bool {
        let open = Array("<?xml".utf8)
        guard start + open.count <= bytes.count, bytes[start..<start + open.count].elementsEqual(open) else { return false }
        return start + open.count == bytes.count || !isNameByte(bytes[start + open.count])
    }

    /// Reads the declaration that opens `bytes` at `start` (where ``opens(_:at:)`` is true).
    package static func read(_ bytes: [UInt8], at start: Int) throws(Fault) -> XMLDeclaration {
        var reader = Reader(bytes: bytes, index: start + 5)
        try reader.space(before: "version")
        guard reader.peek("version") else {
            throw reader.fault("the declaration starts with version=\"1.0\", but \(described(reader.current)) comes first")
        }
        try reader.word("version")
        // XML 1.0 allows any 1.x, but libxml2 stops at anything but 1.0 (a "warning" XMLParser reports as an
        // error), and neither format's writer writes another.
        let version = try reader.quotedValue(of: "version", allowed: "\"1.0\"") { $0 == Array("1.0".utf8) }
        var declaration = XMLDeclaration(version: version, encoding: nil, standalone: nil, end: 0)
        if try reader.spaceOrEnd(), reader.peek("encoding") {
            try reader.word("encoding")
            declaration.encoding = try reader.quotedValue(of: "encoding", allowed: "an encoding name") { value in
                value.first.map(isLetter) == true && value.allSatisfy { isLetter($0) || isDigit($0) || "._-".utf8.contains($0) }
            }
            reader.encoding = declaration.encoding
            _ = try reader.spaceOrEnd()
        }
        if reader.peek("standalone") {
            try reader.word("standalone")
            declaration.standalone = try reader.quotedValue(of: "standalone", allowed: "\"yes\" or \"no\"") { value in
                value == Array("yes".utf8) || value == Array("no".utf8)
            }
            reader.skipSpace()
        }
        try reader.closing()
        declaration.end = reader.index
        return declaration
    }

    /// The text of `bytes` for a message: printable ASCII as it is, any other byte as `\xNN`.
    package static func shown<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + $0.hexDigits }.joined()
    }

    /// A byte named in a message: `"x"`, or `byte 0x90` when it is not printable ASCII.
    static func described(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        return byte > 0x20 && byte < 0x7F ? "\"\(UnicodeScalar(byte))\"" : "byte 0x\(byte.hexDigits)"
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || "._-:".utf8.contains(byte) || byte >= 0x80
    }

    /// A cursor over the declaration; every failure names what belongs where it stopped.
    private struct Reader {
        let bytes: [UInt8]
        var index: Int
        /// The encoding read so far, carried by a fault after it.
        var encoding: String?

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func fault(_ reason: String) -> Fault {
            Fault(reason: reason, offset: index, encoding: encoding)
        }

        func expected(_ what: String) -> Fault {
            fault("\(what) belongs where \(XMLDeclaration.described(current)) is")
        }

        func peek(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            return index + needle.count <= bytes.count && bytes[index..<index + needle.count].elementsEqual(needle)
        }

        mutating func skipSpace() {
            while let byte = current, XMLDeclaration.isSpace(byte) { index += 1 }
        }

        /// A space is required before a pseudo-attribute.
        mutating func space(before name: String) throws(Fault) {
            guard let byte = current, XMLDeclaration.isSpace(byte) else { throw expected("a space before \(name)") }
            skipSpace()
        }

        /// After a value: `true` when a space came (another pseudo-attribute may follow), `false` at `?>`.
        mutating func spaceOrEnd() throws(Fault) -> Bool {
            if peek("?>") { return false }
            guard let byte = current, XMLDeclaration.isSpace(byte) else { throw expected("\"?>\" or a space") }
            skipSpace()
            return true
        }

        mutating func word(_ name: String) throws(Fault) {
            guard peek(name) else { throw expected(name) }
            index += name.utf8.count
        }

        /// `= "value"` or `= 'value'`, the value checked by `valid` (which `allowed` names).
        mutating func quotedValue(of name: String, allowed: String, valid: ([UInt8]) -> Bool) throws(Fault) -> String {
            skipSpace()
            guard current == UInt8(ascii: "=") else { throw expected("\"=\" after \(name)") }
            index += 1
            skipSpace()
            guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw expected("a quote around the \(name)")
            }
            let start = index + 1
            guard let close = bytes[start...].prefix(256).firstIndex(of: quote) else {
                index = start
                throw fault("the \(UnicodeScalar(quote)) that opens the \(name) is never closed")
            }
            let value = Array(bytes[start..<close])
            guard valid(value) else {
                index = start
                throw fault("the \(name) \"\(XMLDeclaration.shown(value))\" is not \(allowed)")
            }
            index = close + 1
            return String(decoding: value, as: UTF8.self)
        }

        mutating func closing() throws(Fault) {
            guard peek("?>") else { throw expected("\"?>\"") }
            index += 2
        }
    }
}
