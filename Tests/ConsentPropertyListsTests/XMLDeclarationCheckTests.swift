import Foundation
import ConsentPropertyLists
import Testing

/// Nothing reaches libxml2 unless it is UTF-8: another encoding by the first bytes, a declaration naming
/// one or not well formed, and bytes that are not UTF-8 are refused naming what the file holds; an internal
/// DTD subset, an entity or a processing instruction in UTF-8 is refused where it is.
struct XMLDeclarationCheckTests {
    private static let file = URL(fileURLWithPath: "/tmp/Info.plist")

    private static func refusal(_ data: Data) -> PropertyListError? {
        do {
            _ = try PropertyListReader.parse(data, file: file)
            return nil
        } catch {
            return error
        }
    }

    private static func refusal(_ text: String) -> PropertyListError? { refusal(Data(text.utf8)) }

    private static let withSubset = """
        <?xml version="1.0" encoding="ENCODING"?>
        <!DOCTYPE plist [<!ENTITY e "boom">]>
        <plist version="1.0"><dict><key>k</key><string>&e;</string></dict></plist>

        """

    @Test(arguments: [[UInt8](), [0xEF, 0xBB, 0xBF]])
    func refusesAnInternalSubsetInUTF8WhereItIs(_ mark: [UInt8]) throws {
        let error = try #require(Self.refusal(Data(mark) + Data(Self.withSubset.replacingOccurrences(of: "ENCODING", with: "UTF-8").utf8)))
        #expect(error.kind == .malformedInput)
        #expect(error.line == 2)
        #expect(error.message.contains("internal subset"), "\(error.message)")
    }

    /// libxml2 switches encoding by these first bytes; Apple's writers never write them, and a DTD subset
    /// in them is refused with the file (README, "Auditing an app"). Handed on, UTF-32 big-endian without a byte-order
    /// mark crashed libxml2 (SIGSEGV), and UTF-32 little-endian was never read as well-formed.
    @Test(arguments: [
        ("UTF-16", String.Encoding.utf16LittleEndian, [UInt8]([0xFF, 0xFE]), "UTF-16 (little-endian, with a byte-order mark)"),
        ("UTF-16", .utf16BigEndian, [0xFE, 0xFF], "UTF-16 (big-endian, with a byte-order mark)"),
        ("UTF-16", .utf16LittleEndian, [], "UTF-16 (little-endian)"),
        ("UTF-16", .utf16BigEndian, [], "UTF-16 (big-endian)"),
        ("UTF-32", .utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian, with a byte-order mark)"),
        ("UTF-32", .utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian, with a byte-order mark)"),
        ("UTF-32", .utf32LittleEndian, [], "UTF-32 (little-endian)"),
        ("UTF-32", .utf32BigEndian, [], "UTF-32 (big-endian)"),
    ])
    func refusesAFileInAnotherEncodingByItsFirstBytesWithOrWithoutASubset(
        _ name: String, _ encoding: String.Encoding, _ mark: [UInt8], _ described: String
    ) throws {
        for text in [Self.withSubset, PlistText.plist("<key>A</key><string>a</string>")] {
            let declared = text.replacingOccurrences(of: "ENCODING", with: name).replacingOccurrences(of: "UTF-8", with: name)
            let error = try #require(Self.refusal(Data(mark) + (declared.data(using: encoding) ?? Data())))
            #expect(error.kind == .malformedInput)
            #expect(error.line == 1)
            #expect(error.message == "the file is written in \(described), and only UTF-8 is read")
            #expect(error.hint.contains("plutil -convert xml1"))
        }
    }

    @Test(arguments: [[0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40], [0x00, 0x00, 0x3C, 0x00], [0x00, 0x3C, 0x00, 0x00]] as [[UInt8]])
    func refusesTheOtherEncodingsLibxml2TellsByTheFirstBytes(_ head: [UInt8]) throws {
        let error = try #require(Self.refusal(Data(head + Array(" version=\"1.0\"?><plist/>".utf8))))
        #expect(error.message.hasPrefix("the file is written in "), "\(error.message)")
        #expect(error.message.contains("EBCDIC") || error.message.contains("UCS-4"), "\(error.message)")
    }

