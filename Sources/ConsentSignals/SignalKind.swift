/// The kind of a consent string, told from its first characters, so that a list of mixed
/// strings can be given to the right decoders.
public enum SignalKind: String, Sendable, Equatable, CaseIterable {
    /// A TC string: `C…` (TCF v2). A `B…` string (TCF v1) is also called a TC string, so
    /// that its decoder can say it is version 1 rather than "unknown".
    case tcString = "tc"
    /// A GPP string: `DB…` (header type 3, version 1).
    case gppString = "gpp"
    /// A Google Additional Consent string: `1~…` or `2~…`.
    case additionalConsent = "ac"
    /// A US Privacy string: `1` and three of `Y`, `N`, `-`.
    case usPrivacy = "usp"

    /// The kind `string` looks like, or nil when it looks like none of them.
    public init?(detecting string: String) {
        let bytes = Array(string.utf8.prefix(5))
        let flags: Set<UInt8> = [UInt8(ascii: "Y"), UInt8(ascii: "N"), UInt8(ascii: "-")]
        if bytes.count == 4, bytes[0] == UInt8(ascii: "1"), bytes.dropFirst().allSatisfy(flags.contains) {
            self = .usPrivacy
        } else if bytes.count >= 2, bytes[0] == UInt8(ascii: "1") || bytes[0] == UInt8(ascii: "2"), bytes[1] == UInt8(ascii: "~") {
            self = .additionalConsent
        } else if let first = bytes.first, first == UInt8(ascii: "C") || first == UInt8(ascii: "B") {
            self = .tcString
        } else if bytes.starts(with: [UInt8(ascii: "D"), UInt8(ascii: "B")]) {
            self = .gppString
        } else {
            return nil
        }
    }
}
