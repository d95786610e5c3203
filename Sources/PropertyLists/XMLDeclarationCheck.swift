import Foundation

/// Refuses what a property list must never hold before libxml2 reads it: an internal DTD subset
/// (`<!DOCTYPE plist [ … ]>`) and entity declarations, in whatever encoding the file is written.
///
/// libxml2 does not report every declaration to the delegate (an `<!ENTITY>` in the internal subset passes
/// silently, and references to it then expand to nothing), so the text is checked first. libxml2 reads
/// UTF-16 and UTF-32 as well as 8-bit encodings, and switches to the encoding a declaration names, so the
/// check decodes the file the way libxml2 will and refuses an encoding declaration that would make libxml2
/// read the bytes differently from the check.
package enum XMLDeclarationCheck {
    /// Whether a `<!DOCTYPE …>` line may appear: a plist has Apple's, without an internal subset.
    package enum DocumentType: Sendable {
        case withoutSubset, refused
    }

    /// The families of encodings libxml2 tells apart by the first bytes.
    private enum Family {
        case eightBit, utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian

        /// The encoding names a declaration may give for a file of this family.
        func allows(_ declared: String) -> Bool {
            let name = declared.lowercased()
            switch self {
            case .eightBit:
                return ["utf-8", "utf8", "us-ascii", "ascii", "latin1", "iso-latin-1"].contains(name)
                    || name.hasPrefix("iso-8859-") || name.hasPrefix("windows-125") || name.hasPrefix("cp125")
            case .utf16LittleEndian, .utf16BigEndian:
                return ["utf-16", "utf16", "utf-16le", "utf-16be", "ucs-2"].contains(name)
            case .utf32LittleEndian, .utf32BigEndian:
                return ["utf-32", "utf32", "utf-32le", "utf-32be", "ucs-4"].contains(name)
            }
        }

        var name: String {
            switch self {
            case .eightBit: "UTF-8"
            case .utf16LittleEndian, .utf16BigEndian: "UTF-16"
            case .utf32LittleEndian, .utf32BigEndian: "UTF-32"
            }
        }
    }

    /// The hint for a property list.
    package static let plistHint = "keep Apple's standard <!DOCTYPE plist PUBLIC …> line and no declarations of your own"

    /// Throws `.malformedInput`, with the line, for a DTD subset, an entity declaration, an encoding libxml2
    /// would read differently, or UTF-16/32 text that does not decode; and for any document type at all
    /// when `documentType` is `.refused` (Android's shared preferences have none). `hint` says how to fix it.
    package static func check(_ data: Data, file: URL, documentType: DocumentType = .withoutSubset,
                              hint: String = plistHint) throws(PropertyListError) {
        let family = family(of: [UInt8](data.prefix(4)))
        let bytes: [UInt8]
        if family == .eightBit {
            bytes = [UInt8](data)
        } else {
            let encoding: String.Encoding = switch family {
            case .utf16LittleEndian: .utf16LittleEndian
            case .utf16BigEndian: .utf16BigEndian
            case .utf32LittleEndian: .utf32LittleEndian
            default: .utf32BigEndian
            }
            guard let text = String(data: data, encoding: encoding) else {
                throw PropertyListError.malformed(SourceLocation(file: file, line: 1),
                                           "the file starts as \(family.name) but is not valid \(family.name)",
                                           hint: "save the file as UTF-8")
            }
            bytes = Array(text.utf8)
        }
        if let declared = declaredEncoding(bytes), !family.allows(declared) {
            throw PropertyListError.malformed(SourceLocation(file: file, line: 1),
                                       "the file is \(family.name) but declares encoding=\"\(declared)\"",
                                       hint: "save the file as UTF-8 with <?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        }
        if let start = find(Array("<!DOCTYPE".utf8), in: bytes) {
            if documentType == .refused {
                throw PropertyListError.malformed(
                    SourceLocation(file: file, line: lineNumber(at: start, in: bytes)),
                    "the file has a document type declaration, which this format never has", hint: hint
                )
            }
            var index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                if bytes[index] == UInt8(ascii: "[") {
                    throw PropertyListError.malformed(
                        SourceLocation(file: file, line: lineNumber(at: index, in: bytes)),
                        "the document type has an internal subset, which a property list must not have", hint: hint
                    )
                }
                index += 1
            }
        }
        if let entity = find(Array("<!ENTITY".utf8), in: bytes) {
            throw PropertyListError.malformed(
                SourceLocation(file: file, line: lineNumber(at: entity, in: bytes)),
                "the file declares a custom entity; only &amp; &lt; &gt; &quot; &apos; and &#…; references are allowed", hint: hint
            )
        }
        if let instruction = processingInstruction(in: bytes) {
            throw PropertyListError.malformed(
                SourceLocation(file: file, line: lineNumber(at: instruction, in: bytes)),
                "the file has a processing instruction (<?…?>) besides the XML declaration, which this format never has",
                hint: hint
            )
        }
    }

    /// Where a processing instruction other than the XML declaration starts, outside comments and CDATA
    /// sections. Neither format has one, and corelibs Foundation's parser crashes on one without data
    /// (`<?name?>`), so they are refused before libxml2 reads the file.
    private static func processingInstruction(in bytes: [UInt8]) -> Int? {
        let open = UInt8(ascii: "<"), question = UInt8(ascii: "?")
        var index = 0
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
                let isDeclaration = matches("<?xml", at: index, in: bytes)
                    && bytes[..<index].allSatisfy { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
                if !isDeclaration { return index }
                index += 2
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

    /// libxml2's detection: a byte-order mark, or the pattern `<?` makes in each encoding.
    private static func family(of start: [UInt8]) -> Family {
        switch start {
        case [0xFF, 0xFE, 0x00, 0x00], [0x3C, 0x00, 0x00, 0x00]: return .utf32LittleEndian
        case [0x00, 0x00, 0xFE, 0xFF], [0x00, 0x00, 0x00, 0x3C]: return .utf32BigEndian
        default: break
        }
        if start.starts(with: [0xFF, 0xFE]) || start == [0x3C, 0x00, 0x3F, 0x00] { return .utf16LittleEndian }
        if start.starts(with: [0xFE, 0xFF]) || start == [0x00, 0x3C, 0x00, 0x3F] { return .utf16BigEndian }
        return .eightBit
    }

    /// The `encoding` of an `<?xml …?>` declaration at the start, if there is one. A declaration that does not
    /// end well (`encoding="utf-7">`) still has libxml2 switch to the encoding it names before it finds the
    /// fault, so the declaration is taken to run to its first `>`.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        var text = String(decoding: bytes.prefix(512), as: UTF8.self)
        if text.unicodeScalars.first == "\u{FEFF}" { text = String(text.unicodeScalars.dropFirst()) }
        guard text.hasPrefix("<?xml") else { return nil }
        let declaration = text[..<(text.firstIndex(of: ">") ?? text.endIndex)]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
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
}
