/// The code lists behind region parsing: which countries exist, which are in the EEA, which US states exist.
enum RegionTables {
    /// EU 27 plus Iceland, Liechtenstein and Norway.
    static let eeaCountries: Set<String> = [
        "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV",
        "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
        "IS", "LI", "NO",
    ]

    /// The 50 states and the District of Columbia, by postal code.
    static let usStates: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
        "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY",
        "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV",
        "WI", "WY", "DC",
    ]

    /// Whether a code is one of ISO 3166-1's officially assigned alpha-2 codes (`CountryCodeTable.swift`,
    /// generated from Debian's iso-codes by `scripts/make-region-tables`).
    static func isCountry(_ code: String) -> Bool {
        RegionHintTables.country(forRegionCode: code) != nil
    }
}
