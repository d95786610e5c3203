import Foundation
import Testing

/// §3 on the real binary: a bad policy or vendor list is refused with the file, the JSON path and what is
/// wrong, never with a name from the code; a directory, an empty file and /dev/null each get their code.
struct PolicyMessagesProcessTests {
    /// The default policy with one change, written as a file that extends it.
    static func policy(_ change: String) -> String {
        #"{"extends": "\#(Consentctl.repository.path)/policies/default.json", \#(change)}"#
    }

    static let badPolicies: [(String, String, String)] = [
        (policy(#""formatVersion": 0"#), "$.formatVersion", "0 is out of range (at least 1)"),
        (policy(#""formatVersion": 1.5"#), "$.formatVersion", "expected a whole number, found the number 1.5"),
        (policy(#""revision": 99999999999999999999"#), "$.revision", "expected a whole number, found the number 1e+20, too large for a whole number"),
        (policy(#""purposes": [{"id": 1, "name": {"en": "Store and/or access information on a device"}}]"#),
         "$.purposes", "TCF purposes 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 are missing"),
        (policy(#""specialFeatures": [{"id": 2, "name": {"en": "Actively scan device characteristics"}}]"#),
         "$.specialFeatures", "TCF special feature 1 is missing"),
        (policy(#""partners": [{"id": 755, "name": "Google", "purposes": [1, 12]}]"#), "$.partners[0].purposes[1]", "12 is not a TCF purpose (1–11)"),
        (policy(#""partners": [{"id": 755, "name": "Google", "purposes": ["1"]}]"#), "$.partners[0].purposes[0]", "expected a whole number"),
        (policy(#""consent": {"maximumAgeMonths": 2.5}"#), "$.consent.maximumAgeMonths", "expected a whole number, found the number 2.5"),
        ("{\n  \"id\": \"x\",\n  \"revision\": 2,,\n}", "$", "not valid JSON at line 3, column 17"),
        (policy(#""regions": {"regulatedUSStates": [{"state": "IN", "from": "2026-01-01", "until": "2025-12-31"}]}"#),
         "$.regions.regulatedUSStates[0].until", "2025-12-31 is not after from (2026-01-01): the entry would never be in force"),
        (policy(#""regions": {"regulatedUSStates": [{"state": "IN", "from": "1 January 2026"}]}"#),
         "$.regions.regulatedUSStates[0].from", "\"1 January 2026\" is not a day as YYYY-MM-DD"),
        (policy(#""controller": {"name": "P", "contact": "DPO", "email": "dpo", "phone": "1", "address": {"streetAddress": "S", "addressCountry": "DE"}, "url": "https://p.example", "privacyPolicyURL": "https://p.example/privacy"}"#),
         "$.controller.email", "'dpo' is not an e-mail address"),
    ]

    @Test(arguments: badPolicies)
    func aBadPolicyExits78NamingTheFileThePathAndWhatIsWrong(_ bad: (json: String, path: String, message: String)) throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("my-policy.json")
        try bad.json.write(to: file, atomically: true, encoding: .utf8)

        for command in [["policy", "check", file.path], ["status", "--geo", "EEA", "--policy", file.path, "--state-dir", folder.path]] {
            let result = try Consentctl.run(command)
            #expect(result.status == 78, "\(result.stderr)")
            #expect(result.stderr.contains("consentctl: error: \(file.path): \(bad.path): \(bad.message)"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: "))
            Self.expectNoCodeNames(result.stderr)
        }
    }

    @Test(arguments: [
        (#"{"vendors": {"755": {"id": 755, "name": "Google", "purposes": [1, 12]}}}"#, "$.vendors.755.purposes[1]", "12 is out of range (1–11)"),
        (#"{"vendors": {"755": {"id": 755, "name": "Google", "specialFeatures": [3]}}}"#, "$.vendors.755.specialFeatures[0]", "3 is out of range (1–2)"),
        (#"{"vendors": {"755": {"id": "755", "name": "Google"}}}"#, "$.vendors.755.id", "expected the vendor id 755"),
        (#"{"vendorListVersion": 1.0, "vendors": {}}"#, "$.vendorListVersion", "expected a whole number, found the number 1.0\n"),
        ("[", "$", "not valid JSON at line 1, column 2"),
    ])
    func aBadVendorListExits65NamingThePath(json: String, path: String, message: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("vendor-list.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["status", "--geo", "EEA", "--vendor-list", file.path, "--state-dir", folder.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("\(file.path): \(path): \(message)"), "\(result.stderr)")
        Self.expectNoCodeNames(result.stderr)
    }

    @Test(arguments: [("--policy", Int32(78)), ("--vendor-list", Int32(65))])
    func aDirectoryIs66AndAnEmptyFileOrDevNullIsBadContent(option: String, emptyCode: Int32) throws {
        let folder = try TemporaryFolder()
        let directory = try Consentctl.run(["status", option, folder.path, "--state-dir", folder.path])
        #expect(directory.status == 66)
        #expect(directory.stderr.contains("\(folder.path): is a directory"), "\(directory.stderr)")
        let empty = folder.url.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        for path in [empty.path, "/dev/null"] {
            let result = try Consentctl.run(["status", option, path, "--state-dir", folder.path])
            #expect(result.status == emptyCode, "\(path): \(result.stderr)")
            #expect(result.stderr.contains("\(path): $: is empty"), "\(result.stderr)")
        }
    }

    @Test func aPolicyThroughAPipeIsReadToItsEnd() throws {
        let result = try Consentctl.runWithShell(#"exec "$0" "$@" --policy <(cat policies/default.json)"#, ["status", "--geo", "EEA", "--state-dir", try TemporaryFolder().path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("consentStatus: required"))
    }

    @Test(arguments: [
        #"{"schema": 2, "record": {"changeCount": 1, "tracking": {"status": "maybe", "answeredAt": "2026-11-29"}}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "consent": {"choice": "sometimes"}}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "usOptOuts": {"sale": "yes"}}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "lastKnownRegion": 7}}"#,
    ])
    func aCorruptStateIsDescribedWithoutCodeNames(contents: String) throws {
        let state = try TemporaryFolder()
        let app = state.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try contents.write(to: app.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["status", "--geo", "EEA", "--state-dir", state.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("could not be read ($.record."), "\(result.stderr)")
        Self.expectNoCodeNames(result.stderr)
    }

    /// No type, module or enum-case spelling of the code in a message.
    static func expectNoCodeNames(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for tell in ["Cannot initialize", "DecodingError", "Optional(", "ConsentEngine.", "ConsentJSON.", "Swift.", "consentctl.",
                     "PolicyError", "StoreError", "JSONFieldError", "codingPath", "debugDescription", "String value"] {
            #expect(!text.contains(tell), "\(tell) in: \(text)", sourceLocation: sourceLocation)
        }
    }
}
