import Foundation
import ConsentFiles
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
/// well-formed". Binary lists are read by ``BinaryPropertyListReader``, never by Foundation, whose reader
/// crashed on a corrupt one. Files over `InputFileKind.propertyList`'s bound and nesting deeper than
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
            return try BinaryPropertyListReader.parse(data, file: file)
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

    /// `depth` containers are open around this one.
    static func checkDepth(_ depth: Int, _ location: SourceLocation) throws(PropertyListError) {
        guard depth < PropertyListLimits.nesting else {
            throw PropertyListError.malformed(location, "the property list nests deeper than \(PropertyListLimits.nesting) levels",
                                       hint: "no Info.plist or privacy manifest nests this deep; check the file")
        }
    }
}
