import ConsentPreferences
import Foundation
import Testing

struct PreferencesReaderTests {
    @Test func theSameKeysReadAlikeFromAnXMLPlistABinaryPlistAndAndroidSharedPreferences() throws {
        let url = TestFiles.device("accept-all.plist")
        let xml = try PreferencesReader.read(contentsOf: url)
        let binary = try PreferencesReader.parse(try TestFiles.binaryPlist(of: url), file: URL(fileURLWithPath: "/tmp/b.plist"))
        let android = try TestFiles.parse(TestFiles.androidXML(of: xml))
        #expect(xml.format == .xmlPropertyList)
        #expect(binary.format == .binaryPropertyList)
        #expect(android.format == .androidSharedPreferences)
        #expect(xml.entries.count == 24)
        #expect(TestFiles.values(binary) == TestFiles.values(xml))
        #expect(TestFiles.values(android) == TestFiles.values(xml))
        #expect(xml.entry("IABTCF_gdprApplies")?.line != nil)
        #expect(binary.entry("IABTCF_gdprApplies")?.line == nil)
    }

    @Test func theCommittedBinaryAndAndroidDevicesHoldTheKeysOfTheXMLOne() throws {
        let xml = TestFiles.values(try PreferencesReader.read(contentsOf: TestFiles.device("accept-all.plist")))
        #expect(TestFiles.values(try PreferencesReader.read(contentsOf: TestFiles.device("accept-all-binary.plist"))) == xml)
        #expect(TestFiles.values(try PreferencesReader.read(contentsOf: TestFiles.device("accept-all-android.xml"))) == xml)
    }

    @Test func androidEntriesKeepTheirTypesAndTheirLines() throws {
        let preferences = try TestFiles.parse("""
            <?xml version='1.0' encoding='utf-8' standalone='yes' ?>
            <map>
                <string name="IABTCF_TCString">a &amp; b</string>
                <int name="IABTCF_gdprApplies" value="1" />
                <long name="last" value="1780000000000" />
                <boolean name="done" value="true" />
                <float name="ratio" value="0.5" />
                <set name="screens">
                    <string>home</string>
                    <string>settings</string>
                </set>
                <string name="empty"></string>
            </map>
            """)
        #expect(preferences["IABTCF_TCString"] == .string("a & b"))
        #expect(preferences["IABTCF_gdprApplies"] == .integer(1))
        #expect(preferences["last"] == .integer(1_780_000_000_000))
        #expect(preferences["done"] == .boolean(true))
        #expect(preferences["ratio"] == .real(0.5))
        #expect(preferences["screens"] == .stringSet(["home", "settings"]))
        #expect(preferences["empty"] == .string(""))
        #expect(preferences.entry("IABTCF_gdprApplies")?.line == 4)
    }

    @Test func anAndroidNameWrittenTwiceKeepsTheLastValueAndIsNoted() throws {
        let preferences = try TestFiles.parse("""
            <map><int name="IABTCF_gdprApplies" value="0" /><int name="IABTCF_gdprApplies" value="1" /></map>
            """)
        #expect(preferences["IABTCF_gdprApplies"] == .integer(1))
        #expect(preferences.duplicateKeys == ["IABTCF_gdprApplies"])
    }

    static let refusedAndroid: [(name: String, text: String, message: String, line: Int?)] = [
        ("a document type", "<?xml version='1.0'?>\n<!DOCTYPE map>\n<map/>", "document type declaration", 2),
        ("an entity declaration", "<?xml version='1.0'?>\n<map/>\n<!ENTITY x \"y\">", "custom entity", 3),
        ("an undefined entity", "<map>\n<string name=\"a\">&x;</string>\n</map>", "undefined entity", 2),
        ("an element Android never writes", "<map>\n<double name=\"a\" value=\"1\" />\n</map>", "<double> is not a shared-preferences entry", 2),
        ("an entry without a name", "<map>\n<int value=\"1\" />\n</map>", "<int> has no name attribute", 2),
        ("an int that is not a number", "<map>\n<int name=\"a\" value=\"one\" />\n</map>", "not a 32-bit integer", 2),
        ("a boolean that is not true or false", "<map>\n<boolean name=\"a\" value=\"1\" />\n</map>", "not true or false", 2),
        ("an entry inside an entry", "<map>\n<string name=\"a\"><int name=\"b\" value=\"1\"/></string>\n</map>", "<int> inside <string>", 2),
        ("stray text", "<map>\nhello\n</map>", "outside a <string>", nil),
        ("an unclosed entry", "<map>\n<string name=\"a\">x\n</map>", "is not closed", 2),
    ]

