import Foundation
import ConsentPropertyLists

/// Findings about a privacy manifest (`PrivacyInfo.xcprivacy`), following what App Store Connect rejects:
/// tracking declared without domains or the reverse (ITMS-91064/91107), domains written as URLs,
/// identifiers that are not Apple's (ITMS-91054/91106), and incomplete entries such as an empty `<dict/>`
/// (ITMS-91056); and data collected for tracking in a manifest that says it does not track.
///
/// A manifest audited on its own is an SDK's (`consentctl audit --privacy-manifest F`), so the reasons
/// Apple reserves for third-party SDKs are allowed there.
enum PrivacyManifestRules {
    static func findings(_ manifest: PropertyListDocument, isSDK: Bool = false) -> [Finding] {
        guard let root = manifest.root.dict else { return [] }
        var findings: [Finding] = []
        findings += trackingFindings(root)
        findings += collectedDataFindings(root, tracking: root["NSPrivacyTracking"]?.value.bool == true)
        findings += accessedAPIFindings(root, isSDK: isSDK)
        return findings
    }

    private static func trackingFindings(_ root: PlistDict) -> [Finding] {
        var findings: [Finding] = []
        var tracking = false
        let trackingNode = root["NSPrivacyTracking"]?.value
        if let trackingNode {
            if let wrong = PlistRules.typeFinding("NSPrivacyTracking", trackingNode, expected: .boolean) {
                findings.append(wrong)
            }
            tracking = trackingNode.bool ?? false
        }
        var domains: [String] = []
        let domainsNode = root["NSPrivacyTrackingDomains"]?.value
        if let domainsNode {
            if let items = strings("NSPrivacyTrackingDomains", domainsNode, into: &findings) {
                domains = items.map(\.text).filter { !$0.isEmpty }
                for item in items {
                    guard let host = host(ofURL: item.text) else { continue }
                    findings.append(Finding(
                        .privacyTrackingDomainURL, at: item.location,
                        "the tracking domain \(PlistRules.quoted(item.text)) is a URL; iOS matches host names",
                        hint: host.isEmpty ? AuditRule.privacyTrackingDomainURL.hint : "write \(host)"))
                }
            }
        }
        if tracking, domains.isEmpty, let trackingNode {
            findings.append(Finding(.privacyTrackingWithoutDomains, at: trackingNode.location,
                                    "NSPrivacyTracking is true but NSPrivacyTrackingDomains lists no domain"))
        }
        if !tracking, !domains.isEmpty, let domainsNode {
            findings.append(Finding(.privacyDomainsWithoutTracking, at: domainsNode.location,
                                    "\(domains.count) tracking domain(s) are listed but NSPrivacyTracking is not true"))
        }
        return findings
    }

