/// Something a caller should know that the decision's fields do not say (a debug setting ignored, a
/// corrupt state file set aside), with a stable ``ID`` to act on and a message to show.
///
/// Match warnings by ``id``, never by the words of ``message``, which may be reworded.
public struct ConsentWarning: Sendable, Hashable, CustomStringConvertible {
    /// What the warning is about; the raw values are stable.
    public enum ID: String, Sendable, Hashable, CaseIterable {
        /// The region was `US` without a state and the policy resolves it to `other`: US-state rules cannot
        /// apply.
        case usStateUnknown
        /// The device's region hints named different regions; the policy's conflict rule chose one.
        case regionHintsDisagree
        /// A debug geography was given where it is not honoured (a release build, or not a test device).
        case debugGeographyIgnored
        /// The reset-consent debug setting was given in a release build.
        case resetConsentIgnored
        /// The decision is shown as if the stored consent were forgotten; nothing was written.
        case resetConsentPreview
        /// The stored consent answer is dated after now (a clock set wrong): it does not count.
        case answerDatedInFuture
        /// A state file that could not be read was moved aside; the stored answers count as absent.
        case stateQuarantined
        /// A state file that could not be read was left as it is by a command that never writes
        /// (`log --verify`, `receipt`).
        case stateUnreadable
        /// The app's state folder was open to other users and was tightened to 0700.
        case appFolderTightened
        /// The consent log's last line had no line break (a write cut short); one was added.
        case logLineRepaired
        /// A line of the consent log could not be read and was skipped.
        case logLineUnreadable
        /// A signal (the TC or GPP string) could not be written.
        case signalNotWritten
        /// A release build creates TC strings with the policy's placeholder CMP id.
        case placeholderCMPID
        /// A kept copy of rules delivered after the release could not be read whole and was set aside: the
        /// rules it held are not in force.
        case keptRulesSetAside
        /// A kept copy of rules is not in force: a policy of another id, or one the base policy has caught up
        /// with.
        case keptRulesNotInForce
        /// A text the language shown lacks is shown in English.
        case textInEnglish
        /// A form or the tracking explainer could not be put on screen within the policy's time limit: it was
        /// not shown, nothing was recorded, and it is asked again at the next return to the foreground.
        case promptNotShown
        /// The app's web views could not be given the new signals (a string the web APIs cannot read); the keys
        /// were stored and the ads are not held back.
        case webContentNotUpdated
    }

    /// What the warning is about.
    public let id: ID
    /// One line for a person; its words may change between versions.
    public let message: String

    /// A warning of kind `id`; an embedder's own ``ConsentStore`` gives them too.
    public init(_ id: ID, _ message: String) {
        self.id = id
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
