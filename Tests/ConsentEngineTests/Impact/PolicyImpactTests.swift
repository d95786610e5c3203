@testable import ConsentEngine
import ConsentImpact
import Testing

struct PolicyImpactTests {
    /// Apps answered in several regions and ways, and one that cannot be read.
    static let states: [StoredStates.Entry] = [
        entry("eea.all", ConsentRecord(consent: answer(), tracking: TrackingAnswer(status: .authorized, answeredAt: date("2026-05-01T10:00:00Z")),
                                       lastKnownRegion: .eea)),
        entry("eea.untracked", ConsentRecord(consent: answer(), lastKnownRegion: .eea)),
        entry("eea.rejected", ConsentRecord(consent: answer(.rejectAll), lastKnownRegion: .eea)),
        entry("eea.unanswered", ConsentRecord(lastKnownRegion: .eea)),
        entry("us.optedOut", ConsentRecord(
            usOptOuts: USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: false), answeredAt: date("2026-05-01T10:00:00Z"),
                                      region: .usState("CA")), lastKnownRegion: .usState("CA"))),
        entry("jp", ConsentRecord(lastKnownRegion: .other)),
        StoredStates.Entry(appID: "broken", state: .unreadable(reason: "state.json is corrupt")),
    ]

    static func entry(_ app: String, _ record: ConsentRecord) -> StoredStates.Entry {
        StoredStates.Entry(appID: app, state: .readable(record))
    }

    static func impact(of new: Policy, from old: Policy = .default) -> PolicyImpact {
        PolicyImpact(from: old, to: new, states: states, context: context("unknown"))
    }

    @Test func theSamePolicyChangesNoStateAndCountsTheUnreadableApart() {
        let impact = Self.impact(of: .default)
        #expect(impact.states == ["eea.all", "eea.untracked", "eea.rejected", "eea.unanswered", "us.optedOut", "jp"])
        #expect(impact.unchanged == impact.states)
        #expect(impact.reasked.isEmpty && impact.adServing.isEmpty && impact.tracking.isEmpty)
        #expect(impact.unreadable == [PolicyImpact.Unreadable(app: "broken", reason: "state.json is corrupt")])
        #expect(!impact.changesAnyState)
    }

    @Test func aRevisionThatAsksAgainCountsTheValidAnswersByReasonAndTheirServingAndTrackingChanges() {
        let revised = policy {
            $0.revision = 2
            $0.consent.reconsentOnRevision = true
        }
        let impact = Self.impact(of: revised)
        #expect(impact.reasked.map(\.key) == [.policyRevisionChanged])
        #expect(impact.reasked.first?.apps == ["eea.all", "eea.untracked", "eea.rejected"])
        #expect(impact.adServing.map { "\($0.key.old.rawValue)→\($0.key.new.rawValue)" } == ["personalized→none", "limited→none"])
        #expect(impact.adServing.map(\.apps) == [["eea.all", "eea.untracked"], ["eea.rejected"]])
        #expect(impact.tracking.map { "\($0.key.old)→\($0.key.new)" } == ["true→false"])
        #expect(impact.tracking.first?.apps == ["eea.untracked", "eea.rejected"])
        #expect(impact.unchanged == ["eea.unanswered", "us.optedOut", "jp"], "a form already required is not asked again")
        #expect(impact.changesAnyState)
    }

    @Test func aStateWhoseFormWasAlreadyRequiredIsChangedButNotCountedAsAskedAgain() {
        var old = Policy.default
        old.consent.maximumAgeMonths = 1
        let revised = policy {
            $0.revision = 2
            $0.consent.reconsentOnRevision = true
        }
        // Answered 2026-05-01, decided 2026-06-01: expired under a one-month policy, valid for 13 months.
        let impact = Self.impact(of: revised, from: old)
        #expect(impact.reasked.isEmpty)
        #expect(!impact.unchanged.contains("eea.all"), "expired → policyRevisionChanged is a change of formReason")
        #expect(impact.adServing.isEmpty)
    }

    @Test func aChangeOfTheTrackingPromptAloneIsAChange() {
        let skipping = policy { $0.tracking.skipWhenPurposeOneRefused = true }
        let impact = Self.impact(of: skipping)
        #expect(impact.tracking.map { "\($0.key.old)→\($0.key.new)" } == ["true→false"])
        #expect(impact.tracking.first?.apps == ["eea.rejected"])
        #expect(impact.reasked.isEmpty && impact.adServing.isEmpty)
        #expect(!impact.unchanged.contains("eea.rejected"))
        #expect(impact.changesAnyState)
    }

    @Test func theRegionIsEachStatesLastKnownOneUnlessTheContextGivesOne() {
        let revised = policy {
            $0.revision = 2
            $0.consent.reconsentOnRevision = true
        }
        let inJapan = PolicyImpact(from: .default, to: revised, states: Self.states, context: context("JP"))
        #expect(inJapan.reasked.isEmpty)
        #expect(inJapan.unchanged == inJapan.states)
    }
}
