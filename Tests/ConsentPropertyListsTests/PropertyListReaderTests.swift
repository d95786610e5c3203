import Foundation
import Testing
import ConsentPropertyLists

struct PropertyListReaderTests {
    @Test func readsEveryValueKindWithTheLineOfItsKeyAndValue() throws {
        let document = try PlistText.parse(PlistText.plist("""
            <key>Name</key>
            <string>Shopping &amp; Co</string>
            <key>Count</key>
            <integer>-42</integer>
            <key>Ratio</key>
            <real>1.5</real>
            <key>On</key>
            <true/>
            <key>When</key>
            <date>2026-02-28T10:00:00Z</date>
            <key>Blob</key>
            <data>AQID</data>
            <key>List</key>
            <array>
                <string>a</string>
            </array>
            """))
        let root = try #require(document.root.dict)
        #expect(document.root.location.line == 4)
        #expect(root["Name"]?.value.value == .string("Shopping & Co"))
        #expect(root["Name"]?.keyLocation.line == 5)
        #expect(root["Name"]?.value.location.line == 6)
        #expect(root["Count"]?.value.value == .integer(-42))
        #expect(root["Ratio"]?.value.value == .real(1.5))
        #expect(root["On"]?.value.value == .bool(true))
        #expect(root["When"]?.value.value == .date(Date(timeIntervalSince1970: 1_772_272_800)))
        #expect(root["Blob"]?.value.value == .data(Data([1, 2, 3])))
        let list = try #require(root["List"]?.value.array)
        #expect(list.map(\.value) == [.string("a")])
        #expect(list.first?.location.line == 19)
        #expect(root.entries.map(\.key) == ["Name", "Count", "Ratio", "On", "When", "Blob", "List"])
    }

    @Test func keepsTheWhitespaceOfAStringExactly() throws {
        let document = try PlistText.parse(PlistText.plist("<key>AdBannerUnitID</key><string> id </string>"))
        #expect(document.root.dict?["AdBannerUnitID"]?.value.string == " id ")
    }

    @Test func reportsADuplicateKeyWithTheLinesOfBothKeysAndKeepsTheLastValue() throws {
        let document = try PlistText.parse(PlistText.plist("""
            <key>GADApplicationIdentifier</key>
            <string>first</string>
            <key>GADApplicationIdentifier</key>
            <string>second</string>
            """))
        let duplicate = try #require(document.duplicateKeys.first)
        #expect(document.duplicateKeys.count == 1)
        #expect(duplicate.key == "GADApplicationIdentifier")
        #expect(duplicate.first.line == 5)
        #expect(duplicate.second.line == 7)
        #expect(document.root.dict?["GADApplicationIdentifier"]?.value.string == "second")
    }

