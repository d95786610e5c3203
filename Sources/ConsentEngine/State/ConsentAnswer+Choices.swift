#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ConsentAnswer {
    /// The answer the consent form's `choices` give under `policy`: what was chosen, with what the form
    /// disclosed (the policy's partners and what each claims), where, in which language and when. A launch
    /// stores it, and `consentctl prompt --no-input` decides with it before the launch whether a tracking
    /// prompt would follow.
    package init(_ choices: ConsentChoices, policy: Policy, region: Region, regulation: Regulation, language: String, answeredAt: Date) {
        self.init(
            choices: choices, disclosedPartners: policy.partnerIDs, answeredAt: answeredAt, policyID: policy.id,
            policyRevision: policy.revision, tcfPolicyVersion: policy.tcfPolicyVersion, region: region,
            regulation: regulation, language: language, partnerClaims: PartnerClaim.claims(of: policy))
    }
}

extension ConsentRecord {
    /// Keeps a consent answer given at a launch in `region` (the context's): it replaces the earlier answer
    /// and ends a reset, and a known region becomes the last known one.
    package mutating func keepConsent(_ answer: ConsentAnswer, givenIn region: Region) {
        consent = answer
        resetSince = nil
        if region != .unknown { lastKnownRegion = region }
    }
}
