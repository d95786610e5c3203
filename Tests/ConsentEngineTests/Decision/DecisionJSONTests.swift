import ConsentEngine
import Foundation
import Testing

struct DecisionJSONTests {
    @Test func theJSONUsesTheContractsNamesInAFixedOrder() throws {
        let text = decide(context("EEA")).jsonText()
        let keys = ["consentStatus", "canRequestAds", "privacyOptionsRequirementStatus", "formRequired", "formReason",
                    "trackingStatus", "shouldRequestTracking", "explainerFirst", "adServing",
                    "advertisingIdentifierAllowed", "region", "regulation", "trace", "warnings"]
        let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
        #expect(!positions.contains(nil))
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["consentStatus"] as? String == "required")
        #expect(object["formReason"] as? String == "noAnswer")
        #expect(object["canRequestAds"] as? Bool == false)
    }

    @Test func noFormReasonIsWrittenAsNull() throws {
        let text = decide(context("JP")).jsonText()
        #expect(text.contains("\"formReason\": null"))
    }

    @Test func theTraceIsAListOfRuleOutcomeAndReason() throws {
        let data = Data(decide(context("EEA")).jsonText().utf8)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let trace = try #require(object["trace"] as? [[String: String]])
        #expect(trace.first?["rule"] == "region")
        #expect(trace.allSatisfy { Set($0.keys) == ["rule", "outcome", "reason"] })
    }

    @Test func stringsAreEscaped() throws {
        var decision = decide(context("EEA"))
        decision.warnings = [ConsentWarning(.stateQuarantined, "quote \" backslash \\ newline \n tab \t bell \u{7}")]
        let object = try #require(JSONSerialization.jsonObject(with: Data(decision.jsonText().utf8)) as? [String: Any])
        #expect((object["warnings"] as? [String])?.first == decision.warnings[0].message)
    }

    @Test func theSameInputsGiveTheSameBytes() {
        let record = ConsentRecord(consent: answer(.custom, purposes: [1, 3], partners: [755]))
        #expect(decide(context("DE"), record).jsonText() == decide(context("DE"), record).jsonText())
    }
}
