/// Something a decoded string says that its format allows but the rules around it do not: a
/// finding about meaning, never a decoding error.
///
/// The decoders report raw bits; the `check` functions look at
/// the decoded values afterwards. Each warning has a stable ``ID``, which `consentctl decode`
/// prints beside its message and `consentctl explain` reports as a finding of the same id.
public struct SignalWarning: Sendable, Equatable, CustomStringConvertible {
    /// The warning ids, stable across releases.
    public enum ID: String, Sendable, Equatable, CaseIterable {
        /// Legitimate interest is set for purpose 1, or for purposes 3–6 under TCF policy
        /// version 4 or later, which the policy forbids.
        case purposeLegitimateInterestForbidden
        /// A vendor section lists a vendor above its own `MaxVendorId` (a range entry can).
        case vendorIdAboveMax
        /// A vendor section lists vendor 0 (a range entry can), which no vendor has: ids start at 1.
        case vendorIdZero
        /// A GPP section ends with an empty sub-section: a `.` and nothing after it.
        case gpcSubsectionEmpty
        /// A purpose the string's TCF policy version does not define: above 10 under versions up
        /// to 3, above 11 from version 4.
        case purposeUndefined
        /// The TC core segment ends before `NumPubRestrictions`, read as no restriction.
        case coreSegmentShort
        /// A usnat core under `Version` 2 is only a version-1 core long, read with v1's widths and
        /// its lists padded with zeros, as iabgpp-es reads it.
        case usnatCoreShort

        /// What the warning means, in one line.
        public var summary: String {
            switch self {
            case .purposeLegitimateInterestForbidden:
                "legitimate interest set for purpose 1, or for purposes 3-6 under TCF policy version 4 or later"
            case .vendorIdAboveMax: "a vendor section lists a vendor above its MaxVendorId"
            case .vendorIdZero: "a vendor section lists vendor 0, which no vendor has (ids start at 1)"
            case .gpcSubsectionEmpty: "a GPP section ends with an empty sub-section ('.' and nothing after it)"
            case .purposeUndefined: "a purpose above 10 (TCF policy versions 2-3) or 11 (version 4 on)"
            case .coreSegmentShort: "the TC core segment ends before NumPubRestrictions, read as no restriction"
            case .usnatCoreShort: "a usnat Version 2 core only a version-1 core long, read with v1's fields padded with zeros"
            }
        }
    }

    /// The warning's id.
    public var id: ID
    /// One line naming the field and the values concerned.
    public var message: String

    /// A warning.
    public init(_ id: ID, _ message: String) {
        self.id = id
        self.message = message
    }

    /// `<id>: <message>`.
    public var description: String { "\(id.rawValue): \(message)" }
}
