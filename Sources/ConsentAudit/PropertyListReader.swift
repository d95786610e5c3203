import Foundation
import FoundationXML

/// A property list as read from one file, with the duplicate keys the file contained.
struct PropertyListDocument: Sendable {
    var root: PlistNode
    /// Keys written twice in one dictionary; the dictionary keeps the last value, as
    /// `PropertyListSerialization` and Xcode do.
    var duplicateKeys: [DuplicateKey]

    var file: URL { root.location.file }
}

/// A key written a second time in the same dictionary.
struct DuplicateKey: Sendable, Equatable {
    var key: String
    var first: SourceLocation
    var second: SourceLocation
}

/// Reads XML property lists with line numbers, and binary ones without.
///
/// XML goes through libxml2 (FoundationXML's `XMLParser`) rather than `PropertyListSerialization`, which on
/// Linux keeps no line numbers and silently accepts duplicate keys and invalid base64.
enum PropertyListReader {
    /// Reads the file at `url`; `role` names it in errors ("privacy manifest").
    static func read(_ url: URL, role: String = "property list") throws(AuditError) -> PropertyListDocument {
        let data = try AuditError.readFile(url, role: role)
        return try parse(data, file: url)
    }

    /// Parses `data` as a binary or XML property list read from `file`.
    static func parse(_ data: Data, file: URL) throws(AuditError) -> PropertyListDocument {
        if data.starts(with: Array("bplist".utf8)) {
            return try parseBinary(data, file: file)
        }
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw AuditError.malformed(SourceLocation(file: file, line: 1), "the file is empty",
                                       hint: "a property list needs at least <plist><dict/></plist>")
        }
        try refuseDocumentTypeDefinitions(in: data, file: file)
        let parser = XMLParser(data: data)
        let builder = PlistXMLBuilder(file: file, parser: parser)
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        // parse() can return true after libxml2 reported a fatal error, so the result alone proves nothing:
        // the builder's own failure and `parserError` are both checked.
        let succeeded = parser.parse()
        if let failure = builder.failure {
            throw AuditError.malformed(failure.location, failure.message, hint: failure.hint)
        }
        let line = parser.lineNumber > 0 ? parser.lineNumber : nil
        if parser.parserError != nil || !succeeded {
            throw AuditError.malformed(
                SourceLocation(file: file, line: line), "the XML is not well-formed",
                hint: "run `plutil -lint` on the file to see the problem"
            )
        }
        guard let root = builder.root else {
            throw AuditError.malformed(
                SourceLocation(file: file, line: line), "the property list holds no object",
                hint: "put one <dict> inside <plist>"
            )
        }
        return PropertyListDocument(root: root, duplicateKeys: builder.duplicateKeys)
    }

    /// Refuses an internal DTD subset (`<!DOCTYPE plist [ … ]>`) and entity declarations.
    ///
    /// libxml2 does not report every declaration to the delegate (an `<!ENTITY>` in the internal subset
    /// passes silently, and references to it then expand to nothing), so the raw text is checked first.
    private static func refuseDocumentTypeDefinitions(in data: Data, file: URL) throws(AuditError) {
        let bytes = [UInt8](data)
        let hint = "keep Apple's standard <!DOCTYPE plist PUBLIC …> line and no declarations of your own"
        if let start = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0) {
            var index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if bytes[index] == UInt8(ascii: "[") {
                    throw AuditError.malformed(
                        SourceLocation(file: file, line: lineNumber(at: index, in: bytes)),
                        "the document type has an internal subset, which a property list must not have",
                        hint: hint
                    )
                }
                index += 1
            }
        }
        if let entity = find(Array("<!ENTITY".utf8), in: bytes, from: 0) {
            throw AuditError.malformed(
                SourceLocation(file: file, line: lineNumber(at: entity, in: bytes)),
                "the file declares a custom entity, which a property list must not do", hint: hint
            )
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func lineNumber(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    private static func parseBinary(_ data: Data, file: URL) throws(AuditError) -> PropertyListDocument {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw AuditError.malformed(
                SourceLocation(file: file, line: nil), "the binary property list is corrupt",
                hint: "regenerate the file, or convert it with `plutil -convert xml1` and fix it"
            )
        }
        return PropertyListDocument(root: node(from: object, file: file), duplicateKeys: [])
    }

    /// Converts what `PropertyListSerialization` returns into nodes without lines.
    private static func node(from object: Any, file: URL) -> PlistNode {
        let location = SourceLocation(file: file, line: nil)
        let value: PlistValue
        // Booleans arrive as Bool and numbers as NSNumber; `as? Bool` would also accept the number 1,
        // so the dynamic type decides.
        if type(of: object) == Bool.self, let flag = object as? Bool {
            value = .bool(flag)
        } else if let text = object as? String {
            value = .string(text)
        } else if let number = object as? NSNumber {
            let type = String(cString: number.objCType)
            value = type == "d" || type == "f" ? .real(number.doubleValue) : .integer(number.intValue)
        } else if let date = object as? Date {
            value = .date(date)
        } else if let bytes = object as? Data {
            value = .data(bytes)
        } else if let items = object as? [Any] {
            value = .array(items.map { node(from: $0, file: file) })
        } else if let pairs = object as? [String: Any] {
            var dict = PlistDict()
            // Binary dictionaries have no document order to keep; sorted keys keep findings deterministic.
            for key in pairs.keys.sorted() {
                dict.set(PlistEntry(key: key, keyLocation: location, value: node(from: pairs[key]!, file: file)))
            }
            value = .dict(dict)
        } else {
            value = .string(String(describing: object))
        }
        return PlistNode(value: value, location: location)
    }
}
