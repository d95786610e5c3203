import Foundation
import InputFiles
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A property list as read from one file, with the duplicate keys the file contained.
package struct PropertyListDocument: Sendable {
    package var root: PlistNode
    /// Keys written twice in one dictionary; the dictionary keeps the last value, as
    /// `PropertyListSerialization` and Xcode do.
    package var duplicateKeys: [DuplicateKey]

    package var file: URL { root.location.file }
}

/// A key written a second time in the same dictionary.
package struct DuplicateKey: Sendable, Equatable {
    package var key: String
    package var first: SourceLocation
    package var second: SourceLocation
}

/// Reads XML property lists with line numbers, and binary ones without.
///
/// XML goes through libxml2 (FoundationXML's `XMLParser`) rather than `PropertyListSerialization`, which on
/// Linux keeps no line numbers and silently accepts duplicate keys and invalid base64. It is fed as a
/// stream: handed the whole file at once, libxml2 calls anything past its 10 MB lookup limit "not
/// well-formed". Files over `InputFileKind.propertyList`'s bound and nesting deeper than
/// `PropertyListLimits.nesting` are refused in both formats.
package enum PropertyListReader {
    /// Reads the file at `url` through the bounded reader; `role` names it in errors ("privacy manifest").
    package static func read(_ url: URL, role: String? = nil) throws(PropertyListError) -> PropertyListDocument {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(url.path, kind: .propertyList, named: role)
        } catch {
            throw PropertyListError(error)
        }
        return try parse(Data(bytes), file: url)
    }

    /// Parses `data` as a binary or XML property list read from `file`.
    package static func parse(_ data: Data, file: URL) throws(PropertyListError) -> PropertyListDocument {
        if data.starts(with: Array("bplist".utf8)) {
            return try parseBinary(data, file: file)
        }
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw PropertyListError.malformed(SourceLocation(file: file, line: 1), "the file is empty",
                                       hint: "a property list needs at least <plist><dict/></plist>")
        }
        guard looksLikeXML(data) || XMLDeclarationCheck.otherEncoding(of: data) != nil else {
            throw PropertyListError.malformed(SourceLocation(file: file, line: 1),
                                       "the file is not a property list: it is neither XML nor binary",
                                       hint: "check that the path names the app's Info.plist or PrivacyInfo.xcprivacy")
        }
        try XMLDeclarationCheck.check(data, file: file)
        let parser = XMLParser(stream: InputStream(data: data))
        let builder = PlistXMLBuilder(file: file, parser: parser)
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        // parse() can return true after libxml2 reported a fatal error, so the result alone proves nothing:
        // the builder's own failure and `parserError` are both checked.
        let succeeded = parser.parse()
        if let failure = builder.failure {
            throw PropertyListError.malformed(failure.location, failure.message, hint: failure.hint)
        }
        let line = parser.lineNumber > 0 ? parser.lineNumber : nil
        if parser.parserError != nil || !succeeded {
            throw PropertyListError.malformed(
                SourceLocation(file: file, line: line), "the XML is not well-formed",
                hint: "run `plutil -lint` on the file to see the problem"
            )
        }
        guard let root = builder.root else {
            throw PropertyListError.malformed(
                SourceLocation(file: file, line: line), "the property list holds no object",
                hint: "put one <dict> inside <plist>"
            )
        }
        return PropertyListDocument(root: root, duplicateKeys: builder.duplicateKeys)
    }

    /// Whether `data` starts as XML does in UTF-8: with `<` after whitespace (and a byte-order mark). A file
    /// in another encoding is refused for it by the declaration check.
    private static func looksLikeXML(_ data: Data) -> Bool {
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return start.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<")
    }

    /// A header, at least one object and the 32-byte trailer: nothing shorter is a binary property list.
    private static let smallestBinary = 8 + 1 + 1 + 32

    private static func parseBinary(_ data: Data, file: URL) throws(PropertyListError) -> PropertyListDocument {
        let corrupt = PropertyListError.malformed(
            SourceLocation(file: file, line: nil), "the binary property list is corrupt",
            hint: "regenerate the file, or convert it with `plutil -convert xml1` and fix it"
        )
        // Foundation falls back to the old text format, in which `bplist00` alone reads as a string.
        var format = PropertyListSerialization.PropertyListFormat.xml
        guard data.count >= smallestBinary,
              let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format),
              format == .binary
        else { throw corrupt }
        return PropertyListDocument(root: try node(from: object, file: file, depth: 0), duplicateKeys: [])
    }

    /// Converts what `PropertyListSerialization` returns into nodes without lines.
    private static func node(from object: Any, file: URL, depth: Int) throws(PropertyListError) -> PlistNode {
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
            try checkDepth(depth, location)
            var nodes: [PlistNode] = []
            for item in items { nodes.append(try node(from: item, file: file, depth: depth + 1)) }
            value = .array(nodes)
        } else if let pairs = object as? [String: Any] {
            try checkDepth(depth, location)
            var dict = PlistDict()
            // Binary dictionaries have no document order to keep; sorted keys keep findings deterministic.
            for key in pairs.keys.sorted() {
                dict.set(PlistEntry(key: key, keyLocation: location,
                                    value: try node(from: pairs[key]!, file: file, depth: depth + 1)))
            }
            value = .dict(dict)
        } else {
            value = .string(String(describing: object))
        }
        return PlistNode(value: value, location: location)
    }

    /// `depth` containers are open around this one.
    private static func checkDepth(_ depth: Int, _ location: SourceLocation) throws(PropertyListError) {
        guard depth < PropertyListLimits.nesting else {
            throw PropertyListError.malformed(location, "the property list nests deeper than \(PropertyListLimits.nesting) levels",
                                       hint: "no Info.plist or privacy manifest nests this deep; check the file")
        }
    }
}
