/// The segments of a TC string, by their 3-bit `SegmentType`.
package enum TCSegmentType: Int, Sendable {
    case core = 0
    case disclosedVendors = 1
    case allowedVendors = 2
    case publisherTC = 3

    /// The name used in errors.
    package var name: String {
        switch self {
        case .core: "core segment"
        case .disclosedVendors: "Disclosed Vendors segment"
        case .allowedVendors: "Allowed Vendors segment"
        case .publisherTC: "Publisher TC segment"
        }
    }
}
