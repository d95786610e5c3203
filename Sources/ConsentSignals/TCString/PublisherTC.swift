/// The Publisher TC segment (segment type 3): the publisher's own purposes and its custom
/// purposes.
public struct PublisherTC: Sendable, Equatable {
    /// Publisher purposes consented to (1–24), ascending.
    public var purposeConsents: [Int]
    /// Publisher purposes with legitimate interest established (1–24), ascending.
    public var purposeLegitimateInterests: [Int]
    /// The number of custom purposes (0–63); the two custom bitfields are this long.
    public var numCustomPurposes: Int
    /// Custom purposes consented to (1–`numCustomPurposes`), ascending.
    public var customPurposeConsents: [Int]
    /// Custom purposes with legitimate interest established (1–`numCustomPurposes`), ascending.
    public var customPurposeLegitimateInterests: [Int]

    /// A Publisher TC segment; every list defaults to empty (`.YAAAAAAAAAAA` when encoded).
    public init(
        purposeConsents: [Int] = [],
        purposeLegitimateInterests: [Int] = [],
        numCustomPurposes: Int = 0,
        customPurposeConsents: [Int] = [],
        customPurposeLegitimateInterests: [Int] = []
    ) {
        self.purposeConsents = purposeConsents
        self.purposeLegitimateInterests = purposeLegitimateInterests
        self.numCustomPurposes = numCustomPurposes
        self.customPurposeConsents = customPurposeConsents
        self.customPurposeLegitimateInterests = customPurposeLegitimateInterests
    }
}