    @Test(arguments: refusedAndroid)
    func androidPreferencesAreReadAsStrictlyAsPlists(_ example: (name: String, text: String, message: String, line: Int?)) {
        do {
            _ = try TestFiles.parse(example.text)
            Issue.record("\(example.name) was accepted")
        } catch {
            #expect(error.kind == .notPreferences, "\(example.name)")
            #expect(error.message.contains(example.message), "\(example.name): \(error.message)")
            if let line = example.line { #expect(error.line == line, "\(example.name): \(error)") }
        }
    }

    static let notPreferences: [(name: String, text: String, looksLike: String)] = [
        ("JSON", "{\"IABTCF_gdprApplies\": 1}", "it looks like JSON"),
        ("defaults read output", "{\n    IABTCF_gdprApplies = 1;\n    IABTCF_TCString = \"CQ\";\n}\n", "it looks like `defaults read` output"),
        ("plain text", "IABTCF_gdprApplies = 1\n", "it looks like plain text (\"IABTCF_gdprApplies = 1\")"),
        ("an empty file", " \n", "the file is empty"),
        ("HTML", "<!DOCTYPE html>\n<html><body/></html>", "it is XML whose root element is <html>"),
        ("an Info.plist", "<plist><dict><key>CFBundleIdentifier</key><string>com.example</string></dict></plist>",
         "it looks like an app's Info.plist (it has CFBundleIdentifier)"),
        ("a privacy manifest", "<plist><dict><key>NSPrivacyTracking</key><false/></dict></plist>", "it looks like a privacy manifest"),
        ("a plist of a list", "<plist><array><string>x</string></array></plist>", "whose root is an <array>"),
        ("binary data", "\u{1}\u{2}\u{3}garbage", "binary data that is not a binary property list"),
        ("binary data with zero bytes", "\u{1}\u{0}\u{3}\u{0}garbage", "binary data that is not a binary property list"),
    ]

    @Test(arguments: notPreferences)
    func aFileThatIsNotPreferencesSaysWhatItLooksLike(_ example: (name: String, text: String, looksLike: String)) {
        do {
            _ = try TestFiles.parse(example.text)
            Issue.record("\(example.name) was read as preferences")
        } catch {
            #expect(error.kind == .notPreferences)
            #expect(error.message.contains(example.looksLike), "\(example.name): \(error.message)")
        }
    }

    /// Both formats are read as UTF-8 only (libxml2's switch to another encoding has crashed): Android's
    /// shared preferences, a plist, and XML of neither format are refused naming what the file declares.
    @Test(arguments: [
        (Array("<?xml version='1.0' encoding='cp1258'".utf8) + [0x90] + Array("?><map".utf8), "declares encoding=\"cp1258\"", "adb exec-out"),
        (Array("<?xml version='1.0' encoding='ISO-8859-1' standalone='yes' ?>\n<map/>".utf8), "declares encoding=\"ISO-8859-1\"", "adb exec-out"),
        (Array("<?xml version=\"1.0\" encoding=\"cp1258\"?><plist><dict/></plist>".utf8), "declares encoding=\"cp1258\"", "plutil"),
        (Array("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><html/>".utf8), "declares encoding=\"KOI8-R\"", "plutil"),
        (Array("<?xml version=\"1.0\" encoding=\"utf-7\"".utf8) + [0xBE] + Array(">\n<map>".utf8), "declares encoding=\"utf-7\"", "plutil"),
        ([0xFF, 0xFE] + Array("<?xml version='1.0'?><map/>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
         "the file is written in UTF-16 (little-endian, with a byte-order mark)", "plutil"),
    ] as [([UInt8], String, String)])
    func preferencesInAnyEncodingButUTF8AreRefusedNamingIt(_ bytes: [UInt8], _ message: String, _ hint: String) {
        do {
            _ = try PreferencesReader.parse(Data(bytes), file: URL(fileURLWithPath: "/tmp/prefs.xml"))
            Issue.record("\(message) was read")
        } catch {
            #expect(error.kind == .notPreferences)
            #expect(error.file == "/tmp/prefs.xml")
            #expect(error.line == 1)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.hint.contains(hint), "\(error.hint)")
        }
    }

    @Test func aPlistThatIsBrokenIsRefusedWithItsLine() {
        #expect(throws: PreferencesError.self) { try TestFiles.parse("<plist>\n<dict>\n<key>A</key>\n</plist>") }
        do {
            _ = try TestFiles.parse("<plist>\n<dict>\n<key>A</key>\n</dict>\n</plist>")
        } catch {
            #expect(error.line == 3)
            #expect(error.message.contains("\"A\" has no value"))
        }
    }

    @Test func anInfoPlistThatAlsoHoldsCMPKeysIsReadAsPreferences() throws {
        let preferences = try TestFiles.parse("""
            <plist><dict><key>CFBundleIdentifier</key><string>x</string><key>IABTCF_gdprApplies</key><integer>1</integer></dict></plist>
            """)
        #expect(preferences["IABTCF_gdprApplies"] == .integer(1))
    }

    @Test func aMissingFileIsMissingAndAFolderIsNoFile() {
        for path in ["/nonexistent/prefs.plist", "/tmp"] {
            do {
                _ = try PreferencesReader.read(contentsOf: URL(fileURLWithPath: path))
                Issue.record("\(path) was read")
            } catch {
                #expect(error.kind == .missingFile)
            }
        }
    }
}
