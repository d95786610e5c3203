import ConsentDates
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Builds plist nodes from libxml2's SAX events, remembering the line of every key and value.
///
/// The first problem found stops the parse: a property list that is wrong in one place is not trusted in
/// the next. Only the owning `PropertyListReader` uses it, synchronously, on one thread.
final class PlistXMLBuilder: NSObject, XMLParserDelegate {
    struct Failure {
        var location: SourceLocation
        var message: String
        var hint: String
    }

    private(set) var root: PlistNode?
    private(set) var duplicateKeys: [DuplicateKey] = []
    private(set) var failure: Failure?

    private let file: URL
    private unowned let parser: XMLParser
    private var stack: [Frame] = []
    /// How many `<dict>` and `<array>` elements of `stack` are open.
    private var containerDepth = 0

    /// An element being read. Containers collect children; scalars and keys collect text.
    private struct Frame {
        var tag: String
        var line: Int
        var text = ""
        var items: [PlistNode] = []
        var dict = PlistDict()
        var pendingKey: (name: String, location: SourceLocation)?
        var child: PlistNode?
    }

    private static let valueTags: Set<String> = [
        "dict", "array", "string", "integer", "real", "true", "false", "date", "data",
    ]

    init(file: URL, parser: XMLParser) {
        self.file = file.standardizedFileURL
        self.parser = parser
    }

    private var currentLine: Int { max(parser.lineNumber, 1) }

    private func location(_ line: Int) -> SourceLocation { SourceLocation(standardizedFile: file, line: line) }

    private func fail(_ message: String, line: Int? = nil, hint: String = "fix the XML; `plutil -lint` checks it") {
        guard failure == nil else { return }
        failure = Failure(location: location(line ?? currentLine), message: message, hint: hint)
        parser.abortParsing()
    }

    // MARK: Elements

    func parser(
        _ parser: XMLParser, didStartElement tag: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        let line = currentLine
        if tag == "plist" {
            guard stack.isEmpty, root == nil else { return fail("<plist> may only be the document element") }
        } else if tag == "key" {
            guard let parent = stack.last, parent.tag == "dict" else { return fail("<key> outside a <dict>") }
            if let pending = parent.pendingKey {
                return fail("the key \"\(pending.name)\" on line \(pending.location.line ?? line) has no value")
            }
        } else if Self.valueTags.contains(tag) {
            guard checkPlaceForValue(tag) else { return }
            if tag == "dict" || tag == "array" {
                guard containerDepth < PropertyListLimits.nesting else {
                    return fail("the property list nests deeper than \(PropertyListLimits.nesting) levels",
                                hint: "no Info.plist or privacy manifest nests this deep; check the file")
                }
                containerDepth += 1
            }
        } else {
            return fail("<\(tag)> is not a property-list element")
        }
        stack.append(Frame(tag: tag, line: line))
    }

