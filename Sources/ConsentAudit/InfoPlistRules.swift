/// Findings about the merged Info.plist apart from the ad ids: value types, usage descriptions,
/// SKAdNetwork identifiers, and keys set in two places.
enum InfoPlistRules {
    /// The types the ads SDK, the seed's Ads package and iOS expect for the keys they read.
    static let expectedKinds: [String: PlistKind] = [
        "GADApplicationIdentifier": .string,
        "AdBannerUnitID": .string,
        "AdInterstitialUnitID": .string,
        "AdRewardedUnitID": .string,
        "SKAdNetworkItems": .array,
        "GADDelayAppMeasurementInit": .boolean,
        "GADIsAdManagerApp": .boolean,
    ]

    static let trackingKey = "NSUserTrackingUsageDescription"

    static func findings(_ info: MergedInfoPlist, trackingRequested: Bool) -> [Finding] {
        var findings: [Finding] = []
        for entry in info.dict.entries {
            let expected = entry.key.hasSuffix("UsageDescription") ? .string : expectedKinds[entry.key]
            if let expected, let finding = PlistRules.typeFinding(entry.key, entry.value, expected: expected) {
                findings.append(finding)
            } else if entry.key.hasSuffix("UsageDescription"), let text = entry.value.string,
                      text.allSatisfy(\.isWhitespace) {
                findings.append(Finding(.usageDescriptionEmpty, at: entry.value.location,
                                        "\(entry.key) is empty: \(PlistRules.quoted(entry.value, text))"))
            }
        }
        if trackingRequested, info.dict[trackingKey] == nil {
            findings.append(Finding(
                .trackingDescriptionMissing, at: info.rootLocation,
                "the app asks for tracking permission but its Info.plist has no \(trackingKey)"
            ))
        }
        findings += skAdNetworkFindings(info)
        findings += info.conflicts.map { conflict in
            let file = conflict.fileLocation
            return Finding(.infoPlistKeyConflict, at: conflict.settingLocation,
                           "\(InfoPlistMerger.settingPrefix)\(conflict.key) replaces the different value of "
                               + "\(conflict.key) in \(file.file.lastPathComponent):\(file.line.map(String.init) ?? "?")")
        }
        return findings
    }

    private static func skAdNetworkFindings(_ info: MergedInfoPlist) -> [Finding] {
        let google = AuditData.identifiers.googleSKAdNetworkIdentifier
        guard let entry = info.dict["SKAdNetworkItems"] else {
            return [Finding(.skAdNetworkGoogleMissing, at: info.rootLocation,
                            "the Info.plist has no SKAdNetworkItems, so installs from Google's ads are not attributed")]
        }
        guard let items = entry.value.array else { return [] }
        var findings: [Finding] = []
        var listed: Set<String> = []
        for item in items {
            guard let identifier = item.dict?["SKAdNetworkIdentifier"]?.value, let text = identifier.string else {
                findings.append(Finding(
                    .plistWrongType, at: item.location,
                    "each item of SKAdNetworkItems must be a <dict> with an SKAdNetworkIdentifier <string>"
                ))
                continue
            }
            listed.insert(text)
        }
        if !listed.contains(google) {
            findings.append(Finding(.skAdNetworkGoogleMissing, at: entry.value.location,
                                    "SKAdNetworkItems does not list Google's \(google)"))
        }
        let thirdParty = AuditData.identifiers.skAdNetworkIdentifiers.filter { $0 != google }
        let missing = thirdParty.filter { !listed.contains($0) }
        if !missing.isEmpty {
            let examples = missing.prefix(3).joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
            findings.append(Finding(
                .skAdNetworkThirdPartyMissing, at: entry.value.location,
                "SKAdNetworkItems lacks \(missing.count) of Google's \(thirdParty.count) third-party identifiers "
                    + "(\(examples))"
            ))
        }
        return findings
    }
}
