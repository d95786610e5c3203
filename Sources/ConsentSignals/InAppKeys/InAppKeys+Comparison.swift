extension InAppKeys {
    /// Whether a value found on a device means the same as the value derived from the
    /// strings, for key `name`.
    ///
    /// Binary-string keys (vendors, purposes, special features, disclosed vendors,
    /// publisher purposes) agree when every position has the same bit, a missing position
    /// counting as `0`, so `1` agrees with `10`; restriction keys likewise with `_` for a
    /// missing position; every other key needs the same value. A value of the wrong type
    /// (a string where an integer belongs) never agrees: report it as such.
    public static func storedValue(_ stored: InAppKeyValue, agreesWith derived: InAppKeyValue, forKey name: String) -> Bool {
        switch (stored, derived) {
        case (.string(let storedText), .string(let derivedText)):
            if binaryKeys.contains(name) {
                return agree(storedText, derivedText, filler: UInt8(ascii: "0"), allowed: Array("01".utf8))
            }
            if isRestrictionKey(name) {
                return agree(storedText, derivedText, filler: UInt8(ascii: "_"), allowed: Array("0123_".utf8))
            }
            return storedText == derivedText
        default:
            return stored == derived
        }
    }

    private static let binaryKeys: Set<String> = [
        InAppKeyName.vendorConsents, InAppKeyName.vendorLegitimateInterests, InAppKeyName.purposeConsents,
        InAppKeyName.purposeLegitimateInterests, InAppKeyName.specialFeaturesOptIns, InAppKeyName.disclosedVendors,
        InAppKeyName.publisherConsent, InAppKeyName.publisherLegitimateInterests,
        InAppKeyName.publisherCustomPurposesConsents, InAppKeyName.publisherCustomPurposesLegitimateInterests,
    ]

    private static func isRestrictionKey(_ name: String) -> Bool {
        guard name.hasPrefix(InAppKeyName.publisherRestrictionsPrefix) else { return false }
        let purpose = name.dropFirst(InAppKeyName.publisherRestrictionsPrefix.count)
        return !purpose.isEmpty && purpose.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func agree(_ stored: String, _ derived: String, filler: UInt8, allowed: [UInt8]) -> Bool {
        let left = Array(stored.utf8)
        let right = Array(derived.utf8)
        guard left.allSatisfy(allowed.contains), right.allSatisfy(allowed.contains) else { return false }
        for index in 0..<Swift.max(left.count, right.count) {
            let a = index < left.count ? left[index] : filler
            let b = index < right.count ? right[index] : filler
            if a != b { return false }
        }
        return true
    }
}
