/// Google's TCF error codes, quoted as Google words them in "Troubleshooting IAB EU TCF v2.2
/// implementation" (support.google.com/admob/answer/9999955), for the reasons that match one; where each
/// wording was read is in `docs/explain.md`.
enum GoogleTCFError: String {
    case vendorNotAllowed = "1.1"
    case noPurposeOneConsent = "1.2"
    case noLegalBasisForBasicAds = "1.3"
    case noTCString = "2.1a"
    case stringTooOld = "3.3"

    var wording: String {
        switch self {
        case .vendorNotAllowed: "Google, as a vendor, is not allowed under consent or legitimate interest."
        case .noPurposeOneConsent: "No consent for Purpose 1 for EEA countries and the UK."
        case .noLegalBasisForBasicAds: "Has consent for Purpose 1, but lacks legal bases for Basic Ads."
        case .noTCString: "Tag or SDK isn’t receiving a TC string due to CMP status being stub, loading, or error."
        case .stringTooOld: "The TC string last updated date was more than 13 months ago."
        }
    }

    /// `Google error 1.2: "…"`, to follow a reason.
    var quoted: String { "Google error \(rawValue): \"\(wording)\"" }
}
