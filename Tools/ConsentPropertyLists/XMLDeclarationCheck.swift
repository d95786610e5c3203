import Foundation
import ConsentJSON

/// What a property list or Android's shared preferences must never hold, refused before libxml2 reads the
/// file: any encoding but UTF-8, a declaration that is not well formed, an internal DTD subset
/// (`<!DOCTYPE plist [ … ]>`), entity declarations and processing instructions.
///
/// libxml2 switches to the encoding a file's first bytes or its declaration name, and its switch has
/// crashed the process (on UTF-7, and on `encoding='cp1258'` followed by a stray byte). Apple's and
/// Android's writers write UTF-8 only, so nothing else is handed to libxml2: a file in UTF-16 or UTF-32, a
/// declaration naming another encoding or not well formed, and bytes that are not UTF-8 are refused here.
/// libxml2 does not report every declaration to the delegate either (an `<!ENTITY>` in the internal subset
/// passes silently, and references to it then expand to nothing), so the markup is checked first too.
package enum XMLDeclarationCheck {
    /// Whether a `<!DOCTYPE …>` line may appear: a plist has Apple's, without an internal subset.
    package enum DocumentType: Sendable {
        case withoutSubset, refused
    }

    /// What a format allows and how its refusals say to fix the file.
    package struct Format: Sendable {
        package var documentType: DocumentType
        /// The hint for markup the format never has.
        package var hint: String
        /// The declaration the format's writer writes, which a hint tells to start the file with.
        package var declaration: String
        /// The hint for a file that is not UTF-8.
        package var encodingHint: String

        package init(documentType: DocumentType, hint: String, declaration: String, encodingHint: String) {
            self.documentType = documentType
            self.hint = hint
            self.declaration = declaration
            self.encodingHint = encodingHint
        }

        /// A property list, as Xcode and `plutil` write it.
        package static let propertyList = Format(
            documentType: .withoutSubset,
            hint: "keep Apple's standard <!DOCTYPE plist PUBLIC …> line and no declarations of your own",
            declaration: #"<?xml version="1.0" encoding="UTF-8"?>"#,
            encodingHint: "convert the file to UTF-8 XML with `plutil -convert xml1 <file>`; Xcode and plutil write UTF-8"
        )
    }

    /// Throws `.malformedInput`, with the line, for a file that is not UTF-8 or whose declaration is not well
    /// formed (``checkEncoding(_:file:format:)``), a DTD subset, an entity declaration or a processing
    /// instruction; and for any document type at all when the format's is `.refused` (Android's shared
    /// preferences have none).
    package static func check(_ data: Data, file: URL, format: Format = .propertyList) throws(PropertyListError) {
        let bytes = [UInt8](data)
        let declarationEnd = try checkEncoding(bytes, file: file, format: format)
        try checkMarkup(bytes, after: declarationEnd, file: file, format: format)
    }

    /// Throws `.malformedInput` for a file libxml2 would not read as UTF-8: one whose first bytes are
    /// another encoding's (``otherEncoding(of:)``), whose XML declaration names another encoding, is not
    /// well formed or does not open the file, or that holds bytes that are not UTF-8.
    package static func checkEncoding(_ data: Data, file: URL, format: Format) throws(PropertyListError) {
        _ = try checkEncoding([UInt8](data), file: file, format: format)
    }

    /// The encoding libxml2 would switch to by the first bytes of a file, when it is not UTF-8: UTF-16 and
    /// UTF-32 (with a byte-order mark or as `<?` comes out in them), UCS-4 in the orders libxml2 tells apart,
    /// and EBCDIC.
    package static func otherEncoding<Bytes: Collection>(of bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(4))
        switch head {
        case [0xFF, 0xFE, 0x00, 0x00]: return "UTF-32 (little-endian, with a byte-order mark)"
        case [0x00, 0x00, 0xFE, 0xFF]: return "UTF-32 (big-endian, with a byte-order mark)"
        case [0x3C, 0x00, 0x00, 0x00]: return "UTF-32 (little-endian)"
        case [0x00, 0x00, 0x00, 0x3C]: return "UTF-32 (big-endian)"
        case [0x00, 0x00, 0x3C, 0x00], [0x00, 0x3C, 0x00, 0x00]: return "UCS-4 (in an unusual byte order)"
        case [0x3C, 0x00, 0x3F, 0x00]: return "UTF-16 (little-endian)"
        case [0x00, 0x3C, 0x00, 0x3F]: return "UTF-16 (big-endian)"
        case [0x4C, 0x6F, 0xA7, 0x94]: return "EBCDIC"
        default: break
        }
        if head.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian, with a byte-order mark)" }
        if head.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian, with a byte-order mark)" }
        return nil
    }

    /// The offset just past the XML declaration, or 0 when there is none.
    private static func checkEncoding(_ bytes: [UInt8], file: URL, format: Format) throws(PropertyListError) -> Int {
        func refuse(at offset: Int, _ message: String, hint: String) -> PropertyListError {
            .malformed(SourceLocation(file: file, line: lineNumber(at: offset, in: bytes)), message, hint: hint)
        }
        let declarationHint = "start the file with \(format.declaration)"
        if let name = otherEncoding(of: bytes) {
            throw refuse(at: 0, "the file is written in \(name), and only UTF-8 is read", hint: format.encodingHint)
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var end = 0
        if XMLDeclaration.opens(bytes, at: start) {
            let declaration: XMLDeclaration
            do {
                declaration = try XMLDeclaration.read(bytes, at: start)
            } catch {
                if let encoding = error.encoding, !XMLDeclaration.isUTF8(encoding) {
                    throw refuse(at: start, declares(encoding), hint: format.encodingHint)
                }
                throw refuse(at: error.offset, "the XML declaration \(shownDeclaration(bytes, from: start)) is not well formed "
                             + "at column \(column(at: error.offset, in: bytes)): \(error.reason)", hint: declarationHint)
            }
            if let encoding = declaration.encoding, !XMLDeclaration.isUTF8(encoding) {
                throw refuse(at: start, declares(encoding), hint: format.encodingHint)
            }
            end = declaration.end
        } else if let first = bytes[start...].firstIndex(where: { !XMLDeclaration.isSpace($0) }), first > start,
                  XMLDeclaration.opens(bytes, at: first) {
            throw refuse(at: first, "the XML declaration must open the file, but \(first - start) bytes of white space come before it",
                         hint: declarationHint)
        }
        if let offset = UTF8Text.firstInvalidOffset(bytes) {
            throw refuse(at: offset, "the file is not UTF-8: \(XMLDeclaration.described(bytes[offset])) at column "
                         + "\(column(at: offset, in: bytes)) starts no UTF-8 character", hint: format.encodingHint)
        }
        return end
    }

    private static func declares(_ encoding: String) -> String {
        "the file declares encoding=\"\(XMLDeclaration.shown(encoding.utf8))\", and only UTF-8 is read"
    }

    /// The declaration as far as its first `>` (at most 80 bytes), for a message.
    private static func shownDeclaration(_ bytes: [UInt8], from start: Int) -> String {
        let head = bytes[start...].prefix(80)
        let end = head.firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? head.endIndex
        return XMLDeclaration.shown(head[..<end].map { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 ? 0x20 : $0 })
            + (end == head.endIndex && head.count == 80 ? "…" : "")
    }

    private static func checkMarkup(_ bytes: [UInt8], after declarationEnd: Int, file: URL,
                                    format: Format) throws(PropertyListError) {
        func refuse(at offset: Int, _ message: String) -> PropertyListError {
            .malformed(SourceLocation(file: file, line: lineNumber(at: offset, in: bytes)), message, hint: format.hint)
        }
        if let start = find(Array("<!DOCTYPE".utf8), in: bytes) {
            if format.documentType == .refused {
                throw refuse(at: start, "the file has a document type declaration, which this format never has")
            }
            var index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if bytes[index] == UInt8(ascii: "[") {
                    throw refuse(at: index, "the document type has an internal subset, which a property list must not have")
                }
                index += 1
            }
        }
        if let entity = find(Array("<!ENTITY".utf8), in: bytes) {
            throw refuse(at: entity, "the file declares a custom entity; only &amp; &lt; &gt; &quot; &apos; and &#…; references are allowed")
        }
        if let instruction = processingInstruction(in: bytes, from: declarationEnd) {
            throw refuse(at: instruction, "the file has a processing instruction (<?…?>) besides the XML declaration, which this format never has")
        }
    }

    /// Where a processing instruction starts after the XML declaration, outside comments and CDATA
    /// sections. Neither format has one, and corelibs Foundation's parser crashes on one without data
    /// (`<?name?>`), so they are refused before libxml2 reads the file.
    private static func processingInstruction(in bytes: [UInt8], from start: Int) -> Int? {
        let open = UInt8(ascii: "<"), question = UInt8(ascii: "?")
        var index = start
        while index + 1 < bytes.count {
            guard bytes[index] == open else {
                index += 1
                continue
            }
            if matches("<!--", at: index, in: bytes) {
                index = (find(Array("-->".utf8), in: bytes, from: index + 4) ?? bytes.count) + 3
            } else if matches("<![CDATA[", at: index, in: bytes) {
                index = (find(Array("]]>".utf8), in: bytes, from: index + 9) ?? bytes.count) + 3
            } else if bytes[index + 1] == question {
                return index
            } else {
                index += 1
            }
        }
        return nil
    }

    private static func matches(_ text: String, at index: Int, in bytes: [UInt8]) -> Bool {
        let needle = Array(text.utf8)
        return index + needle.count <= bytes.count && bytes[index..<index + needle.count].elementsEqual(needle)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard needle.count <= bytes.count, let first = needle.first else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func lineNumber(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// The 1-based column, in bytes, of `offset` on its line.
    private static func column(at offset: Int, in bytes: [UInt8]) -> Int {
        offset - (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
    }
}
