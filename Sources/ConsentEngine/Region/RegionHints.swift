/// What the device itself says of where the user is, without a network: the App Store storefront's country,
/// the region the user set, and the time zone. None is a location: the policy says which count, in which
/// order, and what a disagreement means (`regionHints`, `regionHintConflict`), and they are used only when
/// neither the app nor an earlier launch knows the region.
///
/// Each value is read as the system gives it and kept only when it names a country: a storefront in
/// ISO 3166-1 alpha-3 (StoreKit's `FRA`) or alpha-2, a device region in alpha-2 (UN M.49's `419`, Latin
/// America, is no hint), a time zone of the time-zone database (`Europe/Berlin`; `Etc/UTC` names no country).
///
/// ```swift
/// let hints = RegionHints(storefront: "FRA", deviceRegion: "FR", timeZone: "Europe/Paris")
/// let context = DecisionContext(region: .unknown, regionHints: hints)
/// ```
public struct RegionHints: Sendable, Equatable {
    /// The storefront's country in alpha-2 (`FR`), when the value given names one.
    public var storefront: String? { value(.storefront)?.country }
    /// The device region's country (`FR`), when the value given is a country.
    public var deviceRegion: String? { value(.deviceRegion)?.country }
    /// The time zone (`Europe/Paris`), when the time-zone database places it in a country.
    public var timeZone: String? { value(.timeZone)?.given }

    /// The hints that name a country, in the order of ``RegionHintKind``.
    package private(set) var hints: [RegionHint] = []
    /// Each hint's kind and region, in the order of `hints`: what a decision compares, in arrays of plain values
    /// so that the region rule reads them without copying a hint's strings.
    package private(set) var kinds: [RegionHintKind] = []
    package private(set) var regions: [Region] = []

    /// No hints: what a context has unless the app passes some.
    public static let none = RegionHints()

    /// The hints in the values the system gives; a value that names no country is left out.
    public init(storefront: String? = nil, deviceRegion: String? = nil, timeZone: String? = nil) {
        if let storefront, let country = RegionHintTables.country(forISOCode: storefront) {
            add(.storefront, given: storefront, country: country)
        }
        if let deviceRegion, let country = RegionHintTables.country(forRegionCode: deviceRegion) {
            add(.deviceRegion, given: deviceRegion, country: country)
        }
        if let timeZone, let country = RegionHintTables.country(forTimeZone: timeZone) {
            add(.timeZone, given: timeZone, country: country)
        }
    }

    /// Whether `value` could come from a device as a hint of `kind`, whether or not it names a country: a
    /// storefront is a country in alpha-2 or alpha-3, a device region a country or a UN M.49 area (three
    /// digits, `419`), a time zone one of the time-zone database's. The command line and the fixtures refuse
    /// anything else as a mistake; the engine itself just finds no hint in it.
    package static func isPossible(_ value: String, as kind: RegionHintKind) -> Bool {
        switch kind {
        case .storefront: return RegionHintTables.country(forISOCode: value) != nil
        case .deviceRegion:
            return RegionHintTables.country(forRegionCode: value) != nil
                || (value.utf8.count == 3 && value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        case .timeZone: return RegionHintTables.isTimeZone(value)
        }
    }

    /// Whether no hint names a country.
    package var isEmpty: Bool { hints.isEmpty }

    /// The hint of `kind`, if it names a country.
    package func value(_ kind: RegionHintKind) -> RegionHint? {
        hints.first { $0.kind == kind }
    }

    private mutating func add(_ kind: RegionHintKind, given: String, country: String) {
        // A country of the tables is always one `Region(country:)` knows.
        guard let region = Region(country: country) else { return }
        hints.append(RegionHint(kind: kind, given: given, country: country, region: region))
        kinds.append(kind)
        regions.append(region)
    }
}

/// The kinds of region hint, as the policy's `regionHints` names them.
package enum RegionHintKind: String, Sendable, Equatable, CaseIterable {
    case storefront, timeZone, deviceRegion

    /// A value of the kind, for messages.
    package var example: String {
        switch self {
        case .storefront: return "FRA"
        case .timeZone: return "Europe/Berlin"
        case .deviceRegion: return "FR"
        }
    }
}

/// One hint that names a country, resolved once when the context is made so that a decision only compares.
package struct RegionHint: Sendable, Equatable, CustomStringConvertible {
    package var kind: RegionHintKind
    /// The value as the system gave it (`FRA`, `Europe/Paris`).
    package var given: String
    /// Its country, alpha-2.
    package var country: String
    /// What the country means for consent (`DE` → EEA), before the policy resolves `US`.
    package var region: Region

    /// `storefront FR`, `storefront FRA (FR)`, `timeZone Europe/Paris (FR)`: the hint as the trace and
    /// warnings name it.
    package var description: String {
        given.uppercased() == country ? "\(kind.rawValue) \(country)" : "\(kind.rawValue) \(given) (\(country))"
    }
}

/// What the policy's `regionHintConflict` makes of hints that disagree.
package enum RegionHintConflict: String, Sendable, Equatable, CaseIterable {
    /// A hint naming a GDPR country makes the region that GDPR region, whatever the others say: the user is
    /// asked rather than assumed to be elsewhere.
    case protective
    /// The first hint in the policy's order decides.
    case first
}

/// What the policy makes of `US` without a state (`regions.unitedStatesWithoutState`).
package enum UnitedStatesHandling: String, Sendable, Equatable, CaseIterable {
    /// Regulated: the national usnat section, the privacy-options entry point and the opt-out form, which
    /// the laws of the regulated states require of every user who may live in one.
    case usStates
    /// Region `other`, with a warning that the state is unknown (the engine's rule before region hints).
    case other
}
