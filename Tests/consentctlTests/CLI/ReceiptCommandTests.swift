@testable import ConsentEngine
import ConsentReports
import Foundation
import Testing

/// `consentctl receipt` on the real binary (README, "Proof of consent"): the proof of the answer in force, its Kantara
/// form, and its exit codes.
struct ReceiptCommandProcessTests {
    /// A policy file that extends a copy of the default policy and names a controller, in a folder of its own.
    private func policyFiles(in folder: TemporaryFolder) throws -> (policy: URL, base: URL) {
        let base = folder.url.appendingPathComponent("base.json")
        try Data(contentsOf: Consentctl.repository.appendingPathComponent("policies/default.json")).write(to: base)
        let policy = folder.url.appendingPathComponent("policy.json")
        let controller = try String(contentsOf: Consentctl.repository.appendingPathComponent("fixtures/policies/with-controller.json"), encoding: .utf8)
            .replacingOccurrences(of: "../../policies/default.json", with: "base.json")
        try controller.write(to: policy, atomically: false, encoding: .utf8)
        return (policy, base)
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    private func sha256(_ url: URL) throws -> String {
        SHA256Hash.hex(Array(try Data(contentsOf: url)))
    }

    @Test func theReceiptOfAnAnswerGivenWithAPolicyFileNamesThatFileAndItsBaseWithTheirHashes() throws {
        let folder = try TemporaryFolder()
        let (policy, base) = try policyFiles(in: folder)
        let launch = try Consentctl.run(["prompt", "--geo", "DE", "--policy", policy.path, "--consent", "custom", "--purposes", "1,3,4",
                                          "--vendors", "755", "--explainer", "continue", "--tracking", "deny", "--state-dir", folder.path])
        #expect(launch.status == 0, "\(launch.stderr)")

        let result = try Consentctl.run(["receipt", "--json", "--policy", policy.path, "--state-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let receipt = try json(result.stdout)
        let lines = try String(contentsOf: folder.url.appendingPathComponent("default/consent-log.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let line = try #require(receipt["line"] as? Int)
        #expect(lines[line - 1].contains("\"event\":\"consent\""))
        #expect(receipt["hash"] as? String == SHA256Hash.hex(Array(lines[line - 1].utf8)))
        #expect(receipt["answer"] as? String == "consent")
        #expect(receipt["chainIntact"] as? Bool == true)
        let files = try #require(receipt["policyFiles"] as? [[String: String]])
        #expect(files == [["path": policy.path, "sha256": try sha256(policy)], ["path": base.path, "sha256": try sha256(base)]])
        #expect(receipt["collectionMethod"] as? String == "flags")
        #expect(receipt["language"] as? String == "en")
        #expect(receipt["engineVersion"] as? String == (try Consentctl.run(["--version"]).stdout.dropFirst("consentctl ".count).trimmingCharacters(in: .newlines)))
        let state = try json(String(contentsOf: folder.url.appendingPathComponent("default/state.json"), encoding: .utf8))
        #expect(receipt["installID"] as? String == state["installID"] as? String)
        #expect((receipt["tcString"] as? String)?.hasPrefix("C") == true)
        #expect(receipt["acString"] as? String == "2~~dv.89.326", "Google's ATPs were disclosed, none consented to")
        #expect((receipt["choices"] as? [String: Any])?["purposes"] as? [Int] == [1, 3, 4])
        #expect((receipt["decision"] as? [String: Any])?["consentStatus"] as? String == "obtained")
        #expect(Array(receipt.keys).count == 20)
    }

    @Test func theKantaraReceiptHasEveryFieldTheContractLists() throws {
        let folder = try TemporaryFolder()
        let (policy, _) = try policyFiles(in: folder)
        _ = try Consentctl.run(["prompt", "--geo", "FR", "--lang", "de", "--policy", policy.path, "--consent", "custom", "--purposes", "1,3",
                                "--special-features", "1", "--vendors", "755,1", "--explainer", "continue", "--tracking", "deny",
                                "--state-dir", folder.path])
        let result = try Consentctl.run(["receipt", "--format", "kantara", "--policy", policy.path, "--state-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let receipt = try json(result.stdout)
        #expect(Array(receipt.keys).sorted() == [
            "collectionMethod", "consentReceiptID", "consentTimestamp", "jurisdiction", "language", "piiControllers",
            "piiPrincipalId", "policyUrl", "sensitive", "services", "spiCat", "version",
        ])
        #expect(receipt["version"] as? String == "KI-CR-v1.1.0")
        #expect(receipt["jurisdiction"] as? String == "EEA")
        #expect(receipt["collectionMethod"] as? String == "flags")
        #expect(receipt["language"] as? String == "de")
        #expect(receipt["sensitive"] as? Bool == false)
        #expect((receipt["spiCat"] as? [Any])?.isEmpty == true)
        #expect(receipt["policyUrl"] as? String == "https://publisher.example/privacy")
        let state = try json(String(contentsOf: folder.url.appendingPathComponent("default/state.json"), encoding: .utf8))
        #expect(receipt["piiPrincipalId"] as? String == state["installID"] as? String)

        let line = try #require(try String(contentsOf: folder.url.appendingPathComponent("default/consent-log.jsonl"), encoding: .utf8)
            .split(separator: "\n").first { $0.contains("\"event\":\"consent\"") })
        let time = try #require(try json(String(line))["at"] as? String)
        let at = try #require(UTCCalendar.parse(time))
        #expect(receipt["consentTimestamp"] as? Int == Int(at.timeIntervalSince1970))
        let id = try #require(receipt["consentReceiptID"] as? String)
        let hash = SHA256Hash.hex(Array(line.utf8))
        #expect(id.count == 36 && id == id.lowercased())
        #expect(id.replacingOccurrences(of: "-", with: "").prefix(12) == hash.prefix(12), "the first bytes are the line's hash")
        #expect(Array(id)[14] == "8", "version 8")
        #expect(["8", "9", "a", "b"].contains(Array(id)[19]), "the RFC 9562 variant")

        let controller = try #require((receipt["piiControllers"] as? [[String: Any]])?.first)
        #expect(Array(controller.keys).sorted() == ["address", "contact", "email", "phone", "piiController", "piiControllerUrl"])
        #expect(controller["address"] as? [String: String] == ["streetAddress": "Beispielstraße 1, 10115 Berlin", "addressCountry": "DE"])
        let service = try #require((receipt["services"] as? [[String: Any]])?.first)
        #expect(service["service"] as? String == "Shopping")
        let purposes = try #require(service["purposes"] as? [[String: Any]])
        #expect(purposes.compactMap { ($0["purposeCategory"] as? [String])?.first } == ["TCF purpose 1", "TCF purpose 3", "TCF special feature 1"],
                "only what was consented to")
        #expect(purposes.first?["purpose"] as? String == "Informationen auf einem Gerät speichern und/oder abrufen", "in the answer's language")
        for purpose in purposes {
            #expect(Array(purpose.keys).sorted() == [
                "consentType", "piiCategory", "primaryPurpose", "purpose", "purposeCategory", "termination",
                "thirdPartyDisclosure", "thirdPartyName",
            ])
            #expect(purpose["consentType"] as? String == "EXPLICIT")
            #expect((purpose["termination"] as? String)?.contains("valid until") == true)
            #expect(purpose["thirdPartyDisclosure"] as? Bool == true)
            #expect(purpose["thirdPartyName"] as? String == "Exponential Interactive, Inc d/b/a VDX.tv, Google Advertising Products")
        }
    }

    @Test func aKantaraReceiptWithoutAControllerBlockIsExit78NamingTheMissingFields() throws {
        let folder = try TemporaryFolder()
        _ = try Consentctl.run(["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "deny", "--state-dir", folder.path])
        let result = try Consentctl.run(["receipt", "--format", "kantara", "--state-dir", folder.path])
        #expect(result.status == 78)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("controller.name, controller.contact, controller.email, controller.phone, controller.address, controller.url, controller.privacyPolicyURL"), "\(result.stderr)")
    }

    @Test func withoutAnAnswerCollectedHereThereIsNothingToProve() throws {
        let folder = try TemporaryFolder()
        let none = try Consentctl.run(["receipt", "--state-dir", folder.path])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("no answer to prove"), "\(none.stderr)")

        _ = try Consentctl.run(["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "deny", "--state-dir", folder.path])
        _ = try Consentctl.run(["reset", "--yes", "--state-dir", folder.path])
        let reset = try Consentctl.run(["receipt", "--state-dir", folder.path])
        #expect(reset.status == 1)
        #expect(reset.stderr.contains("no answer to prove: the stored answers were reset"), "\(reset.stderr)")
    }

    @Test func aBrokenChainStillPrintsTheReceiptAndExitsOne() throws {
        let folder = try TemporaryFolder()
        _ = try Consentctl.run(["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "deny", "--state-dir", folder.path])
        let log = folder.url.appendingPathComponent("default/consent-log.jsonl")
        var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[0] = lines[0].replacingOccurrences(of: "\"EEA\"", with: "\"UK\"")
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: false, encoding: .utf8)

        let result = try Consentctl.run(["receipt", "--json", "--state-dir", folder.path])
        #expect(result.status == 1)
        let receipt = try json(result.stdout)
        #expect(receipt["chainIntact"] as? Bool == false)
        #expect((receipt["problems"] as? [[String: Any]])?.first?["kind"] as? String == "prevMismatch")
        #expect(result.stderr.contains("chain is broken: line 2: prevMismatch"), "\(result.stderr)")
    }

    @Test func answersGivenLineByLineOnStdinAreRecordedAsLinePrompts() throws {
        let folder = try TemporaryFolder()
        let launch = try Consentctl.run(["prompt", "--geo", "DE", "--state-dir", folder.path], stdin: "consent\ncontinue\nallow\n")
        #expect(launch.status == 0, "\(launch.stderr)")
        let result = try Consentctl.run(["receipt", "--json", "--state-dir", folder.path])
        #expect(try json(result.stdout)["collectionMethod"] as? String == "line-prompts")
    }

    @Test func theOptOutsInForceHaveAReceiptButNoKantaraOne() throws {
        let folder = try TemporaryFolder()
        let launch = try Consentctl.run(["privacy-options", "--geo", "US-CA", "--opt-out", "sale,sharing", "--state-dir", folder.path])
        #expect(launch.status == 0, "\(launch.stderr)")
        let result = try Consentctl.run(["receipt", "--json", "--state-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let receipt = try json(result.stdout)
        #expect(receipt["answer"] as? String == "usOptOuts")
        #expect(receipt["gppString"] as? String == "DBABL~BVQWAAAAAg")
        #expect(receipt["validUntil"] is NSNull)
        let kantara = try Consentctl.run(["receipt", "--format", "kantara", "--policy", "fixtures/policies/with-controller.json", "--state-dir", folder.path])
        #expect(kantara.status == 1)
        #expect(kantara.stderr.contains("opt-outs consent to none"), "\(kantara.stderr)")
    }
}