    /// The host of a tracking domain written as a URL (with a scheme, a path, a query or a port), or nil
    /// for a plain host name.
    static func host(ofURL text: String) -> String? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        let hadScheme = rest.range(of: "://").map { scheme in
            rest = rest[scheme.upperBound...]
            return true
        } ?? false
        let host = rest.prefix { !"/?#:".contains($0) }.split(separator: "@").last.map(String.init) ?? ""
        return hadScheme || host.count != rest.count ? host : nil
    }

    private static func collectedDataFindings(_ root: PlistDict, tracking: Bool) -> [Finding] {
        let data = AuditData.identifiers
        let key = "NSPrivacyCollectedDataTypes"
        var findings: [Finding] = []
        for entry in entries(key, root, into: &findings) {
            guard let dict = entry.dict else { continue }
            let required = ["NSPrivacyCollectedDataType", "NSPrivacyCollectedDataTypeLinked",
                            "NSPrivacyCollectedDataTypeTracking", "NSPrivacyCollectedDataTypePurposes"]
            findings += incomplete(entry, dict, in: key, required: required)
            if let type = dict["NSPrivacyCollectedDataType"]?.value {
                if let wrong = PlistRules.typeFinding("NSPrivacyCollectedDataType", type, expected: .string) {
                    findings.append(wrong)
                } else if let text = type.string, !data.privacyDataTypes.contains(text) {
                    findings.append(Finding(.privacyUnknownDataType, at: type.location,
                                            "\(PlistRules.quoted(text)) is not one of Apple's collected data types"))
                }
            }
            for flag in ["NSPrivacyCollectedDataTypeLinked", "NSPrivacyCollectedDataTypeTracking"] {
                if let node = dict[flag]?.value, let wrong = PlistRules.typeFinding(flag, node, expected: .boolean) {
                    findings.append(wrong)
                }
            }
            if !tracking, let flag = dict["NSPrivacyCollectedDataTypeTracking"]?.value, flag.bool == true {
                let type = dict["NSPrivacyCollectedDataType"]?.value.string ?? "a data type"
                findings.append(Finding(
                    .privacyTrackingDataInconsistent, at: flag.location,
                    "\(type) is collected for tracking, but NSPrivacyTracking is "
                        + (root["NSPrivacyTracking"] == nil ? "absent" : "false")))
            }
            if let purposes = dict["NSPrivacyCollectedDataTypePurposes"]?.value,
               let items = strings("NSPrivacyCollectedDataTypePurposes", purposes, into: &findings) {
                for item in items where !data.privacyPurposes.contains(item.text) {
                    findings.append(Finding(.privacyUnknownPurpose, at: item.location,
                                            "\(PlistRules.quoted(item.text)) is not one of Apple's data-use purposes"))
                }
            }
        }
        return findings
    }

    private static func accessedAPIFindings(_ root: PlistDict, isSDK: Bool) -> [Finding] {
        let data = AuditData.identifiers
        let key = "NSPrivacyAccessedAPITypes"
        var findings: [Finding] = []
        for entry in entries(key, root, into: &findings) {
            guard let dict = entry.dict else { continue }
            findings += incomplete(entry, dict, in: key,
                                   required: ["NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"])
            var category: AuditIdentifiers.APICategory?
            if let type = dict["NSPrivacyAccessedAPIType"]?.value {
                if let wrong = PlistRules.typeFinding("NSPrivacyAccessedAPIType", type, expected: .string) {
                    findings.append(wrong)
                } else if let text = type.string {
                    category = data.privacyAPICategories.first { $0.category == text }
                    if category == nil {
                        findings.append(Finding(.privacyUnknownAPICategory, at: type.location,
                                                "\(PlistRules.quoted(text)) is not one of Apple's required-reason API "
                                                    + "categories"))
                    }
                }
            }
            guard let reasons = dict["NSPrivacyAccessedAPITypeReasons"]?.value,
                  let items = strings("NSPrivacyAccessedAPITypeReasons", reasons, into: &findings)
            else { continue }
            if items.isEmpty {
                findings.append(Finding(.privacyEntryIncomplete, at: reasons.location,
                                        "NSPrivacyAccessedAPITypeReasons lists no reason"))
            }
            guard let category else { continue }
            let name = category.category.replacingOccurrences(of: "NSPrivacyAccessedAPICategory", with: "")
            for item in items {
                if !category.reasons.contains(item.text) {
                    findings.append(Finding(
                        .privacyUnknownReason, at: item.location,
                        "\(PlistRules.quoted(item.text)) is not a reason for \(name); "
                            + "Apple lists \(category.reasons.joined(separator: ", "))"
                    ))
                } else if !isSDK, data.privacySDKOnlyReasons.contains(item.text) {
                    findings.append(Finding(.privacySDKOnlyReason, at: item.location,
                                            "\(item.text) may be declared only by a third-party SDK"))
                }
            }
        }
        return findings
    }

    /// The items of the array under `key`, reporting a wrong type for the array or any non-dict item.
    private static func entries(_ key: String, _ root: PlistDict, into findings: inout [Finding]) -> [PlistNode] {
        guard let node = root[key]?.value else { return [] }
        if let wrong = PlistRules.typeFinding(key, node, expected: .array) {
            findings.append(wrong)
            return []
        }
        let items = node.array ?? []
        for item in items {
            if let wrong = PlistRules.typeFinding("an item of \(key)", item, expected: .dict) { findings.append(wrong) }
        }
        return items
    }

    /// One finding for an entry that lacks any of `required`, naming the missing keys.
    private static func incomplete(_ entry: PlistNode, _ dict: PlistDict, in key: String,
                                   required: [String]) -> [Finding] {
        let missing = required.filter { dict[$0] == nil }
        guard !missing.isEmpty else { return [] }
        return [Finding(.privacyEntryIncomplete, at: entry.location,
                        "an item of \(key) lacks \(missing.joined(separator: ", "))")]
    }

    /// The strings of an array of strings, reporting a wrong type for the array or any item.
    private static func strings(_ key: String, _ node: PlistNode, into findings: inout [Finding])
        -> [(text: String, location: SourceLocation)]? {
        if let wrong = PlistRules.typeFinding(key, node, expected: .array) {
            findings.append(wrong)
            return nil
        }
        var result: [(text: String, location: SourceLocation)] = []
        for item in node.array ?? [] {
            if let text = item.string {
                result.append((text, item.location))
            } else {
                findings.append(Finding(.plistWrongType, at: item.location,
                                        "an item of \(key) is \(item.value.kind.phrase), but must be a <string>"))
            }
        }
        return result
    }
}
