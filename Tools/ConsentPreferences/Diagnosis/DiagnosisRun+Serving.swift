import ConsentEngine
import ConsentSignals

extension DiagnosisRun {
    /// Whether the CMP matters for Google: under the GDPR, or wherever a TC string is stored.
    private var tcfInPlay: Bool { applies == .gdpr || tcText != nil }

    /// The CMP's id: below 2 is not a registered CMP; Google's certification is settled only by a list.
    mutating func checkCMP() {
        guard tcfInPlay else { return }
        guard let id = cmp.id else {
            if tcText == nil {
                note(.keyMissing, "IABTCF_CmpSdkID is not stored: a CMP sets it as soon as it starts")
            }
            return
        }
        if id < 2 {
            note(.cmpIdInvalid, "the CMP id is \(id): ids 0 and 1 are reserved (a stub, a test), so no CMP registered with IAB Europe wrote these keys; Google lists strings with \"invalid CMP IDs (from testing)\" among those that will not monetize")
        } else if let certified = certifiedCMPs {
            if !certified.contains(id) {
                note(.cmpNotCertified, "CMP \(id) is not on the list of Google-certified CMPs given: Google serves limited ads at most in the EEA, the UK and Switzerland")
            }
        } else {
            note(.cmpCertificationUnknown, "whether CMP \(id) is on Google's list of certified CMPs cannot be told offline; pass --certified-cmps FILE with the list's ids to settle it")
        }
    }

    /// Step 4: what Google will serve, by the one serving table on the TC string under the GDPR, by the
    /// opt-outs and GPC in a US state.
    mutating func serve() {
        switch applies {
        case .gdpr: serveUnderGDPR()
        case .usStates: serveInUSState()
        case .none:
            adServing = .personalized
        case .unknown:
            adServing = nil
            reasons.append("nothing says what applies: IABTCF_gdprApplies is not stored (or not 0 or 1) and IABGPP_GppSID lists no US section (7–27); Google decides by the request's location")
        }
    }

    private mutating func serveUnderGDPR() {
        guard let tcText else {
            adServing = .limited
            reasons.append("the GDPR applies and no TC string is stored: Google serves limited ads at most to EEA, UK and CH requests without a TC string from a certified CMP; \(GoogleTCFError.noTCString.quoted)")
            return
        }
        guard let tc else {
            adServing = AdServing.none
            reasons.append("the TC string does not decode (\(tcText.prefix(24))…): Google cannot read the user's choices and serves no ads")
            return
        }
        let verdict = GoogleServingTable.verdict(on: tc, now: now)
        adServing = verdict.mode
        reasons += Self.explained(verdict.reasons)
        if let id = cmp.id, id < 2 {
            adServing = AdServing.none
            reasons.append("the CMP id \(id) is not a registered CMP's: Google does not monetize such strings")
        } else if let id = cmp.id, let certified = certifiedCMPs, !certified.contains(id),
                  adServing == .personalized || adServing == .nonPersonalized {
            adServing = .limited
            reasons.append("CMP \(id) is not Google-certified: limited ads at most")
        }
    }

    /// The serving table's reasons, each followed by Google's error code where one matches it; the code for
    /// purposes without a legal basis once, and only when purpose 1 has consent, as Google words it.
    private static func explained(_ verdictReasons: [GoogleServingTable.Reason]) -> [String] {
        let purposeOneRefused = verdictReasons.contains(.purposeOneRefused)
        var citedBasicAds = false
        return verdictReasons.map { reason in
            switch reason {
            case .purposeOneRefused: return "\(reason); \(GoogleTCFError.noPurposeOneConsent.quoted)"
            case .googleNotConsented: return "\(reason); \(GoogleTCFError.vendorNotAllowed.quoted)"
            case .basicPurposeWithoutBasis where !purposeOneRefused && !citedBasicAds:
                citedBasicAds = true
                return "\(reason); \(GoogleTCFError.noLegalBasisForBasicAds.quoted)"
            case .stringTooOld: return "\(reason); \(GoogleTCFError.stringTooOld.quoted)"
            default: return reason.description
            }
        }
    }

    private mutating func serveInUSState() {
        let applicable = Set(applicableSections ?? [])
        var optedOut: [String] = []
        var signalledBy: [String] = []
        for case .us(let section) in gpp?.sections ?? [] where applicable.contains(section.kind.sectionId) {
            var choices: [String] = []
            if section.saleOptOut == 1 { choices.append("sale") }
            if section.sharingOptOut == 1 { choices.append("sharing") }
            if section.targetedAdvertisingOptOut == 1 { choices.append("targeted advertising") }
            if section.gpc == true { choices.append("GPC") }
            if !choices.isEmpty {
                optedOut += choices.filter { !optedOut.contains($0) }
                signalledBy.append(section.kind.apiPrefix)
            }
        }
        if case .string(let text)? = preferences[InAppKeyName.usPrivacy],
           let usp = try? USPrivacyString(decoding: text), usp.optedOutOfSale == true {
            if !optedOut.contains("sale") { optedOut.append("sale") }
            signalledBy.append("IABUSPrivacy_String")
        }
        guard !optedOut.isEmpty else {
            adServing = .personalized
            return
        }
        adServing = .nonPersonalized
        let what = optedOut.map { $0 == "GPC" ? "Global Privacy Control is on" : "opted out of \($0)" }
        reasons.append("restricted data processing: the user \(what.joined(separator: ", ")) (\(signalledBy.joined(separator: ", "))): non-personalised ads")
    }

    /// Step 5: Consent Mode by Google's TCF mapping (§9).
    mutating func mapConsentMode() {
        guard applies == .gdpr else {
            consentMode = ConsentModeBuilder.notApplicable
            return
        }
        if let tc {
            consentMode = ConsentModeBuilder.mode(consentedPurposes: Set(tc.purposeConsents), analyticsStoragePurpose: nil)
        } else {
            consentMode = ConsentModeBuilder.denied(analyticsStoragePurpose: nil)
        }
    }
}
