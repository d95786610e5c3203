// TEMPORARY adapter until the generated tables land; not to be committed.
package enum RegionHintTables {
    package static func country(storefront: String) -> String? {
        let map = ["FRA": "FR", "USA": "US", "DEU": "DE", "GBR": "GB"]
        let upper = storefront.uppercased()
        if upper.count == 2, RegionTables.countries.contains(upper) { return upper }
        return map[upper]
    }
    package static func country(deviceRegion: String) -> String? {
        let upper = deviceRegion.uppercased()
        return upper.count == 2 && RegionTables.countries.contains(upper) ? upper : nil
    }
    package static func country(timeZone: String) -> String? {
        ["Europe/Berlin": "DE", "Europe/Paris": "FR", "America/New_York": "US", "Asia/Tokyo": "JP", "Europe/London": "GB"][timeZone]
    }
}
extension RegionHintTables {
    package static func isTimeZone(_ id: String) -> Bool { country(timeZone: id) != nil || id == "Etc/UTC" }
}
