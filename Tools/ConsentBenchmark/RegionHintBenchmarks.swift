import ConsentEngine

/// The lookups behind region hints: a time zone's, a storefront's and a device region's country, each a
/// hashed lookup in a generated table. Each measurement takes its inputs in turn, so that no answer can be
/// computed once outside the loop.
enum RegionHintBenchmarks {
    static let timeZones = ["Europe/Berlin", "America/New_York", "Asia/Calcutta", "Etc/UTC"]
    static let storefronts = ["FRA", "USA", "GBR", "DEU"]
    static let regions = ["DE", "fr", "419", "US"]

    static var all: [Measurement] {
        [
            Measurement(name: "a time zone's country (4 identifiers, 1 of no country)", iterations: 1_000_000) { count in
                for index in 0..<count { blackHole(RegionHintTables.country(forTimeZone: timeZones[index & 3])) }
            },
            Measurement(name: "a storefront's country (\(storefronts.joined(separator: ", ")))", iterations: 1_000_000) { count in
                for index in 0..<count { blackHole(RegionHintTables.country(forISOCode: storefronts[index & 3])) }
            },
            Measurement(name: "a device region's country (\(regions.joined(separator: ", ")))", iterations: 1_000_000) { count in
                for index in 0..<count { blackHole(RegionHintTables.country(forRegionCode: regions[index & 3])) }
            },
            // What resolving all three hints of a device costs, to hold against the untraced decision.
            Measurement(name: "the three hints of a device, looked up", iterations: 1_000_000) { count in
                for index in 0..<count {
                    blackHole(RegionHintTables.country(forISOCode: storefronts[index & 3]))
                    blackHole(RegionHintTables.country(forTimeZone: timeZones[index & 3]))
                    blackHole(RegionHintTables.country(forRegionCode: regions[index & 3]))
                }
            },
        ]
    }
}
