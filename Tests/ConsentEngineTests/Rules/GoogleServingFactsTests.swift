import ConsentSignals
@testable import ConsentEngine
import Foundation
import Testing

/// Step 9 reads the facts of the TC string the engine writes without building the string; the device
/// diagnosis reads them from a stored string. Both must give the one table the same facts.
struct GoogleServingFactsTests {
    /// Policies that change what the string says about Google: restrictions of every type (a purpose
    /// restricted twice, the last one winning), Google without consent purposes or not a partner at all,
    /// legitimate interests the form may not use.
    static let policies: [(name: String, policy: Policy)] = [
        ("default", .default),
        ("restrictions", policy { policy in
            policy.tcf.publisherRestrictions = [
                PublisherRestrictionSetting(purpose: 2, type: 1, vendors: [755, 21]),
                PublisherRestrictionSetting(purpose: 7, type: 2, vendors: [755]),
                PublisherRestrictionSetting(purpose: 4, type: 0, vendors: [755]),
                PublisherRestrictionSetting(purpose: 10, type: 0, vendors: [21]),
                PublisherRestrictionSetting(purpose: 2, type: 0, vendors: [755]),
                PublisherRestrictionSetting(purpose: 9, type: 3, vendors: [755]),
            ]
        }),
        ("a restriction lifted by an undefined type", policy { policy in
            policy.tcf.publisherRestrictions = [
                PublisherRestrictionSetting(purpose: 3, type: 0, vendors: [755]),
                PublisherRestrictionSetting(purpose: 3, type: 3, vendors: [755]),
            ]
        }),
        ("Google asks no consent", policy { policy in
            policy.partners = policy.partners.map { partner in
                var partner = partner
                if partner.id == .vendor(755) { partner.purposes = [] }
                return partner
            }
        }),
        ("Google is not a partner", policy { policy in
            policy.partners.removeAll { $0.id == .vendor(755) }
        }),
        ("legitimate interests for consent-only purposes", policy { policy in
            policy.partners = policy.partners.map { partner in
                var partner = partner
                partner.legitimateInterestPurposes += [1, 3, 4, 8]
                return partner
            }
        }),
    ]

    /// Answers across choices, purposes, objections and Google's place among the partners.
    static let answers: [ConsentAnswer] = {
        var answers: [ConsentAnswer] = []
        let purposeSets: [[Int]] = [[], [1], [1, 3, 4], [1, 2, 3, 4, 7, 9, 10], Array(1...11), [2, 7, 9, 10]]
        let objectionSets: [[Int]] = [[], [2], [7, 9, 10], [2, 7, 8, 9, 10, 11]]
        for choice in ConsentChoice.allCases {
            for purposes in purposeSets {
                for objections in objectionSets {
                    for (partners, disclosed) in [([755, 21], nil), ([21], nil), ([755], [21, 32]), ([], nil)] as [([PartnerID], [PartnerID]?)] {
                        for partnerObjections in [[], [755], [21, 755]] {
                            answers.append(ConsentAnswer(
                                choices: ConsentChoices(choice: choice, purposes: purposes, legitimateInterestObjections: objections,
                                specialFeatures: [], partners: partners, partnerObjections: partnerObjections),
                                disclosedPartners: disclosed ?? Policy.default.partnerIDs,
                                answeredAt: date("2026-01-31T10:30:00Z"), policyID: "p", policyRevision: 1,
                                tcfPolicyVersion: 5, region: .eea, regulation: .gdpr, language: "de"))
                        }
                    }
                }
            }
        }
        return answers
    }()

    @Test(arguments: policies.map(\.name))
    func theFactsOfAnAnswerAreTheFactsOfTheStringBuiltFromIt(name: String) throws {
        let policy = try #require(Self.policies.first { $0.name == name }).policy
        for answer in Self.answers {
            let string = TCModelBuilder.model(for: answer, policy: policy)
            let facts = TCModelBuilder.servingFacts(for: answer, policy: policy)
            #expect(facts == GoogleServingTable.Facts(string), "\(answer)")
            for now in ["2026-06-01T12:00:00Z", "2027-02-28T23:59:59Z", "2027-03-01T00:00:00Z"].map(date) {
                #expect(GoogleServingTable.verdict(on: facts, now: now) == GoogleServingTable.verdict(on: string, now: now))
            }
        }
    }

    @Test func aStringReadFromADeviceGivesItsOwnFacts() throws {
        let string = try TCString(decoding: "CPy9yEAPy9yEAEsAFBENAUEoAPLgAEPgAAYgH0QBIAAgAEAAQBeYD6ALzgBAACAXmACEgAwAEAAY.IH0QBIAAgAFAAQABgF5gPoAA.eAAAAEAAAUgA")
        let facts = GoogleServingTable.Facts(string)
        #expect(facts.lastUpdated == string.lastUpdated)
        #expect(facts.googleConsented == string.vendorConsents.ids.contains(755))
        #expect(facts.googleDisclosed == (string.disclosedVendors?.ids.contains(755) ?? false))
        #expect(Array(facts.purposeConsents) == string.purposeConsents.filter { (1...63).contains($0) })
        #expect(Array(facts.purposeLegitimateInterests) == string.purposeLegitimateInterests.filter { (1...63).contains($0) })
    }
}
