import ConsentPropertyLists

/// Findings about the merged Info.plist apart from the ad ids and the tracking description: value types,
/// empty usage descriptions, SKAdNetwork identifiers, and keys set in two places.
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

    static func findings(_ info: MergedInfoPlist) -> [Finding] {
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
            if let intended = intendedIdentifier(for: text) {
                findings.append(Finding(
                    .skAdNetworkIDMisspelled, at: identifier.location,
                    "\(PlistRules.quoted(identifier, text)) is not one of Google's identifiers; it is likely \(intended)",
                    hint: "write \(intended), as Google publishes it at developers.google.com/admob/ios/3p-skadnetworks"
                ))
            }
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

    /// The one of Google's identifiers that `text` is likely a misspelling of: one or two edits away (an
    /// insertion, deletion, substitution or swap of neighbours), a different case, or without the
    /// `.skadnetwork` suffix. Nil for one of Google's identifiers, and for one that is far from all of them
    /// (another network's).
    static func intendedIdentifier(for text: String) -> String? {
        let identifiers = AuditData.identifiers.skAdNetworkIdentifiers
        guard !identifiers.contains(text) else { return nil }
        let lowered = text.lowercased()
        if let exact = identifiers.first(where: { $0 == lowered || $0 == lowered + ".skadnetwork" }) { return exact }
        var best: (identifier: String, distance: Int)?
        for identifier in identifiers {
            let distance = EditDistance.between(lowered, identifier, atMost: 2)
            if distance <= 2, distance < (best?.distance ?? 3) { best = (identifier, distance) }
        }
        return best?.identifier
    }
}

/// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbouring
/// characters, each one edit.
enum EditDistance {
    /// The distance between `a` and `b`, or `limit + 1` as soon as it is known to be larger than `limit`.
    static func between(_ a: String, _ b: String, atMost limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return min(previous[b.count], limit + 1)
    }
}
