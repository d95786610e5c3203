/// A partner's id: a vendor of IAB's Global Vendor List (`755`), or a Google Ad Tech Provider that is not on
/// it (`atp:89`), whose consent goes into Google's Additional Consent string instead of the TC string.
///
/// Written as an integer for a vendor and as the string `atp:N` for an ATP, in flags, fixtures and files;
/// vendors sort before ATPs, each by number.
public enum PartnerID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A Global Vendor List vendor (1–65535).
    case vendor(Int)
    /// A Google Ad Tech Provider by its id in Google's ATP list.
    case googleATP(Int)

    /// `755` or `atp:89`.
    public var description: String {
        switch self {
        case .vendor(let id): return String(id)
        case .googleATP(let id): return "atp:\(id)"
        }
    }

    /// Reads `755` or `atp:89` (any case); `nil` for anything else.
    package init?(parsing text: String) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("atp:") {
            guard let id = Int(lowered.dropFirst(4)), id > 0 else { return nil }
            self = .googleATP(id)
        } else {
            guard let id = Int(lowered), (1...65535).contains(id) else { return nil }
            self = .vendor(id)
        }
    }

    /// The GVL vendor id, or `nil` for an ATP.
    package var vendorID: Int? {
        if case .vendor(let id) = self { return id }
        return nil
    }

    /// The ATP id, or `nil` for a vendor.
    package var atpID: Int? {
        if case .googleATP(let id) = self { return id }
        return nil
    }

    /// Vendors before ATPs, each by number.
    public static func < (lhs: PartnerID, rhs: PartnerID) -> Bool {
        switch (lhs, rhs) {
        case (.vendor(let a), .vendor(let b)), (.googleATP(let a), .googleATP(let b)): return a < b
        case (.vendor, .googleATP): return true
        case (.googleATP, .vendor): return false
        }
    }
}

extension PartnerID: ExpressibleByIntegerLiteral {
    /// A GVL vendor written as its number: `[755, 21]`.
    public init(integerLiteral id: Int) {
        self = .vendor(id)
    }
}
