extension InAppKeys {
    /// The `IABTCF_` keys that a TC string determines, derived from the string itself.
    ///
    /// Integers: `IABTCF_PolicyVersion`, `IABTCF_PurposeOneTreatment`,
    /// `IABTCF_UseNonStandardTexts`. Strings: `IABTCF_PublisherCC`; binary strings (character
    /// n is `1` when id n+1 is set) `IABTCF_VendorConsents` and
    /// `IABTCF_VendorLegitimateInterests` as long as the section's `MaxVendorId`,
    /// `IABTCF_PurposeConsents` and `IABTCF_PurposeLegitimateInterests` of 11 characters,
    /// `IABTCF_SpecialFeaturesOptIns` of 2 (each longer only if the string sets a higher
    /// id); `IABTCF_DisclosedVendors` when the string has that segment;
    /// `IABTCF_PublisherRestrictions{purpose}` for each restricted purpose; the four
    /// `IABTCF_Publisher…` keys (11 publisher purposes, `numCustomPurposes` custom ones) when
    /// it has a Publisher TC segment; and `IABTCF_TCString` last, as CMPs write it last.
    /// A restriction string has, for vendor n+1, the type (`0`, `1`, `2`) that restricts it,
    /// the lowest when several do, or `_` when none does; like IAB's reference CMP, every
    /// restriction string is as long as the highest restricted vendor id of any purpose.
    public init(tcString string: String) throws(SignalDecodingError) {
        let model = try TCString(decoding: string)
        self.init()
        self[InAppKeyName.policyVersion] = .int(model.tcfPolicyVersion)
        self[InAppKeyName.purposeOneTreatment] = .int(model.purposeOneTreatment ? 1 : 0)
        self[InAppKeyName.useNonStandardTexts] = .int(model.useNonStandardTexts ? 1 : 0)
        self[InAppKeyName.publisherCC] = .string(model.publisherCC)
        self[InAppKeyName.vendorConsents] = Self.binary(model.vendorConsents)
        self[InAppKeyName.vendorLegitimateInterests] = Self.binary(model.vendorLegitimateInterests)
        self[InAppKeyName.purposeConsents] = Self.binary(model.purposeConsents, length: 11)
        self[InAppKeyName.purposeLegitimateInterests] = Self.binary(model.purposeLegitimateInterests, length: 11)
        self[InAppKeyName.specialFeaturesOptIns] = Self.binary(model.specialFeatureOptIns, length: 2)
        if let disclosed = model.disclosedVendors {
            self[InAppKeyName.disclosedVendors] = Self.binary(disclosed)
        }
        for (purpose, text) in Self.restrictionStrings(model.publisherRestrictions) {
            self[InAppKeyName.publisherRestrictions(purpose: purpose)] = .string(text)
        }
        if let publisher = model.publisherTC {
            self[InAppKeyName.publisherConsent] = Self.binary(publisher.purposeConsents, length: 11)
            self[InAppKeyName.publisherLegitimateInterests] = Self.binary(publisher.purposeLegitimateInterests, length: 11)
            self[InAppKeyName.publisherCustomPurposesConsents] = Self.binary(
                publisher.customPurposeConsents, length: publisher.numCustomPurposes
            )
            self[InAppKeyName.publisherCustomPurposesLegitimateInterests] = Self.binary(
                publisher.customPurposeLegitimateInterests, length: publisher.numCustomPurposes
            )
        }
        self[InAppKeyName.tcString] = .string(string)
    }

    private static func binary(_ vendors: VendorSet) -> InAppKeyValue {
        binary(vendors.ids, length: vendors.maxVendorId)
    }

    /// `ids` (ascending) as `0`/`1` characters, at least `length` long.
    private static func binary(_ ids: [Int], length: Int) -> InAppKeyValue {
        var characters = [UInt8](repeating: UInt8(ascii: "0"), count: Swift.max(length, ids.last ?? 0))
        for id in ids where id >= 1 {
            characters[id - 1] = UInt8(ascii: "1")
        }
        return .string(String(decoding: characters, as: UTF8.self))
    }

    /// One string per restricted purpose, ascending by purpose.
    private static func restrictionStrings(_ restrictions: [PublisherRestriction]) -> [(Int, String)] {
        let length = restrictions.compactMap(\.vendors.last).max() ?? 0
        var byPurpose: [Int: [UInt8]] = [:]
        for restriction in restrictions {
            var characters = byPurpose[restriction.purpose] ?? [UInt8](repeating: UInt8(ascii: "_"), count: length)
            let type = UInt8(ascii: "0") + UInt8(restriction.type.rawValue)
            for vendor in restriction.vendors where vendor >= 1 {
                let current = characters[vendor - 1]
                if current == UInt8(ascii: "_") || type < current {
                    characters[vendor - 1] = type
                }
            }
            byPurpose[restriction.purpose] = characters
        }
        return byPurpose.keys.sorted().map { ($0, String(decoding: byPurpose[$0] ?? [], as: UTF8.self)) }
    }
}
