import Foundation
import ConsentPropertyLists

/// Findings about the AdMob app id and the ad unit ids, found by value wherever they sit.
///
/// Apps keep their unit ids under names of their own (`AdMobBannerID`, `GADBannerAdUnitID`, an
/// `ADMOB_UNIT_ID` dictionary…), so every string of the merged Info.plist and every build setting that is
/// shaped like an AdMob id is checked, named by its key path (`ADMOB_UNIT_ID.banner`, `AdUnits[1]`) or
/// setting name. `GADApplicationIdentifier` and the seed's three keys are checked whatever they hold. A
/// name says what an id is for: `GADApplicationIdentifier` and names with "app id" are app ids, names with
/// "unit" or an ad format are units; others take the id as it comes.
///
/// In Debug only Google's iOS test units are allowed, as the Ads package stops a Debug build otherwise;
/// a real app id there is only worth an info, since the test units alone keep requests in test mode.
/// In any other configuration real ids are expected and Google's test and sample ids earn a warning.
/// A value that still holds a setting reference (a plist audited without its xcconfig) is not judged.
enum AdUnitRules {
    static let appIDKey = "GADApplicationIdentifier"
    static let unitKeys = ["AdBannerUnitID", "AdInterstitialUnitID", "AdRewardedUnitID"]

    /// What a name says an id is for.
    enum Role: Equatable {
        case appID, unitID, unknown
    }

    /// An id found in the merged Info.plist or the build settings.
    struct Candidate {
        /// The key path or setting name that holds it.
        var name: String
        var node: PlistNode
        var role: Role
        /// `GADApplicationIdentifier` or one of the seed's keys: checked even when not shaped like an id.
        var isKnownKey: Bool
        /// The setting to change, when the value comes from one; nil for a literal in the plist file.
        var setting: (name: String, file: URL)?
    }

    static func findings(_ info: MergedInfoPlist, settings: BuildSettings, isDebug: Bool,
                         configuration: String) -> [Finding] {
        var findings: [Finding] = []
        if info.dict[appIDKey] == nil {
            findings.append(Finding(.appIDMissing, at: info.rootLocation,
                                    "the Info.plist has no \(appIDKey); the ads SDK stops the app at launch",
                                    hint: "add <key>\(appIDKey)</key> with the app id from the AdMob console to "
                                        + info.rootLocation.file.lastPathComponent))
        }
        let context = Context(isDebug: isDebug, configuration: configuration, plist: info.rootLocation.file)
        for candidate in candidates(info, settings: settings) {
            if let finding = context.finding(for: candidate, settings: settings) { findings.append(finding) }
        }
        return findings
    }

    /// Every id-shaped string of the merged plist, then every id-shaped setting whose value the plist does
    /// not already show, written literally in its assignment (so a setting that only refers to another is
    /// not reported twice).
    static func candidates(_ info: MergedInfoPlist, settings: BuildSettings) -> [Candidate] {
        var found: [Candidate] = []
        func visit(_ node: PlistNode, path: String, key: String, isKnownKey: Bool) {
            switch node.value {
            case .string(let text) where isKnownKey || AdMobID.looksLikeID(text):
                found.append(Candidate(name: path, node: node, role: role(of: key), isKnownKey: isKnownKey,
                                       setting: setting(of: node, topKey: path, info, settings)))
            case .array(let items):
                for (index, item) in items.enumerated() {
                    visit(item, path: "\(path)[\(index)]", key: key, isKnownKey: false)
                }
            case .dict(let dict):
                for entry in dict.entries {
                    visit(entry.value, path: "\(path).\(entry.key)", key: entry.key, isKnownKey: false)
                }
            default:
                break
            }
        }
        for entry in info.dict.entries {
            visit(entry.value, path: entry.key, key: entry.key,
                  isKnownKey: entry.key == appIDKey || unitKeys.contains(entry.key))
        }
        let shown = Set(found.compactMap(\.node.string))
        for name in settings.settings.keys.sorted() where !name.hasPrefix(InfoPlistMerger.settingPrefix) {
            guard let setting = settings.settings[name], let location = setting.location,
                  setting.written?.contains("ca-app-pub-") == true, AdMobID.looksLikeID(setting.value),
                  !shown.contains(setting.value)
            else { continue }
            var node = PlistNode(value: .string(setting.value), location: location)
            if setting.written != setting.value { node.template = setting.written }
            found.append(Candidate(name: name, node: node, role: role(of: name), isKnownKey: false,
                                   setting: (name, location.file)))
        }
        return found
    }

