import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ConsentPropertyLists

/// Reads Android's shared-preferences XML (`/data/data/<package>/shared_prefs/<name>.xml`) as strictly as
/// the property-list reader reads plists: one `<map>` of `string`, `int`, `long`, `boolean`, `float` and
/// `set` entries, each with a `name`; no document type, no entity declarations, nothing else.
package enum AndroidPreferencesReader {
    static let hint = "Android writes <map> with <string>, <int>, <long>, <boolean>, <float> and <set> entries; "
        + "copy the file from the device with adb exec-out run-as <package> cat shared_prefs/<name>.xml"

    /// What the declaration check allows: UTF-8 as Android writes it, and no document type.
    static let format = XMLDeclarationCheck.Format(
        documentType: .refused, hint: hint, declaration: "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>",
        encodingHint: "Android writes shared preferences in UTF-8; copy the file from the device again with "
            + "adb exec-out run-as <package> cat shared_prefs/<name>.xml"
    )

    package static func parse(_ data: Data, file: URL) throws(PropertyListError) -> DevicePreferences {
        try XMLDeclarationCheck.check(data, file: file, format: format)
        let parser = XMLParser(stream: InputStream(data: data))
        let builder = AndroidMapBuilder(file: file, parser: parser)
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        // As with plists, parse() can report success after libxml2 gave up: the builder's own failure and
        // `parserError` are both checked.
        let succeeded = parser.parse()
        if let failure = builder.failure { throw failure }
        let line = parser.lineNumber > 0 ? parser.lineNumber : nil
        guard succeeded, parser.parserError == nil else {
            throw PropertyListError.malformed(SourceLocation(file: file, line: line), "the XML is not well-formed",
                                              hint: "check that the whole file was copied from the device")
        }
        guard builder.sawMap else {
            throw PropertyListError.malformed(SourceLocation(file: file, line: line),
                                              "the file holds no <map>", hint: hint)
        }
        return DevicePreferences(format: .androidSharedPreferences, entries: builder.entries)
    }
}

/// Builds the entries of a `<map>` from libxml2's SAX events; the first problem stops the parse.
private final class AndroidMapBuilder: NSObject, XMLParserDelegate {
    private(set) var entries: [DevicePreferences.Entry] = []
    private(set) var failure: PropertyListError?
    private(set) var sawMap = false

    private let file: URL
    private unowned let parser: XMLParser
    /// The open entry: its element, name and line, the text read so far, and a set's strings.
    private var open: (tag: String, name: String, line: Int, text: String, items: [String])?
    private var insideSetString = false
    private var mapClosed = false

    private static let scalarTags: Set<String> = ["int", "long", "boolean", "float"]

    init(file: URL, parser: XMLParser) {
        self.file = file
        self.parser = parser
    }

    private var line: Int { max(parser.lineNumber, 1) }

    private func fail(_ message: String, line: Int? = nil) {
        guard failure == nil else { return }
        failure = .malformed(SourceLocation(file: file, line: line ?? self.line), message,
                             hint: AndroidPreferencesReader.hint)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement tag: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard failure == nil else { return }
        if !sawMap {
            guard tag == "map" else { return fail("the root element is <\(tag)>; shared preferences are one <map>") }
            sawMap = true
            return
        }
        if mapClosed { return fail("content after </map>") }
        if let current = open {
            guard current.tag == "set", tag == "string", !insideSetString else {
                return fail("<\(tag)> inside <\(current.tag)>")
            }
            insideSetString = true
            open?.text = ""
            return
        }
        guard tag == "string" || tag == "set" || Self.scalarTags.contains(tag) else {
            return fail("<\(tag)> is not a shared-preferences entry")
        }
        guard let name = attributes["name"] else { return fail("<\(tag)> has no name attribute") }
        if Self.scalarTags.contains(tag) {
            guard let text = attributes["value"] else { return fail("<\(tag) name=\"\(name)\"> has no value attribute") }
            guard let value = Self.scalar(tag, text) else {
                return fail("<\(tag) name=\"\(name)\"> has the value \"\(text)\", which is not \(Self.phrase(tag))")
            }
            entries.append(DevicePreferences.Entry(name: name, value: value, line: line))
        }
        open = (tag, name, line, "", [])
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil else { return }
        guard let current = open, current.tag == "string" || insideSetString else {
            if string.contains(where: { !$0.isWhitespace }) {
                fail("text \"\(string.trimmingCharacters(in: .whitespacesAndNewlines))\" outside a <string>")
            }
            return
        }
        open?.text += string
    }

    func parser(_ parser: XMLParser, didEndElement tag: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil else { return }
        guard let current = open else {
            if tag == "map" { mapClosed = true }
            return
        }
        if insideSetString {
            insideSetString = false
            open?.items.append(current.text)
            return
        }
        switch current.tag {
        case "string":
            entries.append(DevicePreferences.Entry(name: current.name, value: .string(current.text), line: current.line))
        case "set":
            entries.append(DevicePreferences.Entry(name: current.name, value: .stringSet(current.items), line: current.line))
        default:
            break
        }
        open = nil
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        // libxml2's numbers for an undeclared entity (26 and 27 as a warning); they do not match
        // XMLParser.ErrorCode on Linux.
        if code == 26 || code == 27 {
            return fail("an undefined entity; only &amp; &lt; &gt; &quot; &apos; and &#…; references are allowed")
        }
        if let current = open {
            return fail("<\(current.tag) name=\"\(current.name)\"> is not closed", line: current.line)
        }
        fail("the XML is not well-formed (libxml2 error \(code))")
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail("a reference to the undefined entity &\(name);")
        return nil
    }

    private static func scalar(_ tag: String, _ text: String) -> PreferenceValue? {
        switch tag {
        case "int": return Int32(text).map { .integer(Int($0)) }
        case "long": return Int64(text).map { .integer(Int($0)) }
        case "boolean": return text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : nil
        default: return Float(text).map { .real(Double($0)) }
        }
    }

    private static func phrase(_ tag: String) -> String {
        switch tag {
        case "int": "a 32-bit integer"
        case "long": "a 64-bit integer"
        case "boolean": "true or false"
        default: "a number"
        }
    }
}
