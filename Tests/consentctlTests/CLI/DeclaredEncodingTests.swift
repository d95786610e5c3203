import Foundation
import Testing

/// The 44 bytes on which libxml2's switch to cp1258 crashed the release binary (exit 139), as a
/// preferences file, a plist and a privacy manifest: each command refuses them with exit 65 and one line
/// naming the file and the encoding declared, before libxml2 sees them.
struct DeclaredEncodingProcessTests {
    static let crash = Array("<?xml version='1.0' encoding='cp1258'".utf8) + [0x90] + Array("?><map".utf8)

    @Test(arguments: [
        (["explain", "--prefs"], "prefs.xml"),
        (["audit", "--requests-tracking", "no", "--plist"], "Info.plist"),
        (["audit", "--privacy-manifest"], "PrivacyInfo.xcprivacy"),
    ])
    func aDeclarationOfCP1258IsRefusedWithExit65NamingTheFileAndTheEncoding(_ command: [String], _ name: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent(name)
        try Data(Self.crash).write(to: file)
        let result = try Consentctl.run(command + [file.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "consentctl: error: \(file.path):1: the file declares encoding=\"cp1258\", and only UTF-8 is read",
                "\(result.stderr)")
        #expect(lines.count == 3 && lines[1].hasPrefix("  hint: ") && lines[2].isEmpty, "\(result.stderr)")
    }

    /// Handed to libxml2, a UTF-32 big-endian plist without a byte-order mark crashed it too (exit 139),
    /// when UTF-16 and UTF-32 files were decoded and read.
    @Test(arguments: [["explain", "--prefs"], ["audit", "--requests-tracking", "no", "--plist"]])
    func aUTF32PlistIsRefusedWithExit65NamingItsEncoding(_ command: [String]) throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Info.plist")
        let text = "<?xml version=\"1.0\" encoding=\"UTF-32\"?>\n<plist version=\"1.0\"><dict><key>A</key><string>a</string></dict></plist>\n"
        try #require(text.data(using: .utf32BigEndian)).write(to: file)
        let result = try Consentctl.run(command + [file.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("consentctl: error: \(file.path):1: the file is written in UTF-32 (big-endian), and only UTF-8 is read\n"),
                "\(result.stderr)")
    }

    /// The three targets that read XML, and the device diagnosis, which explain runs on what they read.
    @Test func theFortyFourBytesAreKeptInTheCorpusOfEveryXMLReadingTarget() throws {
        let corpus = Consentctl.repository.appendingPathComponent("Tests/Fuzz/Corpus")
        #expect(Self.crash.count == 44)
        for target in ["property-list", "android-preferences", "preferences", "device-diagnosis"] {
            let kept = corpus.appendingPathComponent(target).appendingPathComponent("crash-b55b9d17a88f703dbca3657cee2dbf58c62d43c6")
            #expect(try Data(contentsOf: kept) == Data(Self.crash), "\(target)")
        }
    }
}