    /// The setting a plist value comes from: the one it refers to alone (`$(ADMOB_APP_ID)`), or the
    /// `INFOPLIST_KEY_` setting that contributed its top-level key.
    private static func setting(of node: PlistNode, topKey: String, _ info: MergedInfoPlist,
                                _ settings: BuildSettings) -> (name: String, file: URL)? {
        if let template = node.template, let name = MacroExpansion.singleReference(template),
           let location = settings.location(of: name) {
            return (name, location.file)
        }
        guard node.location.file != info.rootLocation.file, !topKey.contains("."), !topKey.contains("[") else {
            return nil
        }
        return (InfoPlistMerger.settingPrefix + topKey, node.location.file)
    }

    static func role(of name: String) -> Role {
        let letters = name.lowercased().filter { $0.isLetter || $0.isNumber }
        if letters == "gadapplicationidentifier" { return .appID }
        if ["unit", "banner", "interstitial", "rewarded", "native", "appopen"].contains(where: letters.contains) {
            return .unitID
        }
        return letters.contains("appid") || letters.contains("applicationid") ? .appID : .unknown
    }

    /// The configuration being audited, and how each rule is worded for it.
    private struct Context {
        var isDebug: Bool
        var configuration: String
        var plist: URL

        func finding(for candidate: Candidate, settings: BuildSettings) -> Finding? {
            guard let id = candidate.node.string, !MacroExpansion.containsReference(id) else { return nil }
            let shown = PlistRules.quoted(candidate.node, id)
            let name = candidate.name
            let at = candidate.node.location
            if id.isEmpty {
                // An empty unit key means the app does not use that format.
                guard candidate.name == appIDKey else { return nil }
                return Finding(.appIDMissing, at: at, "\(appIDKey) is empty\(templateNote(candidate.node)); the ads "
                                   + "SDK stops the app at launch", hint: emptyAppIDHint(candidate, settings))
            }
            if AdMobID.isAppID(id) { return appIDFinding(candidate, id, shown) }
            // Ad Manager paths are too plain to find by value; under the seed's unit keys they are units.
            if AdMobID.isUnitID(id) || candidate.isKnownKey && candidate.name != appIDKey && AdMobID.isAdManagerPath(id) {
                return unitFinding(candidate, id, shown)
            }
            let note = AdMobID.spoilerNote(id)
            if candidate.role == .appID || candidate.role == .unknown && id.contains("~") {
                return Finding(.appIDMalformed, at: at, "\(name) \(shown) is not an AdMob app id\(note)")
            }
            return Finding(.unitIDMalformed, at: at, "\(name) \(shown) is not an ad unit id\(note)")
        }

        private func appIDFinding(_ candidate: Candidate, _ id: String, _ shown: String) -> Finding? {
            let data = AuditData.identifiers
            let (name, at) = (candidate.name, candidate.node.location)
            if candidate.role == .unitID {
                return Finding(.unitIDIsAppID, at: at, "\(name) is the app id \(shown), not an ad unit id")
            }
            if id == data.androidTestAppID {
                return Finding(.androidTestID, at: at, "\(name) \(shown) is Google's Android test app id")
            }
            let isTest = id.hasPrefix(AdMobID.testAppIDPrefix) || data.sampleAppIDs.contains(id)
            if isDebug, !isTest {
                return Finding(.appIDNotTest, at: at, "\(configuration) uses the real app id \(shown) (\(name))")
            }
            if !isDebug, isTest {
                return Finding(.testIDInRelease, at: at,
                               "\(configuration) uses Google's sample app id \(shown) (\(name))",
                               hint: releaseHint(candidate))
            }
            return nil
        }

