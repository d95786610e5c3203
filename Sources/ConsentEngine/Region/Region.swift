/// Where a user is, resolved to the granularity the rules need.
///
/// The region service may say `EEA`, `UK`, `CH`, `other`, a country code (`DE`, `GB`, `JP`), a US state
/// (`US-CA`) or `unknown`; ``RegionInput`` keeps what was said, and this is what it means for consent.
public enum Region: Sendable, Hashable, CustomStringConvertible {
    /// The European Economic Area: the EU 27, Iceland, Liechtenstein and Norway.
    case eea
    /// The United Kingdom (country code `GB`).
    case uk
    /// Switzerland.
    case ch
    /// A US state, by its two-letter postal code (`CA`).
    case usState(String)
    /// The United States, its state not known (`US`). The policy decides what it means
    /// (`regions.unitedStatesWithoutState`): regulated, with the national opt-out (the default), or `other`.
    case unitedStates
    /// Any other country.
    case other
    /// The region service failed or the device is offline.
    case unknown

    /// The region's name as it appears in decisions and files: `EEA`, `UK`, `CH`, `US-CA`, `US`, `other`, `unknown`.
    public var description: String {
        switch self {
        case .eea: return "EEA"
        case .uk: return "UK"
        case .ch: return "CH"
        case .usState(let state): return "US-\(state)"
        case .unitedStates: return "US"
        case .other: return "other"
        case .unknown: return "unknown"
        }
    }

    /// Reads a resolved region name as written by ``description``; `nil` for anything else.
    package init?(resolvedName: String) {
        switch resolvedName {
        case "EEA": self = .eea
        case "UK": self = .uk
        case "CH": self = .ch
        case "US": self = .unitedStates
        case "other": self = .other
        case "unknown": self = .unknown
        default:
            guard resolvedName.hasPrefix("US-"),
                  case let state = String(resolvedName.dropFirst(3)),
                  RegionTables.usStates.contains(state)
            else { return nil }
            self = .usState(state)
        }
    }
}

/// A region as the region service (or `--geo`) gave it, validated, with what it resolves to.
public struct RegionInput: Sendable, Hashable, CustomStringConvertible {
    /// The code as given, normalised to upper case for country and state codes (`de` → `DE`).
    public let code: String
    /// What the code means for consent (`US` is ``Region/unitedStates``, which the policy then resolves).
    public let region: Region

    /// The region the service reports when it failed or the device is offline.
    public static let unknown = RegionInput(code: "unknown", region: .unknown)

    /// The code as given, normalised (`DE` for a user whose region is `EEA`).
    public var description: String { code }

    private init(code: String, region: Region) {
        self.code = code
        self.region = region
    }

    /// Parses a region code, or throws ``RegionError`` naming the valid forms.
    public init(parsing raw: String) throws(RegionError) {
        let trimmed = raw.trimmedWhitespace
        switch trimmed.lowercased() {
        case "eea": self.init(code: "EEA", region: .eea); return
        case "uk": self.init(code: "UK", region: .uk); return
        case "other": self.init(code: "other", region: .other); return
        case "unknown": self.init(code: "unknown", region: .unknown); return
        default: break
        }
        let upper = trimmed.uppercased()
        if upper.hasPrefix("US-") {
            let state = String(upper.dropFirst(3))
            guard RegionTables.usStates.contains(state) else {
                throw RegionError.unknownUSState(raw)
            }
            self.init(code: upper, region: .usState(state))
            return
        }
        guard upper.count == 2, let region = Region(country: upper) else {
            throw RegionError.unknownRegion(raw)
        }
        self.init(code: upper, region: region)
    }
}

extension Region {
    /// What an ISO 3166-1 alpha-2 country code (in capitals) means for consent: `DE` → EEA, `GB` → UK,
    /// `CH`, `US` → the United States without a state, any other country → other; `nil` for a code that is
    /// not a country.
    package init?(country: String) {
        guard RegionTables.isCountry(country) else { return nil }
        switch country {
        case "US": self = .unitedStates
        case "GB": self = .uk
        case "CH": self = .ch
        default: self = RegionTables.eeaCountries.contains(country) ? .eea : .other
        }
    }
}

/// A region code that is neither a known name, an ISO 3166-1 alpha-2 country nor a US state.
public enum RegionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither a region name nor an ISO 3166-1 alpha-2 country code; carries the text as given.
    case unknownRegion(String)
    /// `US-` followed by something that is not a US state's postal code; carries the text as given.
    case unknownUSState(String)

    /// The valid forms, for usage messages.
    package static let validForms =
        "EEA, UK, CH, other, unknown, an ISO 3166-1 alpha-2 country code (DE, GB, JP…), or a US state as US-XX (US-CA)"

    /// One line naming the text given and the valid forms.
    public var description: String {
        switch self {
        case .unknownRegion(let raw):
            return "'\(raw)' is not a region; valid forms: \(Self.validForms)"
        case .unknownUSState(let raw):
            return "'\(raw)' is not a US state; use US- and a state's two-letter postal code (US-CA, US-VA, US-DC)"
        }
    }
}
