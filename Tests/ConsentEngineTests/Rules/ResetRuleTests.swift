import ConsentEngine
import Testing

struct ResetRuleTests {
    let stored = ConsentRecord(
        consent: answer(), usOptOuts: USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: false),
                                                    answeredAt: date("2026-05-01T00:00:00Z"), region: .usState("CA")),
        tracking: TrackingAnswer(status: .authorized, answeredAt: date("2026-05-01T00:01:00Z")),
        lastKnownRegion: .eea)

    @Test func theResetDebugSettingMakesTheAnswerCountAsAbsentInADebugBuild() {
        let decision = decide(context("EEA", debugReset: true), stored)
        #expect(decision.outcome(of: .reset) == "debugOverride")
        #expect(decision.consentStatus == .required)
        #expect(decision.formReason == .reset)
    }

    @Test func theResetDebugSettingIsIgnoredWithAWarningInARelease() {
        let decision = decide(context("EEA", build: .release, debugReset: true), stored)
        #expect(decision.outcome(of: .reset) == "debugOverrideIgnored")
        #expect(decision.consentStatus == .obtained)
        #expect(decision.warnings.map(\.id) == [.resetConsentIgnored])
    }

    @Test func aResetInForceMakesTheAnswerCountAsAbsent() {
        var record = stored
        record.resetSince = date("2026-05-20T00:00:00Z")
        let decision = decide(context("EEA"), record)
        #expect(decision.outcome(of: .reset) == "inForce")
        #expect(decision.formReason == .reset)
    }

    @Test func aResetForgetsUSOptOutsButNotTheTrackingAnswerOrTheLastRegion() {
        var record = stored
        record.resetSince = date("2026-05-20T00:00:00Z")
        let california = decide(context("US-CA"), record)
        #expect(california.adServing == .personalized)
        #expect(california.trackingStatus == .authorized)
        let offline = decide(context("unknown"), record)
        #expect(offline.region == .eea)
    }

    @Test func withoutAResetTheStoredAnswerIsUsed() {
        let decision = decide(context("EEA"), stored)
        #expect(decision.outcome(of: .reset) == "notInForce")
        #expect(decision.consentStatus == .obtained)
    }
}