    @Test(arguments: ["UTF-7", "UTF-16", "EBCDIC-US", "ISO-8859-1", "windows-1252", "cp1258", "US-ASCII", "latin1", "UTF-8a"])
    func refusesADeclarationOfAnyEncodingButUTF8NamingIt(_ declared: String) throws {
        let error = try #require(Self.refusal(PlistText.plist("<key>A</key><string>a</string>")
            .replacingOccurrences(of: "UTF-8", with: declared)))
        #expect(error.kind == .malformedInput)
        #expect(error.line == 1)
        #expect(error.message == "the file declares encoding=\"\(declared)\", and only UTF-8 is read")
    }

    @Test(arguments: [
        #"<?xml version="1.0" encoding="UTF-8"?>"#, #"<?xml version="1.0" encoding="utf-8"?>"#,
        #"<?xml version="1.0" encoding="UTF8"?>"#, "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>",
        #"<?xml version = "1.0"  encoding = "UTF-8" ?>"#, #"<?xml version="1.0" standalone="no"?>"#,
        "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "\u{FEFF}", "",
    ])
    func readsAFileThatIsUTF8WithOrWithoutADeclarationOrAByteOrderMark(_ declaration: String) throws {
        let text = declaration + "\n<plist version=\"1.0\">\n<dict><key>A</key><string>é</string></dict></plist>\n"
        let document = try PropertyListReader.parse(Data(text.utf8), file: Self.file)
        #expect(document.root.dict?["A"]?.value.string == "é")
        #expect(document.root.dict?["A"]?.keyLocation.line == 3)
    }

    /// libxml2 switches to the encoding a declaration names before it finds what is wrong after it, and
    /// crashed on UTF-7 cut short and on cp1258 followed by a stray byte (the fuzzers' finds, 44 bytes the
    /// second): the encoding named is what the refusal reports.
    @Test(arguments: [
        ("<?xml version=\"1.0\" encoding=\"utf-7\"\u{BE}>\n<plist version=\"1.0\"><dict/></plist>\n", "utf-7"),
        ("<?xml version=\"1.0\" encoding='UTF-7'>\n<plist version=\"1.0\"><dict/></plist>\n", "UTF-7"),
        ("<?xml version='1.0' encoding='cp1258'\u{90}?><map", "cp1258"),
    ])
    func refusesAnotherEncodingInADeclarationCutShortNamingIt(_ text: String, _ declared: String) throws {
        var bytes = Array(text.utf8)
        if let scalar = text.unicodeScalars.first(where: { $0.value >= 0x80 && $0.value < 0x100 }) {
            // The stray byte itself, not its UTF-8 encoding: these inputs are not UTF-8.
            let encoded = Array(String(scalar).utf8)
            let at = try #require(bytes.indices.first { bytes[$0...].starts(with: encoded) })
            bytes.replaceSubrange(at..<at + encoded.count, with: [UInt8(scalar.value)])
        }
        let error = try #require(Self.refusal(Data(bytes)))
        #expect(error.kind == .malformedInput)
        #expect(error.line == 1)
        #expect(error.message == "the file declares encoding=\"\(declared)\", and only UTF-8 is read")
    }

    @Test func theFortyFourBytesOfTheCP1258CrashAreRefusedAsTheyAre() throws {
        let bytes = Array("<?xml version='1.0' encoding='cp1258'".utf8) + [0x90] + Array("?><map".utf8)
        #expect(bytes.count == 44)
        let error = try #require(Self.refusal(Data(bytes)))
        #expect(error.message.contains("encoding=\"cp1258\""), "\(error.message)")
    }

    @Test(arguments: [
        ("<?xml version=1.0?>", 15, #"a quote around the version belongs where "1" is"#),
        (#"<?xml encoding="UTF-8"?>"#, 7, #"the declaration starts with version="1.0", but "e" comes first"#),
        (#"<?xml version="2.0"?>"#, 16, #"the version "2.0" is not "1.0""#),
        (#"<?xml version="1.0"encoding="UTF-8"?>"#, 20, #""?>" or a space belongs where "e" is"#),
        (#"<?xml version="1.0" encoding="UT F-8"?>"#, 31, #"the encoding "UT F-8" is not an encoding name"#),
        (#"<?xml version="1.0" standalone="maybe"?>"#, 33, #"the standalone "maybe" is not "yes" or "no""#),
        (#"<?xml version="1.0" standalone="yes" encoding="UTF-8"?>"#, 38, #""?>" belongs where "e" is"#),
        (#"<?xml version="1.0" encoding='UTF-8"?>"#, 31, #"the ' that opens the encoding is never closed"#),
        (#"<?xml version="1.1"?>"#, 16, #"the version "1.1" is not "1.0""#),
        (#"<?xml version="1.0" encoding="UTF-8">"#, 37, #""?>" or a space belongs where ">" is"#),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"\u{7F}?>", 37, #""?>" or a space belongs where byte 0x7F is"#),
        ("<?xml?>", 6, #"a space before version belongs where "?" is"#),
    ])
    func refusesADeclarationThatIsNotWellFormedSayingWhereAndWhat(_ declaration: String, _ column: Int, _ reason: String) throws {
        let error = try #require(Self.refusal(declaration + "\n<plist version=\"1.0\"><dict/></plist>\n"))
        #expect(error.kind == .malformedInput)
        #expect(error.line == 1)
        #expect(error.message.hasPrefix("the XML declaration <?xml"), "\(error.message)")
        #expect(error.message.contains("is not well formed at column \(column): \(reason)"), "\(error.message)")
        #expect(error.hint == "start the file with <?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    }

    @Test func refusesADeclarationThatRunsToTheEndOfTheFile() throws {
        let error = try #require(Self.refusal(#"<?xml version="1.0""#))
        #expect(error.message.hasSuffix(#"at column 20: "?>" or a space belongs where the end of the file is"#), "\(error.message)")
    }

    @Test(arguments: ["  ", "\n", "\u{FEFF}\n"])
    func refusesADeclarationThatDoesNotOpenTheFile(_ before: String) throws {
        let error = try #require(Self.refusal(before + "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist><dict/></plist>\n"))
        #expect(error.message.hasPrefix("the XML declaration must open the file"), "\(error.message)")
    }

    @Test func refusesBytesThatAreNotUTF8WithTheirLineAndColumn() throws {
        let text = PlistText.plist("<key>A</key>\n<string>caf\u{E9}</string>")
        var bytes = Array(text.utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: [0xC3, 0xA9]) })
        bytes.replaceSubrange(at..<at + 2, with: [0xE9])
        let error = try #require(Self.refusal(Data(bytes)))
        #expect(error.line == 6)
        #expect(error.message == "the file is not UTF-8: byte 0xE9 at column 12 starts no UTF-8 character")
    }

    /// corelibs Foundation's XML parser crashed on a processing instruction without data (a fuzzer's find);
    /// a plist has none but its XML declaration, in a comment or a CDATA section `<?` is only text.
    @Test(arguments: [("<?cp125xz?>\n<plist version=\"1.0\"><dict/></plist>\n", 1),
                      ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><?php echo 1 ?></dict></plist>\n", 3),
                      ("<?xml-stylesheet href=\"a.xsl\"?>\n<plist version=\"1.0\"><dict/></plist>\n", 1),
                      ("\u{FEFF}<?x?>\n<plist version=\"1.0\"><dict/></plist>\n", 1)])
    func refusesAProcessingInstruction(_ text: String, _ line: Int) throws {
        let error = try #require(Self.refusal(text))
        #expect(error.kind == .malformedInput)
        #expect(error.message.contains("processing instruction"), "\(error.message)")
        #expect(error.line == line)
    }

    @Test func readsAQuestionMarkAfterALessThanInACommentOrACDATASectionAsText() throws {
        let text = PlistText.plist("<!-- <?not an instruction?> --><key>A</key><string><![CDATA[<?x?>]]></string>")
        let document = try PropertyListReader.parse(Data(text.utf8), file: Self.file)
        #expect(document.root.dict?["A"]?.value.string == "<?x?>")
    }
}

/// The declaration's grammar, read on its own.
struct XMLDeclarationTests {
    @Test func readsEveryPartAndWhereTheDeclarationEnds() throws {
        let bytes = Array("<?xml version='1.0' encoding=\"UTF-8\" standalone='yes' ?><map/>".utf8)
        #expect(XMLDeclaration.opens(bytes, at: 0))
        let declaration = try XMLDeclaration.read(bytes, at: 0)
        #expect(declaration.version == "1.0")
        #expect(declaration.encoding == "UTF-8")
        #expect(declaration.standalone == "yes")
        #expect(declaration.end == bytes.count - 6)
        #expect(Array(bytes[declaration.end...]) == Array("<map/>".utf8))
    }

    @Test func aFaultAfterTheEncodingCarriesTheEncoding() {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"KOI8-R\"".utf8) + [0x90]
        do {
            _ = try XMLDeclaration.read(bytes, at: 0)
            Issue.record("read")
        } catch {
            #expect(error.reason == "\"?>\" or a space belongs where byte 0x90 is")
            #expect(error.offset == 37)
            #expect(error.encoding == "KOI8-R")
        }
    }

    @Test(arguments: ["<?xml-stylesheet?>", "<?xmlns ?>", "<?xm", "<?php ?>", " <?xml ?>", "<?xml\u{90}"])
    func aProcessingInstructionOrAnythingElseDoesNotOpenADeclaration(_ text: String) {
        #expect(!XMLDeclaration.opens(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }, at: 0))
    }

    @Test(arguments: ["<?xml ?>", "<?xml?>", "<?xml", "<?xml>"])
    func xmlFollowedByNoOtherNameCharacterOpensADeclaration(_ text: String) {
        #expect(XMLDeclaration.opens(Array(text.utf8), at: 0))
    }
}
