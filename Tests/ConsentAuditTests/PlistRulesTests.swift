import Foundation
import Testing
import ConsentPropertyLists
@testable import ConsentAudit

struct PlistRulesTests {
    @Test func aDuplicateKeyInXMLNamesTheLineOfTheFirst() throws {
        let document = try TestFiles.parse(TestFiles.plist("""
            <key>GADApplicationIdentifier</key>
            <string>first</string>
            <key>GADApplicationIdentifier</key>
            <string>second</string>
            """))
        let finding = try #require(PlistRules.findings(document).first)
        #expect(finding.rule == .plistDuplicateKey)
        #expect(finding.message == "the key \"GADApplicationIdentifier\" is also on line 5; this later one wins")
    }

    @Test func aDuplicateKeyInABinaryPlistSaysSoWithoutALine() throws {
        // A dictionary whose key "K" is written twice, with the values 0 and 1; one-byte offsets and references.
        let objects: [UInt8] = [0xD2, 1, 1, 2, 3, 0x51, 0x4B, 0x10, 0, 0x10, 1]
        let trailer: [UInt8] = [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 4] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, 19]
        let bytes = Array("bplist00".utf8) + objects + [8, 13, 15, 17] + trailer
        let document = try AuditPlist.parse(Data(bytes), file: URL(fileURLWithPath: "/tmp/Info.plist"))
        let finding = try #require(PlistRules.findings(document).first)
        #expect(finding.rule == .plistDuplicateKey)
        #expect(finding.message == "the key \"K\" is written twice in one dictionary; this later one wins")
    }
}