    /// A value may start at the top, as the one child of <plist>, after a key in a dict, or in an array.
    private func checkPlaceForValue(_ tag: String) -> Bool {
        guard let parent = stack.last else {
            if root != nil { fail("a second root object; a property list holds exactly one") }
            return failure == nil
        }
        switch parent.tag {
        case "plist":
            if parent.child != nil { fail("a second root object; a property list holds exactly one") }
        case "dict":
            if parent.pendingKey == nil { fail("<\(tag)> inside a <dict> where a <key> belongs") }
        case "array":
            break
        default:
            fail("<\(tag)> inside <\(parent.tag)>, which holds only text")
        }
        return failure == nil
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        appendText(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        appendText(String(decoding: CDATABlock, as: UTF8.self))
    }

    private func appendText(_ text: String) {
        guard failure == nil, let top = stack.indices.last else { return }
        switch stack[top].tag {
        case "dict", "array", "plist":
            if let last = text.lastIndex(where: { !$0.isWhitespace }) {
                // libxml2 reports the line where the text ends; the stray text itself ends earlier.
                let trailingNewlines = text[last...].filter(\.isNewline).count
                fail("text \"\(text.trimmingCharacters(in: .whitespacesAndNewlines))\" inside <\(stack[top].tag)>",
                     line: currentLine - trailingNewlines)
            }
        default:
            stack[top].text += text
        }
    }

    func parser(_ parser: XMLParser, didEndElement tag: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil, let frame = stack.popLast() else { return }
        if frame.tag == "dict" || frame.tag == "array" { containerDepth -= 1 }
        let here = location(frame.line)
        switch frame.tag {
        case "plist":
            guard let child = frame.child else { return fail("<plist> holds no object", line: frame.line) }
            root = child
        case "key":
            stack[stack.count - 1].pendingKey = (frame.text, here)
        default:
            guard let value = value(of: frame) else { return }
            attach(PlistNode(value: value, location: here))
        }
    }

    private func value(of frame: Frame) -> PlistValue? {
        let text = frame.text
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch frame.tag {
        case "dict":
            if let pending = frame.pendingKey {
                fail("the key \"\(pending.name)\" has no value", line: pending.location.line)
                return nil
            }
            return .dict(frame.dict)
        case "array":
            return .array(frame.items)
        case "string":
            return .string(text)
        case "true", "false":
            guard trimmed.isEmpty else {
                fail("<\(frame.tag)> must be empty, as <\(frame.tag)/>", line: frame.line)
                return nil
            }
            return .bool(frame.tag == "true")
        case "integer":
            return scalar(PlistScalars.integer(trimmed).map(PlistValue.integer), frame,
                          "\"\(trimmed)\" is not a base-10 integer")
        case "real":
            return scalar(PlistScalars.real(trimmed).map(PlistValue.real), frame, "\"\(trimmed)\" is not a number")
        case "date":
            return scalar(PlistScalars.date(trimmed).map(PlistValue.date), frame,
                          ISO8601.refusal(of: trimmed, forms: PlistScalars.dateForms))
        default:
            return scalar(PlistScalars.data(text).map(PlistValue.data), frame, "the <data> is not valid base64")
        }
    }

    private func scalar(_ value: PlistValue?, _ frame: Frame, _ message: String) -> PlistValue? {
        if value == nil { fail(message, line: frame.line, hint: "correct the <\(frame.tag)> value") }
        return value
    }

    private func attach(_ node: PlistNode) {
        guard let top = stack.indices.last else {
            root = node
            return
        }
        switch stack[top].tag {
        case "dict":
            guard let key = stack[top].pendingKey else { return }
            stack[top].pendingKey = nil
            let entry = PlistEntry(key: key.name, keyLocation: key.location, value: node)
            if let replaced = stack[top].dict.set(entry) {
                duplicateKeys.append(DuplicateKey(key: key.name, first: replaced.keyLocation, second: key.location))
            }
        case "array":
            stack[top].items.append(node)
        default:
            stack[top].child = node
        }
    }

    // MARK: Errors and declarations

    /// libxml2's error numbers, which `XMLParser` passes on unchanged; on Linux they do not line up with
    /// the cases of `XMLParser.ErrorCode`, so they are named here.
    private enum LibXML2Error {
        static let documentEnd = 5
        static let undeclaredEntity = 26
        static let undeclaredEntityWarning = 27
        static let tagNameMismatch = 76
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        let hint = "close every element in the order it was opened"
        // An element left open is reported where it opened: that is the line to fix, whether libxml2
        // noticed at a closing tag of another element or at the end of the file.
        if code == LibXML2Error.tagNameMismatch || code == LibXML2Error.documentEnd, let open = stack.last {
            return fail("<\(open.tag)> is not closed: line \(currentLine) closes another element "
                            + "or ends the file first", line: open.line, hint: hint)
        }
        if code == LibXML2Error.documentEnd {
            return fail("content after the root element; a property list holds exactly one root")
        }
        if code == LibXML2Error.undeclaredEntity || code == LibXML2Error.undeclaredEntityWarning {
            return fail("an undefined entity; only &amp; &lt; &gt; &quot; &apos; and &#…; references are allowed")
        }
        fail("the XML is not well-formed (libxml2 error \(code))")
    }

    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        fail("a DTD element declaration for <\(elementName)>")
    }

    func parser(
        _ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String,
        forElement elementName: String, type: String?, defaultValue: String?
    ) {
        fail("a DTD attribute declaration for <\(elementName)>")
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail("a custom entity declaration &\(name);")
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String,
        publicID: String?, systemID: String?
    ) {
        fail("an external entity declaration &\(name);")
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail("a reference to the undefined entity &\(name);")
        return nil
    }
}
