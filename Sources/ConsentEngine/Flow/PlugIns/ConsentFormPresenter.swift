/// Shows the consent form (GDPR) and the US-state opt-out form. An error aborts the launch flow with
/// nothing stored for that prompt (an interrupted terminal form, a form that failed to load). The terminal
/// implements it for
/// `consentctl`; on iOS it wraps Google's UMP forms; tests use fakes.
public protocol ConsentFormPresenter: Sendable {
    /// Shows the consent form and returns the user's answer, or `.dismissed` when they left without one.
    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult
    /// Shows the US-state opt-out form (privacy options in a regulated state).
    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult
}

/// Which consent form is shown.
public enum ConsentFormKind: String, Sendable, Equatable, Codable {
    /// The form shown at launch when an answer is needed.
    case consentForm
    /// The same form reopened from the privacy-options entry point, every toggle off.
    case privacyOptionsForm
}

/// What a consent form shows.
public struct ConsentFormRequest: Sendable, Equatable {
    /// The form at launch, or the privacy-options form (every toggle off).
    public let kind: ConsentFormKind
    /// The policy whose purposes, special features, partners and texts the form shows.
    public let policy: Policy
    /// The language to show, already resolved against the policy's texts.
    public let language: String
    /// Why the form is shown at launch (`nil` for privacy options).
    public let reason: FormReason?

    /// A request to show the form of `kind` with `policy`'s texts in `language` (resolved against the policy:
    /// `de-AT` is `de`, an unknown language English), because of `reason` (`nil` for privacy options): what
    /// the launch hands a presenter, and what an app's test hands its own.
    public init(kind: ConsentFormKind, policy: Policy, language: String, reason: FormReason?) {
        self.kind = kind
        self.policy = policy
        self.language = policy.resolvedLanguage(language)
        self.reason = reason
    }

    /// A button's label in the request's language as a person reads it (``displayLabel(_:)`` of the
    /// policy's text): what a presenter shows on the button, with its mnemonic apart.
    public func label(_ key: TextKey) -> DisplayLabel {
        displayLabel(policy.text(key, language: language))
    }
}

/// The choices made on the consent form.
public struct ConsentChoices: Sendable, Equatable {
    /// How the answer was given: `consentAll`, `rejectAll` or `custom` (Confirm choices).
    public private(set) var choice: ConsentChoice
    /// TCF purpose ids consented to (sorted, no duplicates).
    public private(set) var purposes: [Int]
    /// Purpose ids whose legitimate interest the user objected to (sorted, no duplicates).
    public private(set) var legitimateInterestObjections: [Int]
    /// TCF special feature ids opted in to (sorted, no duplicates).
    public private(set) var specialFeatures: [Int]
    /// The partners consented to: GVL vendors and Google ATPs (sorted, no duplicates).
    public private(set) var partners: [PartnerID]
    /// GVL vendors whose legitimate interest the user objects to (sorted, no duplicates).
    public private(set) var partnerObjections: [Int]

    /// Choices from id lists in any order; each list is deduplicated and sorted.
    public init(choice: ConsentChoice, purposes: [Int] = [], legitimateInterestObjections: [Int] = [],
                specialFeatures: [Int] = [], partners: [PartnerID] = [], partnerObjections: [Int] = []) {
        self.choice = choice
        self.purposes = purposes.sortedUnique
        self.legitimateInterestObjections = legitimateInterestObjections.sortedUnique
        self.specialFeatures = specialFeatures.sortedUnique
        self.partners = partners.sortedUnique
        self.partnerObjections = partnerObjections.sortedUnique
    }

    /// "Consent" / "Accept all": every purpose, special feature and partner of the policy, no objections.
    public static func consentAll(_ policy: Policy) -> ConsentChoices {
        ConsentChoices(choice: .consentAll, purposes: policy.purposes.map(\.id),
                       specialFeatures: policy.specialFeatures.map(\.id), partners: policy.partnerIDs)
    }

    /// "Do not consent" / "Reject all": nothing consented, and every legitimate interest objected to, of
    /// purposes and of partners alike.
    public static func rejectAll(_ policy: Policy) -> ConsentChoices {
        let legitimateInterests = Set(policy.partners.flatMap(\.legitimateInterestPurposes))
        let partners = policy.partners.filter { !$0.legitimateInterestPurposes.isEmpty }.compactMap(\.id.vendorID)
        return ConsentChoices(choice: .rejectAll, legitimateInterestObjections: Array(legitimateInterests),
                              partnerObjections: partners)
    }
}

/// The outcome of the consent form.
public enum ConsentFormResult: Sendable, Equatable {
    /// The user chose; the choices are stored as the new consent answer.
    case answered(ConsentChoices)
    /// Left without an answer (q, Esc, end of input): nothing is stored.
    case dismissed
    /// Never on screen: the app had no window in a scene in the foreground, or one that was presenting or
    /// dismissing something, within the policy's time limit (`presentation.timeLimitSeconds`), or the system
    /// took the form away. Nothing is stored, and unlike a form the user left, it is shown again at the
    /// next return to the foreground (or launch).
    case notShown
}

/// What the US-state opt-out form shows.
public struct OptOutFormRequest: Sendable, Equatable {
    /// The policy whose texts the form shows.
    public let policy: Policy
    /// The language to show, already resolved against the policy's texts.
    public let language: String
    /// The regulated US state the user is in (`US-CA`…), stored with the answer.
    public let region: Region
    /// The opt-outs in force, shown as the starting state.
    public let current: USOptOutAnswer?

    /// A request to show the opt-out form for `region`, starting from the opt-outs in force (`current`,
    /// `nil` when none are stored), with `policy`'s texts in `language` (resolved against the policy).
    public init(policy: Policy, language: String, region: Region, current: USOptOutAnswer?) {
        self.policy = policy
        self.language = policy.resolvedLanguage(language)
        self.region = region
        self.current = current
    }

    /// A button's label in the request's language as a person reads it (``displayLabel(_:)`` of the
    /// policy's text).
    public func label(_ key: TextKey) -> DisplayLabel {
        displayLabel(policy.text(key, language: language))
    }
}

/// The opt-outs chosen on the US-state form.
public struct OptOutChoices: Sendable, Equatable {
    /// Opted out of the sale of personal data.
    public var sale: Bool
    /// Opted out of the sharing of personal data.
    public var sharing: Bool
    /// Opted out of targeted advertising.
    public var targetedAdvertising: Bool

    /// Choices with every opt-out off unless given; any opt-out makes ad serving `nonPersonalized`.
    public init(sale: Bool = false, sharing: Bool = false, targetedAdvertising: Bool = false) {
        self.sale = sale
        self.sharing = sharing
        self.targetedAdvertising = targetedAdvertising
    }
}

/// The outcome of the US-state opt-out form.
public enum OptOutFormResult: Sendable, Equatable {
    /// The user confirmed; the choices replace the stored US-state opt-outs.
    case answered(OptOutChoices)
    /// Left without confirming: nothing is stored.
    case dismissed
    /// Never on screen, as ``ConsentFormResult/notShown``: nothing is stored.
    case notShown
}
