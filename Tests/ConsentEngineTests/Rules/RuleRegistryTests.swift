@testable import ConsentEngine
import Testing

struct RuleRegistryTests {
    /// §2.4's steps, in the order the contract writes them.
    static let contractOrder = [
        "region", "regulation", "reset", "unknownRegulation", "underAgeOfConsent", "gdpr", "usStates", "elsewhere",
        "adServing", "tracking", "advertisingIdentifier",
    ]

    /// The published (rule, outcome) ids: fixtures and scripts match on them, so a rename must be a
    /// deliberate change of this list.
    static let publishedPairs = [
        "region/debugGeography", "region/context", "region/lastKnown", "region/hint", "region/unknown",
        "regulation/gdpr", "regulation/usStates", "regulation/none", "regulation/unknown", "regulation/unknownAsGDPR",
        "reset/notInForce", "reset/debugOverride", "reset/inForce", "reset/debugOverrideIgnored",
        "unknownRegulation/noDecision", "unknownRegulation/known",
        "underAgeOfConsent/tagged", "underAgeOfConsent/notTagged",
        "gdpr/obtained", "gdpr/reset", "gdpr/noAnswer", "gdpr/expired", "gdpr/tcfPolicyVersionChanged",
        "gdpr/policyRevisionChanged", "gdpr/newPartners", "gdpr/partnerPurposesChanged",
        "usStates/optOutEntryPoint",
        "elsewhere/notRequired",
        "adServing/noAds", "adServing/underAge", "adServing/personalized", "adServing/nonPersonalized",
        "adServing/limited", "adServing/googleNotDisclosed", "adServing/stringTooOld", "adServing/usOptOut",
        "adServing/unrestricted",
        "tracking/consentNotSettled", "tracking/underAge", "tracking/restricted", "tracking/alreadyAnswered",
        "tracking/purposeOneRefused", "tracking/ask", "tracking/askWithExplainer", "tracking/changedInSettings",
        "advertisingIdentifier/allowed", "advertisingIdentifier/noAds", "advertisingIdentifier/underAge",
        "advertisingIdentifier/trackingNotAuthorized", "advertisingIdentifier/noPurposeOneConsent",
    ]

    @Test func theRegistryListsExactlyThePublishedPairsInTheContractsStepOrder() {
        #expect(RuleRegistry.pairs.map(\.description) == Self.publishedPairs)
    }

    @Test func theRuleIdsAreTheContractsStepsInItsOrder() {
        #expect(RuleID.allCases.map(\.rawValue) == Self.contractOrder)
    }

    @Test func everyTracedOutcomeIsInTheRegistry() {
        let registered = Set(Self.publishedPairs)
        for region in ["EEA", "US-CA", "JP", "unknown"] {
            for tfua in [false, true] {
                for record in [ConsentRecord.empty, ConsentRecord(consent: answer())] {
                    for entry in decide(context(region, tfua: tfua), record).trace {
                        #expect(registered.contains("\(entry.rule.rawValue)/\(entry.outcome)"))
                    }
                }
            }
        }
    }

    @Test(arguments: ["EEA", "US-CA", "JP", "unknown"])
    func theTraceRunsTheStepsInTheContractsOrder(region: String) {
        let rules = decide(context(region)).trace.map(\.rule.rawValue)
        let positions = rules.map { Self.contractOrder.firstIndex(of: $0) ?? -1 }
        #expect(!positions.contains(-1))
        #expect(positions == positions.sorted())
        #expect(rules.first == "region")
        #expect(rules.last == "advertisingIdentifier")
    }
}
