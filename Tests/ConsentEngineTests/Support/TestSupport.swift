import ConsentEngine
import Foundation

/// A UTC date from an ISO 8601 literal; tests use literals they can read.
func date(_ text: String) -> Date {
    guard let date = UTCCalendar.parse(text) else { fatalError("bad test date \(text)") }
    return date
}

/// The repository's root folder, found from this file's path (tests never use Bundle.module).
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("no Package.swift above \(#filePath)")
}()

/// `../shared` beside the repository, when present.
let sharedFolder: URL? = {
    let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

/// The default policy with changes for one test.
func policy(_ change: (inout Policy) -> Void = { _ in }) -> Policy {
    var policy = Policy.default
    change(&policy)
    return policy
}

/// A launch context for tests, at a fixed time.
func context(
    _ region: String = "EEA", now: String = "2026-06-01T12:00:00Z", build: Build = .debug,
    testDevice: Bool = false, deviceID: String? = nil, tfua: Bool = false,
    debugGeography: DebugGeography = .disabled, debugReset: Bool = false, restricted: Bool = false
) -> DecisionContext {
    DecisionContext(
        region: try! RegionInput(parsing: region), now: date(now), build: build,
        isTestDevice: testDevice, deviceID: deviceID, isTaggedUnderAgeOfConsent: tfua,
        debugGeography: debugGeography, debugResetConsent: debugReset,
        trackingCapability: restricted ? .restricted : .available)
}

/// A stored GDPR answer under the default policy, with chosen purposes and partners.
func answer(
    _ choice: ConsentChoice = .consentAll, at answeredAt: String = "2026-05-01T10:00:00Z",
    purposes: [Int]? = nil, objections: [Int] = [], partners: [PartnerID]? = nil, disclosed: [PartnerID]? = nil,
    revision: Int = 1, tcfPolicyVersion: Int = Policy.default.tcfPolicyVersion, claims: [PartnerClaim]? = nil
) -> ConsentAnswer {
    let all = Policy.default
    let consented = choice == .consentAll
    return ConsentAnswer(
        choices: ConsentChoices(choice: choice, purposes: purposes ?? (consented ? all.purposes.map(\.id) : []),
        legitimateInterestObjections: objections, specialFeatures: consented ? [1, 2] : [],
        partners: partners ?? (consented ? all.partnerIDs : [])), disclosedPartners: disclosed ?? all.partnerIDs,
        answeredAt: date(answeredAt), policyID: all.id, policyRevision: revision,
        tcfPolicyVersion: tcfPolicyVersion, region: .eea, regulation: .gdpr, language: "en", partnerClaims: claims)
}

/// Decides with the given pieces.
func decide(_ context: DecisionContext, _ record: ConsentRecord = .empty, policy: Policy = .default) -> Decision {
    DecisionEngine.decide(policy: policy, context: context, record: record)
}

extension Decision {
    /// The outcome a rule reached, or `nil` when the rule did not run.
    func outcome(of rule: RuleID) -> String? {
        trace.first { $0.rule == rule }?.outcome
    }

    /// The reason a rule gave, or `nil` when the rule did not run.
    func reason(of rule: RuleID) -> String? {
        trace.first { $0.rule == rule }?.reason
    }
}
