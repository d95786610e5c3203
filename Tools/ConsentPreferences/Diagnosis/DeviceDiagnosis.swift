import ConsentEngine
import ConsentSignals
import Foundation

/// What a device's stored consent says (`docs/explain.md`): which CMP wrote the keys and what applies, the
/// decoded strings, whether the keys agree with them, what Google will serve and why, and Consent Mode.
///
/// ```swift
/// let preferences = try PreferencesReader.read(contentsOf: url)
/// let diagnosis = DeviceDiagnosis(preferences, now: Date())
/// if !diagnosis.passes { print(diagnosis.reasons) }
/// ```
public struct DeviceDiagnosis: Sendable {
    /// What applies by the keys.
    public enum Applies: String, Sendable, Equatable, CaseIterable {
        /// `IABTCF_gdprApplies` is 1.
        case gdpr
        /// A US section (7–27) is in `IABGPP_GppSID`.
        case usStates
        /// `IABTCF_gdprApplies` is 0 and no US section applies.
        case none
        /// Nothing says: no `IABTCF_gdprApplies` and no US section.
        case unknown
    }

    /// The CMP that wrote the keys, by its keys (or, where they are missing, by its TC string).
    public struct CMP: Sendable, Equatable {
        /// `IABTCF_CmpSdkID`, else the TC string's CMP id.
        public var id: Int?
        /// `IABTCF_CmpSdkVersion`, else the TC string's CMP version.
        public var sdkVersion: Int?
        /// `IABTCF_PolicyVersion`, else the TC string's TCF policy version.
        public var policyVersion: Int?

        /// A CMP; whatever is not known is nil.
        public init(id: Int? = nil, sdkVersion: Int? = nil, policyVersion: Int? = nil) {
            self.id = id
            self.sdkVersion = sdkVersion
            self.policyVersion = policyVersion
        }
    }

    /// Which CMP wrote the keys.
    public let cmp: CMP
    /// What applies by the keys.
    public let applies: Applies
    /// `IABTCF_TCString` decoded, when it is stored and decodes.
    public let tcString: TCString?
    /// `IABTCF_AddtlConsent` decoded, when it is stored and decodes.
    public let additionalConsent: AdditionalConsentString?
    /// `IABGPP_HDR_GppString` decoded, when it is stored and decodes.
    public let gppString: GPPString?
    /// Everything found, errors and warnings, in the order of the contract's steps.
    public let findings: [DiagnosisFinding]
    /// What Google will serve; nil when nothing says what applies.
    public let adServing: AdServing?
    /// Why ads serve less than personalised (or why nothing is known), one line each.
    public let reasons: [String]
    /// Consent Mode v2 by Google's TCF mapping; analytics storage is `notApplicable` (Google derives it
    /// from no TCF purpose).
    public let consentMode: ConsentMode
    /// The time the diagnosis is made at (string age, Google's serving rules).
    public let now: Date

    /// Diagnoses `preferences` at `now`. `certifiedCMPs`, when given, is Google's list of certified CMP
    /// ids; without it certification is a warning the diagnosis cannot settle.
    public init(_ preferences: DevicePreferences, now: Date, certifiedCMPs: Set<Int>? = nil) {
        var run = DiagnosisRun(preferences: preferences, now: now, certifiedCMPs: certifiedCMPs)
        run.diagnose()
        cmp = run.cmp
        applies = run.applies
        tcString = run.tc
        additionalConsent = run.ac
        gppString = run.gpp
        findings = run.findings
        adServing = run.adServing
        reasons = run.reasons
        consentMode = run.consentMode
        self.now = now
    }

    /// Whether ads can serve personalised or non-personalised and no finding is an error: what
    /// `consentctl explain` exits 0 for.
    public var passes: Bool {
        (adServing == .personalized || adServing == .nonPersonalized) && !findings.contains { $0.severity == .error }
    }
}
