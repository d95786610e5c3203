import Foundation

/// Findings about the AdMob app id and the ad unit ids, read from the keys the seed's Ads package uses.
///
/// In Debug only Google's iOS test units are allowed, as the Ads package stops a Debug build otherwise;
/// a real app id there is only worth an info, since the test units alone keep requests in test mode.
/// In any other configuration real ids are expected and Google's test ids earn a warning.
enum AdUnitRules {
    static let appIDKey = "GADApplicationIdentifier"
    static let unitKeys = ["AdBannerUnitID", "AdInterstitialUnitID", "AdRewardedUnitID"]

    static func findings(_ info: MergedInfoPlist, isDebug: Bool, configuration: String) -> [Finding] {
        var findings: [Finding] = []
        if let finding = appIDFinding(info, isDebug: isDebug, configuration: configuration) {
            findings.append(finding)
        }
        for key in unitKeys {
            guard let node = info.dict[key]?.value, let id = node.string, !id.isEmpty else { continue }
            if let finding = unitFinding(key, node, id, isDebug: isDebug, configuration: configuration) {
                findings.append(finding)
            }
        }
        return findings
    }

    private static func appIDFinding(_ info: MergedInfoPlist, isDebug: Bool, configuration: String) -> Finding? {
        guard let node = info.dict[appIDKey]?.value else {
            return Finding(.appIDMissing, at: info.rootLocation,
                           "the Info.plist has no \(appIDKey); the ads SDK stops the app at launch")
        }
        guard let id = node.string else { return nil }
        let shown = PlistRules.quoted(node, id)
        let data = AuditData.identifiers
        if id.isEmpty {
            return Finding(.appIDMissing, at: node.location,
                           "\(appIDKey) is empty\(templateNote(node)); the ads SDK stops the app at launch")
        }
        if AdMobID.isUnitID(id) {
            return Finding(.appIDIsUnitID, at: node.location, "\(appIDKey) is the ad unit id \(shown)")
        }
        if !AdMobID.isAppID(id) {
            return Finding(.appIDMalformed, at: node.location,
                           "\(appIDKey) \(shown) is not an AdMob app id\(AdMobID.whitespaceNote(id))")
        }
        if id == data.androidTestAppID {
            return Finding(.androidTestID, at: node.location, "\(appIDKey) \(shown) is Google's Android test app id")
        }
        let isTest = id.hasPrefix(AdMobID.testAppIDPrefix)
        if isDebug, !isTest {
            return Finding(.appIDNotTest, at: node.location, "\(configuration) uses the real app id \(shown)")
        }
        if !isDebug, isTest {
            return Finding(.testIDInRelease, at: node.location, "\(configuration) uses Google's test app id \(shown)")
        }
        return nil
    }

    private static func unitFinding(_ key: String, _ node: PlistNode, _ id: String, isDebug: Bool,
                                    configuration: String) -> Finding? {
        let shown = PlistRules.quoted(node, id)
        let data = AuditData.identifiers
        if AdMobID.isAppID(id) {
            return Finding(.unitIDIsAppID, at: node.location, "\(key) is the app id \(shown)")
        }
        guard AdMobID.isUnitID(id) || AdMobID.isAdManagerPath(id) else {
            return Finding(.unitIDMalformed, at: node.location,
                           "\(key) \(shown) is not an ad unit id\(AdMobID.whitespaceNote(id))")
        }
        if let android = data.androidTestUnits.first(where: { $0.id == id }) {
            return Finding(.androidTestID, at: node.location,
                           "\(key) \(shown) is Google's Android \(android.format) test unit; it serves no ads on iOS")
        }
        let isTestUnit = data.iosTestUnits.contains { $0.id == id }
        if isDebug, !isTestUnit {
            let why = id.hasPrefix(data.testPublisherPrefix)
                ? "has Google's test prefix but is not one of its published iOS test units"
                : "is not one of Google's iOS test units; the Ads package stops a Debug build that uses it"
            return Finding(.adUnitNotTest, at: node.location, "\(key) \(shown) \(why)")
        }
        if !isDebug, id.hasPrefix(data.testPublisherPrefix) {
            return Finding(.testIDInRelease, at: node.location, "\(configuration) uses Google's test unit \(shown)")
        }
        return nil
    }

    /// Shows the setting reference an empty value was expanded from.
    private static func templateNote(_ node: PlistNode) -> String {
        guard let template = node.template else { return "" }
        return " (it is \(template), which expands to nothing)"
    }
}

/// The shapes of AdMob identifiers.
enum AdMobID {
    static let testAppIDPrefix = "ca-app-pub-3940256099942544~"

    /// `ca-app-pub-<16 digits>~<10 digits>`.
    static func isAppID(_ text: String) -> Bool { matches(text, separator: "~") }

    /// `ca-app-pub-<16 digits>/<10 digits>`.
    static func isUnitID(_ text: String) -> Bool { matches(text, separator: "/") }

    /// An Ad Manager unit path such as `/21775744923/example/adaptive-banner`.
    static func isAdManagerPath(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return text.hasPrefix("/") && parts.count >= 3 && !parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit)
            && parts.dropFirst(2).allSatisfy { !$0.isEmpty && !$0.contains(where: \.isWhitespace) }
    }

    /// A note for messages when surrounding whitespace is what spoils an id.
    static func whitespaceNote(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed != text, isAppID(trimmed) || isUnitID(trimmed) else { return "" }
        return ": it has whitespace around it"
    }

    private static func matches(_ text: String, separator: Character) -> Bool {
        let prefix = "ca-app-pub-"
        guard text.hasPrefix(prefix) else { return false }
        let rest = Array(text.dropFirst(prefix.count))
        return rest.count == 27 && rest[16] == separator
            && rest[..<16].allSatisfy(\.isASCIIDigit) && rest[17...].allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
