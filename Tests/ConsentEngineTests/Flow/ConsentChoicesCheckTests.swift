import Testing
@testable import ConsentEngine

/// An app's own form checks its choices against the policy with public API, and a launch refuses choices
/// that name what the policy's form does not show, storing nothing.
struct ConsentChoicesCheckTests {
    static let policy = Policy.default
    /// A purpose no partner of the default policy relies on legitimate interest for.
    static let consentOnlyPurpose = policy.purposes.map(\.id).first { !policy.legitimateInterestPurposes.contains($0) }!

    static let refused: [(String, ConsentChoices, ConsentChoicesError)] = [
        ("a purpose the TCF does not have", ConsentChoices(choice: .custom, purposes: [1, 12]),
         .unknownPurpose(12, available: policy.purposes.map(\.id))),
        ("a special feature the TCF does not have", ConsentChoices(choice: .custom, specialFeatures: [3]),
         .unknownSpecialFeature(3, available: policy.specialFeatures.map(\.id))),
        ("a vendor the policy does not name", ConsentChoices(choice: .custom, partners: [755, .vendor(9999)]),
         .unknownPartner(.vendor(9999), available: policy.partnerIDs)),
        ("an ATP the policy does not name", ConsentChoices(choice: .custom, partners: [.googleATP(4)]),
         .unknownPartner(.googleATP(4), available: policy.partnerIDs)),
        ("an objection no partner allows", ConsentChoices(choice: .custom, legitimateInterestObjections: [consentOnlyPurpose]),
         .noLegitimateInterest(purpose: consentOnlyPurpose, available: policy.legitimateInterestPurposes)),
        ("an objection to a vendor the policy does not name", ConsentChoices(choice: .custom, partnerObjections: [9999]),
         .partnerWithoutLegitimateInterest(.vendor(9999), available: policy.legitimateInterestVendors)),
        ("Accept all without every purpose", ConsentChoices(choice: .consentAll, purposes: [1], partners: policy.partnerIDs),
         .contradictsChoice(.consentAll)),
        ("Reject all with a consent", ConsentChoices(choice: .rejectAll, purposes: [1]), .contradictsChoice(.rejectAll)),
    ]

    @Test(arguments: refused.indices)
    func choicesThatNameWhatTheFormDoesNotShowAreATypedError(_ index: Int) {
        let (what, choices, expected) = Self.refused[index]
        #expect(throws: expected, "\(what)") { try choices.check(against: Self.policy) }
    }

    @Test func theChoicesOfTheFormsButtonsAndOfManageOptionsPass() throws {
        try ConsentChoices.consentAll(Self.policy).check(against: Self.policy)
        try ConsentChoices.rejectAll(Self.policy).check(against: Self.policy)
        try ConsentChoices(choice: .custom, purposes: [1, 3], legitimateInterestObjections: Self.policy.legitimateInterestPurposes,
                           specialFeatures: [1], partners: [755, .googleATP(89)], partnerObjections: [755]).check(against: Self.policy)
    }

    @Test func theErrorNamesTheIDAndWhatTheFormHasInstead() {
        #expect(ConsentChoicesError.unknownPurpose(12, available: [1, 2]).description == "purpose 12 is not on this form (purposes: 1, 2)")
    }

    @Test func aLaunchRefusesChoicesWithAnIDTheFormDoesNotShowAndStoresNothing() async throws {
        let log = EventLog()
        var prompts = FakePrompts(log: log)
        prompts.form = .answered(ConsentChoices(choice: .custom, purposes: [1], partners: [.vendor(9999)]))
        let consent = manager()
        await #expect(throws: ConsentChoicesError.unknownPartner(.vendor(9999), available: Self.policy.partnerIDs)) {
            _ = try await consent.launch(context: context("DE"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        }
        #expect(try consent.store.load().record.consent == nil)
        #expect(try consent.store.readLog().allSatisfy { $0.event != "consent" })
        #expect(!(await log.events).contains { $0.hasPrefix("startAds") })
    }
}
