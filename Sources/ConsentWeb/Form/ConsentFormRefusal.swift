/// Why the consent form's page sent a message that cannot be stored: nothing is stored, and the form stays.
public struct ConsentFormRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the message.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Not JSON, not an object, a field missing, unknown or of the wrong type, an id listed twice, or too
        /// long.
        case malformed
        /// It answers another form than the one shown (the opt-out form's answer to the consent form).
        case wrongForm
        /// An id that is no id of its kind: not a positive number, or a partner that is neither a vendor id
        /// (1–65535) nor `atp:N`.
        case unknownID
        /// An id the form does not show: a purpose, special feature or partner the policy does not list, or
        /// an objection to a legitimate interest no partner relies on.
        case notOnForm
        /// Lists that are not what the choice gives: `consentAll` and `rejectAll` send the policy's lists.
        case contradictsChoice
    }

    /// What is wrong.
    public let kind: Kind
    /// The refusal in plain words, naming the field or id at fault.
    public let reason: String

    /// A refusal of one kind, with its reason.
    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}
