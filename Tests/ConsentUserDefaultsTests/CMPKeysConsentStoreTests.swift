import ConsentEngine
import ConsentSignals
import ConsentUserDefaults
import Foundation
import Testing

/// An app that keeps another CMP: its keys, read from the app's user defaults, are the stored answer.
struct CMPKeysConsentStoreTests {
    private let suite = "com.example.consentengine.tests.\(UUID().uuidString)"
    private let now = Date(timeIntervalSince1970: 1_780_315_200) // 2026-06-01T12:00:00Z

    /// The keys this engine writes for an accept-all answer in Germany, standing in for another CMP's.
    private func acceptAllKeys() -> InAppKeys {
        let policy = Policy.default
        let answer = ConsentAnswer(
            choices: ConsentChoices(choice: .consentAll, purposes: Array(1...11), legitimateInterestObjections: [], specialFeatures: [1, 2],
                partners: policy.partnerIDs), disclosedPartners: policy.partnerIDs, answeredAt: now.addingTimeInterval(-86_400 * 30),
            policyID: policy.id, policyRevision: policy.revision, tcfPolicyVersion: policy.tcfPolicyVersion,
            region: .eea, regulation: .gdpr, language: "en")
        let record = ConsentRecord(consent: answer)
        let context = DecisionContext(region: try! RegionInput(parsing: "DE"), now: now, build: .release)
        let decision = DecisionEngine.decide(policy: policy, context: context, record: record)
        return SignalBuilder.signals(policy: policy, context: context, record: record, decision: decision).keys
    }

    @Test func theReaderReturnsOnlyTheCMPKeysOfTheDomainAsStored() throws {
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set(1, forKey: "IABTCF_gdprApplies")
        defaults.set("1", forKey: "IABTCF_PurposeOneTreatment")
        defaults.set("CQ…", forKey: "IABTCF_TCString")
        defaults.set("dark", forKey: "theme")
        defaults.set(Data([1, 2]), forKey: "IABTCF_Blob")
        let keys = UserDefaultsSignalsReader(suiteName: suite).readKeys()
        #expect(keys.names == ["IABTCF_PurposeOneTreatment", "IABTCF_TCString", "IABTCF_gdprApplies"])
        #expect(keys["IABTCF_gdprApplies"] == .int(1))
        #expect(keys["IABTCF_PurposeOneTreatment"] == .string("1"))
    }

    @Test func theAnswerComesFromTheKeysAndWhatTheEngineOwnsStaysInTheBaseStore() throws {
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        try UserDefaultsSignalsWriter(throwawaySuite: suite).write(acceptAllKeys())
        let before = defaults.persistentDomain(forName: suite) as NSDictionary?
        let base = InMemoryConsentStore()
        let store = CMPKeysConsentStore(keys: UserDefaultsSignalsReader(suiteName: suite), policy: .default, base: base,
                                        clock: .fixed(now))

        let loaded = try store.load().record
        #expect(loaded.consent?.choices.choice == .consentAll)
        #expect(loaded.consent?.choices.purposes == Array(1...11))
        let tracking = TrackingAnswer(status: .authorized, answeredAt: now)
        let written = try store.update { record in
            record.tracking = tracking
            record.consent = nil
            return .tracking(tracking)
        }
        #expect(written.tracking == tracking)
        #expect(written.consent?.choices.choice == .consentAll)
        #expect(base.load().record.tracking == tracking)
        #expect(base.load().record.consent == nil)
        #expect(base.readLog().map(\.event) == ["tracking"])
        #expect(defaults.persistentDomain(forName: suite) as NSDictionary? == before)
    }

    @Test func withoutKeysThereIsNoAnswerAndTheDecisionAsksForTheForm() throws {
        let manager = ConsentManager(policy: .default, keysOf: UserDefaultsSignalsReader(suiteName: suite),
                                     base: InMemoryConsentStore(), clock: .fixed(now))
        #expect(manager.signalsWriter == nil, "another CMP writes the keys: the engine writes none")
        let decision = try manager.evaluate(DecisionContext(region: try RegionInput(parsing: "FR"), now: now,
                                                            build: .release))
        #expect(decision.consentStatus == .required)
        #expect(decision.formReason == .noAnswer)
    }
}
