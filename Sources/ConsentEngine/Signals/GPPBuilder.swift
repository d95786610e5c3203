import ConsentSignals

/// The GPP string the engine writes (§9): section 2 carrying the TC string under the GDPR; in a regulated
/// US state the usnat section as Google's UMP writes it (or the state's own section where the policy asks,
/// never Utah's); `DBAA` with no section elsewhere.
package enum GPPBuilder {
    /// The section for a regulated US state's opt-outs, or the United States' when the state is not known
    /// (`nil`: always usnat); `nil` opt-outs mean no answer yet.
    package static func usSection(state: String?, optOuts: USOptOutAnswer?, settings: GPPSettings) -> GPPUSSection {
        // 1 opted out, 2 did not opt out; before any answer "did not".
        func optOut(_ chosen: Bool?) -> Int { chosen == true ? 1 : 2 }
        let kinds: [String: GPPUSSection.Kind] = ["CA": .california, "VA": .virginia, "CO": .colorado, "CT": .connecticut]
        if settings.stateSections, let state, let kind = kinds[state] {
            var section = GPPUSSection(kind: kind)
            section.saleOptOutNotice = 1
            section.saleOptOut = optOut(optOuts?.choices.sale)
            if kind == .california {
                section.sharingOptOutNotice = 1
                section.sensitiveDataLimitUseNotice = 0
                section.sharingOptOut = optOut(optOuts?.choices.sharing)
            } else {
                section.sharingNotice = 1
                section.targetedAdvertisingOptOutNotice = 1
                section.targetedAdvertisingOptOut = optOut(optOuts?.choices.targetedAdvertising)
            }
            section.mspaCoveredTransaction = 2
            return section
        }
        var section = GPPUSSection(kind: .national)
        if settings.usnatVersion == 2 {
            section.version = 2
            section.sensitiveDataProcessing = Array(repeating: 0, count: 16)
            section.knownChildSensitiveDataConsents = Array(repeating: 0, count: 3)
        }
        section.sharingNotice = 1
        section.saleOptOutNotice = 1
        section.sharingOptOutNotice = 1
        section.targetedAdvertisingOptOutNotice = 1
        section.sensitiveDataProcessingOptOutNotice = 0
        section.sensitiveDataLimitUseNotice = 0
        section.saleOptOut = optOut(optOuts?.choices.sale)
        section.sharingOptOut = optOut(optOuts?.choices.sharing)
        section.targetedAdvertisingOptOut = optOut(optOuts?.choices.targetedAdvertising)
        section.personalDataConsents = 0
        section.mspaCoveredTransaction = 2
        section.mspaOptOutOptionMode = 0
        section.mspaServiceProviderMode = 0
        section.gpc = nil
        return section
    }
}

/// Consent Mode v2 by Google's published TCF mapping (§9): ad_storage = purpose 1, ad_user_data =
/// purposes 1 and 7, ad_personalization = purposes 3 and 4, analytics_storage = the policy's
/// `consentMode.analyticsStoragePurpose`.
package enum ConsentModeBuilder {
    /// Under the GDPR with a valid answer.
    package static func mode(for answer: ConsentAnswer, policy: Policy) -> ConsentMode {
        mode(consentedPurposes: Set(answer.choices.purposes), analyticsStoragePurpose: policy.consentMode.analyticsStoragePurpose)
    }

    /// The mapping itself, on the purposes consented to (a stored answer's, or a device's TC string's);
    /// analytics storage follows `analyticsStoragePurpose`, and is `notApplicable` without one.
    package static func mode(consentedPurposes consented: Set<Int>, analyticsStoragePurpose: Int?) -> ConsentMode {
        func value(_ purposes: [Int]) -> ConsentMode.Value { purposes.allSatisfy(consented.contains) ? .granted : .denied }
        return ConsentMode(
            adStorage: value([1]), adUserData: value([1, 7]), adPersonalization: value([3, 4]),
            analyticsStorage: analyticsStoragePurpose.map { value([$0]) } ?? .notApplicable)
    }

    /// Under the GDPR without a valid answer, and under TFUA in the GDPR: everything denied.
    package static func denied(policy: Policy) -> ConsentMode {
        denied(analyticsStoragePurpose: policy.consentMode.analyticsStoragePurpose)
    }

    /// Everything denied; analytics storage only when a purpose grants it.
    package static func denied(analyticsStoragePurpose: Int?) -> ConsentMode {
        ConsentMode(adStorage: .denied, adUserData: .denied, adPersonalization: .denied,
                    analyticsStorage: analyticsStoragePurpose == nil ? .notApplicable : .denied)
    }

    /// Outside the GDPR and for an unknown regulation: the app's own defaults stand.
    package static let notApplicable = ConsentMode(
        adStorage: .notApplicable, adUserData: .notApplicable, adPersonalization: .notApplicable,
        analyticsStorage: .notApplicable)
}
