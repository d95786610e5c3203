import ConsentEngine
import ConsentPreferences
import ConsentSignals
import Foundation
import Testing
@testable import ConsentFixtures

/// §2.4 step 9 and §10: for every decision fixture state where ads may be requested and TFUA is off, the
/// diagnosis of the preferences.plist the engine writes for it serves as the decision does, and so do the
/// same keys as a binary plist and as Android shared preferences.
struct ExplainAgreementTests {
    static func decisionCases() -> [(name: String, decisionCase: DecisionCase)] {
        let found = FixtureDiscovery.files(in: ["fixtures/decisions"], currentDirectory: TestFiles.repository)
        let policies = PolicyCache()
        return found.files.flatMap { location in
            FixtureFile.load(location.url, displayPath: location.displayPath, policies: policies).cases
        }.compactMap { fixtureCase in
            guard case .decision(let decisionCase) = fixtureCase.body else { return nil }
            return (fixtureCase.name, decisionCase)
        }
    }

    @Test func explainOfTheWrittenPreferencesServesAsTheDecisionDoesForEveryFixtureStateWhereAdsMayBeRequested() throws {
        var compared: [Regulation: Int] = [:]
        for (name, decisionCase) in Self.decisionCases() {
            let decision = DecisionEngine.decide(policy: decisionCase.policy, context: decisionCase.context, record: decisionCase.record)
            guard decision.canRequestAds, !decisionCase.context.isTaggedUnderAgeOfConsent else { continue }
            let signals = SignalBuilder.signals(policy: decisionCase.policy, context: decisionCase.context,
                                                record: decisionCase.record, decision: decision)
            let xml = Data(signals.keys.propertyListXML.utf8)
            let plist = try PreferencesReader.parse(xml, file: URL(fileURLWithPath: "/tmp/preferences.plist"))
            let binaryObject = try PropertyListSerialization.propertyList(from: xml, format: nil)
            let binary = try PreferencesReader.parse(
                try PropertyListSerialization.data(fromPropertyList: binaryObject, format: .binary, options: 0),
                file: URL(fileURLWithPath: "/tmp/binary.plist"))
            let android = try PreferencesReader.parse(Data(Self.androidXML(signals.keys).utf8), file: URL(fileURLWithPath: "/tmp/prefs.xml"))
            for preferences in [plist, binary, android] {
                let diagnosis = DeviceDiagnosis(preferences, now: decisionCase.context.now)
                #expect(diagnosis.adServing == decision.adServing, "\(name) (\(preferences.format)): \(diagnosis.reasons)")
                let errors = diagnosis.findings.filter { $0.severity == .error }.map(\.message)
                #expect(errors.isEmpty || decision.adServing == .none, "\(name): \(errors)")
            }
            compared[decision.regulation, default: 0] += 1
        }
        #expect(compared[.gdpr, default: 0] >= 20)
        #expect(compared[.usStates, default: 0] >= 3)
        #expect(compared[.none, default: 0] >= 3)
    }

    /// The keys as Android's SharedPreferences writes them.
    static func androidXML(_ keys: InAppKeys) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        var lines = ["<?xml version='1.0' encoding='utf-8' standalone='yes' ?>", "<map>"]
        for entry in keys {
            switch entry.value {
            case .int(let number): lines.append("    <int name=\"\(entry.name)\" value=\"\(number)\" />")
            case .string(let text): lines.append("    <string name=\"\(entry.name)\">\(escaped(text))</string>")
            }
        }
        return (lines + ["</map>"]).joined(separator: "\n")
    }

    @Test func everyFindingIDIsExpectedByAnExplainFixture() throws {
        let folder = TestFiles.repository.appendingPathComponent("fixtures/explain")
        var expected: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".test.json") {
            let root = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any]
            let cases = root?["cases"] as? [[String: Any]] ?? []
            for fixtureCase in cases {
                let expect = fixtureCase["expect"] as? [String: Any]
                expected.formUnion(expect?["findings"] as? [String] ?? [])
            }
        }
        #expect(expected == Set(DiagnosisFinding.ID.allCases.map(\.rawValue)))
    }
}