    static let malformed: [(name: String, text: String, line: Int, message: String)] = [
        ("unclosed dict", "<plist>\n<dict>\n<key>A</key>\n<string>x</string>\n</plist>\n", 2, "<dict> is not closed"),
        ("unclosed at end of file", "<plist>\n<dict>\n<key>A</key>\n<string>x</string>\n", 2, "<dict> is not closed"),
        ("non-key inside dict", "<plist>\n<dict>\n<string>x</string>\n</dict>\n</plist>\n", 3, "where a <key> belongs"),
        ("key without value", "<plist>\n<dict>\n<key>A</key>\n</dict>\n</plist>\n", 3, "\"A\" has no value"),
        ("second root in plist", "<plist>\n<dict/>\n<array/>\n</plist>\n", 3, "second root"),
        ("second root element", "<plist>\n<dict/>\n</plist>\n<plist/>\n", 4, "after the root element"),
        ("bad date", "<plist>\n<date>2026-02-30T00:00:00Z</date>\n</plist>\n", 2, "is not an ISO 8601 date"),
        ("date without seconds", "<plist>\n<date>2026-02-01T00:00Z</date>\n</plist>\n", 2, "is not an ISO 8601 date"),
        ("invalid base64", "<plist>\n<dict>\n<key>D</key>\n<data>@@@@</data>\n</dict>\n</plist>\n", 4, "not valid base64"),
        ("bad integer", "<plist>\n<integer>1.5</integer>\n</plist>\n", 2, "not a base-10 integer"),
        ("text in true", "<plist>\n<true>yes</true>\n</plist>\n", 2, "must be empty"),
        ("unknown element", "<plist>\n<dict>\n<key>A</key>\n<bool/>\n</dict>\n</plist>\n", 4, "not a property-list element"),
        ("text inside dict", "<plist>\n<dict>\nstray\n</dict>\n</plist>\n", 3, "inside <dict>"),
        ("internal DTD subset", "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n<!ELEMENT plist ANY>\n]>\n<plist><dict/></plist>\n",
         2, "internal subset"),
        ("entity declaration", "<?xml version=\"1.0\"?>\n<plist><dict/></plist>\n<!ENTITY x \"y\">\n", 3, "custom entity"),
        ("undefined entity", "<plist>\n<string>&x;</string>\n</plist>\n", 2, "undefined entity"),
        ("empty plist", "<plist>\n</plist>\n", 1, "holds no object"),
        ("empty file", "", 1, "the file is empty"),
    ]

    @Test(arguments: malformed)
    func refusesAMalformedPlistWithTheLineOfTheProblem(
        _ example: (name: String, text: String, line: Int, message: String)
    ) {
        do {
            _ = try PlistText.parse(example.text)
            Issue.record("\(example.name) was accepted")
        } catch {
            #expect(error.kind == .malformedInput, "\(example.name)")
            #expect(error.line == example.line, "\(example.name): \(error.message)")
            #expect(error.message.contains(example.message), "\(example.name): \(error.message)")
            #expect(error.file == "/tmp/Test.plist")
        }
    }

    @Test func readsABinaryPlistWithoutLineNumbers() throws {
        let object: [String: Any] = ["GADApplicationIdentifier": "ca-app-pub-3940256099942544~1458002511",
                                     "GADDelayAppMeasurementInit": true, "Count": 1, "Ratio": 0.5]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let document = try PropertyListReader.parse(data, file: URL(fileURLWithPath: "/tmp/Binary.plist"))
        let root = try #require(document.root.dict)
        #expect(root["GADApplicationIdentifier"]?.value.string == "ca-app-pub-3940256099942544~1458002511")
        #expect(root["GADDelayAppMeasurementInit"]?.value.value == .bool(true))
        #expect(root["Count"]?.value.value == .integer(1))
        #expect(root["Ratio"]?.value.value == .real(0.5))
        #expect(root["Count"]?.value.location.line == nil)
        #expect(root.entries.map(\.key) == ["Count", "GADApplicationIdentifier", "GADDelayAppMeasurementInit", "Ratio"])
    }

    @Test func refusesACorruptBinaryPlist() {
        #expect(throws: PropertyListError.self) {
            try PropertyListReader.parse(Data("bplist00 not really".utf8), file: URL(fileURLWithPath: "/tmp/B.plist"))
        }
    }

    @Test func reportsAMissingFileAsMissing() {
        do {
            _ = try PropertyListReader.read(URL(fileURLWithPath: "/nonexistent/Info.plist"))
            Issue.record("a missing file was read")
        } catch {
            #expect(error.kind == .missingFile)
        }
    }

    @Test(arguments: ["shopping.example.com\n", "{\"GADApplicationIdentifier\": \"x\"}", "\u{FEFF}key = value;"])
    func aFileThatIsNeitherXMLNorBinaryIsNamedAsSuch(_ text: String) {
        do {
            _ = try PlistText.parse(text)
            Issue.record("read \(text)")
        } catch {
            #expect(error.kind == .malformedInput)
            #expect(error.message == "the file is not a property list: it is neither XML nor binary")
        }
    }
}