        private func unitFinding(_ candidate: Candidate, _ id: String, _ shown: String) -> Finding? {
            let data = AuditData.identifiers
            let (name, at) = (candidate.name, candidate.node.location)
            if candidate.role == .appID {
                return Finding(.appIDIsUnitID, at: at, "\(name) is the ad unit id \(shown), not the app id")
            }
            if let android = data.androidTestUnits.first(where: { $0.id == id }) {
                return Finding(.androidTestID, at: at,
                               "\(name) \(shown) is Google's Android \(android.format) test unit; it serves no ads on iOS")
            }
            let isTestUnit = data.iosTestUnits.contains { $0.id == id }
            if isDebug, !isTestUnit {
                let why = id.hasPrefix(data.testPublisherPrefix)
                    ? "has Google's test prefix but is not one of its published iOS test units"
                    : "is not one of Google's iOS test units; a Debug build must request test ads only"
                return Finding(.adUnitNotTest, at: at, "\(name) \(shown) \(why)", hint: debugHint(candidate))
            }
            if !isDebug, id.hasPrefix(data.testPublisherPrefix) {
                return Finding(.testIDInRelease, at: at, "\(configuration) uses Google's test unit \(shown) (\(name))",
                               hint: releaseHint(candidate))
            }
            return nil
        }

        /// A Debug fix where the id is: its setting, or the plist file.
        private func debugHint(_ candidate: Candidate) -> String {
            let test = AdUnitRules.testUnit(for: candidate.name)
            let testText = test.map { "Google's \($0.format) test unit \($0.id)" }
                ?? "Google's iOS test unit of the same format (developers.google.com/admob/ios/test-ads)"
            guard let setting = candidate.setting else {
                return "in \(plist.lastPathComponent), use \(testText) for \(candidate.name) while debugging"
            }
            return "in \(setting.file.lastPathComponent), set \(setting.name) to \(testText) and keep this id for "
                + "release as \(setting.name)[config=Release]"
        }

        /// A release fix where the id is: its setting, or the plist file.
        private func releaseHint(_ candidate: Candidate) -> String {
            guard let setting = candidate.setting else {
                return "in \(plist.lastPathComponent), put the app's own id from the AdMob console in \(candidate.name)"
            }
            return "in \(setting.file.lastPathComponent), set \(setting.name)[config=\(configuration)] to the app's "
                + "own id from the AdMob console"
        }

        /// The setting an empty app id was expanded from, set or not.
        private func emptyAppIDHint(_ candidate: Candidate, _ settings: BuildSettings) -> String {
            if let template = candidate.node.template, let name = MacroExpansion.singleReference(template) {
                if let location = settings.location(of: name) {
                    return "in \(location.file.lastPathComponent), set \(name) to the app id from the AdMob console"
                }
                return "\(name) is not set for \(configuration): set it to the app id from the AdMob console in the "
                    + "app's xcconfig"
            }
            return AuditRule.appIDMissing.hint
        }

        /// Shows the setting reference an empty value was expanded from.
        private func templateNote(_ node: PlistNode) -> String {
            guard let template = node.template else { return "" }
            return " (it is \(template), which expands to nothing)"
        }
    }

    /// Google's iOS test unit for the ad format a name suggests, if it suggests one.
    static func testUnit(for name: String) -> AuditIdentifiers.TestUnit? {
        let letters = name.lowercased().filter { $0.isLetter }
        let format: String
        if letters.contains("rewardedinterstitial") {
            format = "rewarded interstitial"
        } else if letters.contains("rewarded") {
            format = "rewarded"
        } else if letters.contains("interstitial") {
            format = "interstitial"
        } else if letters.contains("native") {
            format = "native"
        } else if letters.contains("appopen") {
            format = "app open"
        } else if letters.contains("banner") {
            format = "adaptive banner"
        } else {
            return nil
        }
        return AuditData.identifiers.iosTestUnits.first { $0.format == format }
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

    /// Whether `text` is meant as an AdMob id: it starts with `ca-app-pub-`, perhaps after whitespace or
    /// a quote, and holds no setting reference.
    static func looksLikeID(_ text: String) -> Bool {
        bare(text).hasPrefix("ca-app-pub-") && !MacroExpansion.containsReference(text)
    }

    /// A note for messages when surrounding whitespace or quotes are what spoil an id.
    static func spoilerNote(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let unquoted = bare(text)
        guard unquoted != text, isAppID(unquoted) || isUnitID(unquoted) else { return "" }
        if trimmed != unquoted { return ": it has quotes around it, which an xcconfig keeps as part of the value" }
        return ": it has whitespace around it"
    }

    /// `text` without surrounding whitespace and one pair of surrounding double quotes.
    private static func bare(_ text: String) -> String {
        // Most values of a large plist have nothing to trim: Foundation's trimming is most of an audit's time.
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
           first != "\"", !first.properties.isWhitespace, !last.properties.isWhitespace {
            return text
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
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
