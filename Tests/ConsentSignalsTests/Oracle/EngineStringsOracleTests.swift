@testable import ConsentEngine
@testable import ConsentFixtures
import ConsentSignals
import Foundation
import Testing

/// Every TC string the decision fixtures make the engine write, read by the independent iab-tcf decoder:
/// it must see exactly the answer, not merely what our own decoder sees.
@Suite("iab-tcf oracle on the engine's strings")
struct EngineStringsOracleProcessTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The engine's TC string for each decision case whose decision is GDPR with a valid answer.
    static func engineStrings() throws -> [(name: String, answer: ConsentAnswer, policy: Policy, string: String)] {
        let discovery = FixtureDiscovery.files(in: ["fixtures/decisions"], currentDirectory: packageRoot)
        let policies = PolicyCache()
        var strings: [(String, ConsentAnswer, Policy, String)] = []
        for file in discovery.files {
            for fixtureCase in FixtureFile.load(file.url, displayPath: file.displayPath, policies: policies).cases {
                guard case .decision(let decisionCase) = fixtureCase.body else { continue }
                let decision = DecisionEngine.decide(policy: decisionCase.policy, context: decisionCase.context,
                                                     record: decisionCase.record)
                let signals = SignalBuilder.signals(policy: decisionCase.policy, context: decisionCase.context,
                                                    record: decisionCase.record, decision: decision)
                guard let string = signals.tcString, let answer = decisionCase.record.consent else { continue }
                strings.append((fixtureCase.name, answer, decisionCase.policy, string))
            }
        }
        return strings
    }

    @Test("the fixtures make the engine write TC strings of every kind of answer")
    func theFixturesCoverEveryKindOfAnswer() throws {
        let choices = Set(try Self.engineStrings().map(\.answer.choices.choice))
        #expect(choices == Set(ConsentChoice.allCases))
    }

    @Test("iab-tcf 0.2.2 reads every string the engine writes as our decoder does",
          .enabled(if: PythonOracle.interpreter != nil, Comment(rawValue: PythonOracle.skipMessage)))
    func iabTCFAgreesWithOurDecoder() throws {
        let python = try #require(PythonOracle.interpreter)
        let strings = try Self.engineStrings().map(\.string)
        #expect(strings.count >= 20)
        #expect(try PythonOracle.disagreements(for: strings, python: python) == [])
    }

    @Test("iab-tcf 0.2.2 reads each engine string as exactly the stored answer",
          .enabled(if: PythonOracle.interpreter != nil, Comment(rawValue: PythonOracle.skipMessage)))
    func iabTCFReadsTheAnswers() throws {
        let python = try #require(PythonOracle.interpreter)
        let cases = try Self.engineStrings()
        let decoded = try PythonOracle.decode(cases.map(\.string), python: python)
        for ((name, answer, policy, _), fields) in zip(cases, decoded) {
            let purposes = fields["purposeConsents"] as? [Int]
            let legitimateInterests = fields["purposeLegitimateInterests"] as? [Int] ?? []
            let vendors = fields["vendorConsents"] as? [Int] ?? []
            let vendorInterests = fields["vendorLegitimateInterests"] as? [Int] ?? []
            let midnight = Int(UTCCalendar.startOfDay(answer.answeredAt).timeIntervalSince1970)
            #expect(purposes == answer.choices.purposes, "\(name)")
            #expect(fields["specialFeatureOptIns"] as? [Int] == answer.choices.specialFeatures, "\(name)")
            #expect(fields["created"] as? Int == midnight && fields["lastUpdated"] as? Int == midnight, "\(name)")
            #expect(Set(legitimateInterests).isDisjoint(with: [1, 3, 4, 5, 6]), "\(name): LI for purposes 1 or 3–6")
            #expect(Set(legitimateInterests).isDisjoint(with: answer.choices.legitimateInterestObjections), "\(name): an objected LI")
            #expect(Set(vendors).isSubset(of: answer.choices.partners.compactMap(\.vendorID)), "\(name): a vendor not consented")
            #expect(fields["tcfPolicyVersion"] as? Int == answer.tcfPolicyVersion, "\(name)")
            #expect(fields["cmpId"] as? Int == policy.tcf.cmpID, "\(name)")
            let disclosed = fields["disclosedVendors"] as? [Int]
            #expect(disclosed == answer.disclosedPartners.compactMap(\.vendorID).sorted(), "\(name)")
            if answer.choices.choice == .rejectAll {
                #expect(purposes == [] && vendors == [] && legitimateInterests == [] && vendorInterests == [],
                        "\(name): Do not consent objects to every legitimate interest")
            }
            if answer.choices.choice == .consentAll {
                let declared = policy.partners.filter { !$0.purposes.isEmpty }.compactMap(\.id.vendorID).sorted()
                #expect(vendors == declared, "\(name): every partner with consent purposes")
            }
        }
    }
}
