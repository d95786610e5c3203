/// A publisher restriction of a TC string: for one purpose, how the listed vendors may
/// process data.
public struct PublisherRestriction: Sendable, Equatable {
    /// The restriction type, the 2-bit `RestrictionType` field.
    public enum RestrictionType: Int, Sendable, Equatable, CaseIterable {
        /// 0: the purpose is flatly not allowed for these vendors.
        case notAllowed = 0
        /// 1: the vendors need consent for the purpose.
        case requireConsent = 1
        /// 2: the vendors need legitimate interest for the purpose.
        case requireLegitimateInterest = 2
        /// 3: undefined by the spec; kept as read.
        case undefined = 3
    }

    /// The purpose id (the 6-bit `PurposeId` field).
    public var purpose: Int
    /// The restriction type.
    public var type: RestrictionType
    /// The restricted vendor ids, ascending and unique.
    public var vendors: [Int]

    /// A restriction for `purpose`; `vendors` are sorted and made unique.
    public init(purpose: Int, type: RestrictionType, vendors: [Int]) {
        self.purpose = purpose
        self.type = type
        self.vendors = VendorSet.normalized(vendors)
    }

    /// A restriction whose vendors are ascending and unique already, as the decoder reads them.
    init(purpose: Int, type: RestrictionType, ascendingVendors vendors: [Int]) {
        self.purpose = purpose
        self.type = type
        self.vendors = vendors
    }
}
