/// Shows the consent form (GDPR) and the US-state opt-out form. An error aborts the launch flow with
/// nothing stored for that prompt (an interrupted terminal form, a form that failed to load). The terminal
/// implements it for
/// `consentctl`; on iOS it wraps Google's UMP forms; tests use fakes.
public protocol ConsentFormPresenter: Sendable {
    /// Shows the consent form and returns the user's answer, or `.dismissed` when they left without one.
    /// Choices that do not answer the request's policy (an id its form does not show) make the launch throw
    /// their ``ConsentChoicesError``, storing nothing: an app's own form checks them first with
    /// ``ConsentChoices/check(against:)``.
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

/// The outcome of the consent form.
public enum ConsentFormResult: Sendable, Equatable {
    /// The user chose; the choices are stored as the new consent answer (``ConsentAnswer/choices``).
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

/// The outcome of the US-state opt-out form.
public enum OptOutFormResult: Sendable, Equatable {
    /// The user confirmed; the choices replace the stored US-state opt-outs (``USOptOutAnswer/choices``).
    case answered(OptOutChoices)
    /// Left without confirming: nothing is stored.
    case dismissed
    /// Never on screen, as ``ConsentFormResult/notShown``: nothing is stored.
    case notShown
}
