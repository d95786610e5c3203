import ConsentEngine
import ConsentSignals
import Foundation
import Testing

/// Keys another CMP stored become the engine's stored answer; read back from the keys the engine itself
/// writes, an answer decides as the original does.
struct CMPKeysTranslationTests {
    /// The keys the engine writes for `record` in `region`.
    func keys(_ record: ConsentRecord, _ region: String) -> InAppKeys {
        let launch = context(region)
        let decision = decide(launch, record)
        return SignalBuilder.signals(policy: .default, context: launch, record: record, decision: decision).keys
    }

    static let answers: [(String, ConsentAnswer)] = [
        ("consent all", answer(.consentAll)),
        ("do not consent", answer(.rejectAll, objections: [2, 7, 8, 9, 10, 11])),
        ("purposes 1, 3, 4 and Google only", answer(.custom, purposes: [1, 3, 4], partners: [755])),
        ("everything but Google", answer(.custom, purposes: Array(1...11), partners: Policy.default.partnerIDs.filter { $0 != 755 })),
    ]

    @Test(arguments: answers)
    func anAnswerReadBackFromTheKeysTheEngineWritesDecidesAsTheAnswerItself(_ name: String, _ stored: ConsentAnswer) throws {
        let original = ConsentRecord(consent: stored, lastKnownRegion: .eea)
        let translated = CMPKeysTranslation.record(keys(original, "DE"), policy: .default, base: ConsentRecord(lastKnownRegion: .eea),
                                                   readAt: date("2026-06-01T12:00:00Z"))
        let read = try #require(translated.consent)
        #expect(read.choices.choice == stored.choices.choice, "\(name)")
        #expect(read.choices.purposes == stored.choices.purposes)
        #expect(read.answeredAt == UTCCalendar.startOfDay(stored.answeredAt))
        #expect(read.tcfPolicyVersion == stored.tcfPolicyVersion)
        #expect(Set(read.disclosedPartners) == Set(stored.disclosedPartners))
        #expect(read.cmpString != nil)
        #expect(read.partnerClaims == nil, "a TC string does not say what each vendor claimed: the answer keeps no claims")
        let before = decide(context("DE"), original), after = decide(context("DE"), translated)
        #expect(after.consentStatus == before.consentStatus)
        #expect(after.adServing == before.adServing, "\(name)")
        #expect(after.formReason == before.formReason)
        #expect(after.trace.map { "\($0.rule.rawValue)/\($0.outcome)" } == before.trace.map { "\($0.rule.rawValue)/\($0.outcome)" })
    }

    @Test func servingIsJudgedOnTheOtherCMPsOwnStringWithItsRestrictions() throws {
        var stored = keys(ConsentRecord(consent: answer(.consentAll)), "DE")
        var string = try TCString(decoding: try #require(stored[InAppKeyName.tcString]?.description))
        string.publisherRestrictions = [PublisherRestriction(purpose: 1, type: .notAllowed, vendors: [755])]
        stored[InAppKeyName.tcString] = .string(try string.encoded())
        let record = CMPKeysTranslation.record(stored, policy: .default, base: .empty, readAt: date("2026-06-01T12:00:00Z"))
        let decision = decide(context("DE"), record)
        #expect(decision.consentStatus == .obtained)
        #expect(decision.adServing == .limited)
    }

    @Test func usOptOutsComeFromTheAppliedGPPSectionsAndGPCCountsAsOptingOutOfSaleAndSharing() throws {
        let optedOut = keys(ConsentRecord(usOptOuts: USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: true),
                                                                      answeredAt: date("2026-05-01T10:00:00Z"), region: .usState("CA"))),
                            "US-CA")
        let read = try #require(CMPKeysTranslation.usOptOuts(optedOut, region: .usState("CA"), readAt: date("2026-06-01T12:00:00Z")))
        #expect((read.choices.sale, read.choices.sharing, read.choices.targetedAdvertising) == (true, false, true))
        #expect(decide(context("US-CA"), ConsentRecord(usOptOuts: read)).adServing == .nonPersonalized)

        var gpc = InAppKeys()
        gpc[InAppKeyName.gppString] = .string("DBABL~BVQqAAAAAg.YA")
        gpc[InAppKeyName.gppSectionIds] = .string("7")
        let withGPC = try #require(CMPKeysTranslation.usOptOuts(gpc, region: nil, readAt: date("2026-06-01T12:00:00Z")))
        #expect((withGPC.choices.sale, withGPC.choices.sharing, withGPC.choices.targetedAdvertising) == (true, true, false))
        gpc[InAppKeyName.gppSectionIds] = .string("-1")
        #expect(CMPKeysTranslation.usOptOuts(gpc, region: nil, readAt: date("2026-06-01T12:00:00Z")) == nil)
    }

    @Test func keysWithoutATCStringGiveNoAnswerAndKeepWhatTheBaseRecordHolds() {
        var stored = InAppKeys()
        stored[InAppKeyName.gdprApplies] = .int(1)
        let base = ConsentRecord(consent: answer(), tracking: TrackingAnswer(status: .authorized, answeredAt: date("2026-05-01T10:00:00Z")),
                                 lastKnownRegion: .eea)
        let record = CMPKeysTranslation.record(stored, policy: .default, base: base, readAt: date("2026-06-01T12:00:00Z"))
        #expect(record.consent == nil)
        #expect(record.tracking == base.tracking)
        #expect(record.lastKnownRegion == .eea)
        #expect(decide(context("DE"), record).formReason == .noAnswer)
    }
}
