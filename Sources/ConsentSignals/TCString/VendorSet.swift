/// A vendor section of a TC string: the vendor ids whose bit is set, and the section's
/// `MaxVendorId`.
///
/// Used for vendor consents, vendor legitimate interests, and the Disclosed Vendors and
/// Allowed Vendors segments. A decoded `maxVendorId` is the raw field: it may be above the
/// highest id (some CMPs write the vendor list's highest id), and a range entry may even
/// name ids above it. The encoder chooses range or bitfield encoding itself.
public struct VendorSet: Sendable, Equatable {
    /// The section's `MaxVendorId` field (0–65535).
    public var maxVendorId: Int
    /// The vendor ids, ascending and unique.
    public var ids: [Int]

    /// A section with the given ids (sorted and made unique) and `MaxVendorId`.
    public init(maxVendorId: Int, ids: [Int]) {
        self.maxVendorId = maxVendorId
        self.ids = Self.normalized(ids)
    }

    /// A section whose `MaxVendorId` is its highest id (0 when empty), as IAB's reference
    /// encoder writes it.
    public init(ids: [Int]) {
        self.ids = Self.normalized(ids)
        self.maxVendorId = self.ids.last ?? 0
    }

    /// A section whose ids are ascending and unique already, as the decoder reads them.
    init(maxVendorId: Int, ascendingIds ids: [Int]) {
        self.maxVendorId = maxVendorId
        self.ids = ids
    }

    /// An empty section: `MaxVendorId` 0, no ids.
    public static let empty = VendorSet(maxVendorId: 0, ids: [])

    static func normalized(_ ids: [Int]) -> [Int] {
        var isNormal = true
        for index in ids.indices.dropFirst() where ids[index - 1] >= ids[index] {
            isNormal = false
            break
        }
        return isNormal ? ids : Array(Set(ids)).sorted()
    }
}
