import Foundation

/// Findings about `NSUserTrackingUsageDescription`: missing where the app asks for tracking (iOS stops an
/// app that asks without it), missing where the audit cannot tell, and a placeholder text, which App
/// Review rejects.
enum TrackingRules {
    static let key = "NSUserTrackingUsageDescription"

    /// What the audit knows about the app asking for tracking permission.
    enum Answer: Equatable {
        /// It asks: said by `--requests-tracking yes` (no evidence), or found in its sources.
        case asks(Finding.Evidence?)
        /// It does not ask.
        case doesNotAsk
        /// No `SRCROOT` to look in, and nothing found elsewhere.
        case cannotTell
    }

    /// The findings for the merged Info.plist; `answer` is asked only when the description is missing.
    static func findings(_ info: MergedInfoPlist, answer: () -> Answer) -> [Finding] {
        if let node = info.dict[key]?.value {
            guard let text = node.string, let why = placeholderReason(text) else { return [] }
            return [Finding(.trackingDescriptionPlaceholder, at: node.location,
                            "\(key) \(PlistRules.quoted(node, text)) \(why); App Review rejects placeholder texts")]
        }
        let hint = fix(info)
        switch answer() {
        case .asks(let evidence?):
            return [Finding(.trackingDescriptionMissing, at: info.rootLocation,
                            "the app asks for tracking (\(URL(fileURLWithPath: evidence.file).lastPathComponent):"
                                + "\(evidence.line)) but its Info.plist has no \(key); iOS stops the app when it asks",
                            hint: hint, evidence: evidence)]
        case .asks(nil):
            return [Finding(.trackingDescriptionMissing, at: info.rootLocation,
                            "--requests-tracking yes, but the Info.plist has no \(key); iOS stops the app when "
                                + "it asks", hint: hint)]
        case .cannotTell:
            return [Finding(.trackingDescriptionUnverified, at: info.rootLocation,
                            "the Info.plist has no \(key); without SRCROOT the audit cannot tell whether the app "
                                + "asks for tracking (iOS stops an app that asks without it)")]
        case .doesNotAsk:
            return []
        }
    }

    /// The fix in the place the app already sets its Info.plist keys: an `INFOPLIST_KEY_` setting when the
    /// app uses them, else the plist file.
    private static func fix(_ info: MergedInfoPlist) -> String {
        let what = "saying what the user gets from allowing tracking"
        if let file = info.keySettingsFile {
            return "set \(InfoPlistMerger.settingPrefix)\(key) in \(file.lastPathComponent), \(what)"
        }
        return "add <key>\(key)</key> with a <string> to \(info.rootLocation.file.lastPathComponent), \(what)"
    }

    private static let placeholderWords: Set<String> = ["todo", "tbd", "fixme", "xxx", "placeholder", "lorem"]
    private static let testWords: Set<String> = ["test", "tests", "testing"]

    /// Why `text` reads as a placeholder, or nil when it reads as a real text. An empty text is
    /// `usage-description-empty`'s, not this rule's.
    static func placeholderReason(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if MacroExpansion.containsReference(trimmed) {
            return "still holds a setting reference, which the prompt would show as written"
        }
        let words = trimmed.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        if words.contains(where: placeholderWords.contains) { return "reads as a placeholder" }
        if words.allSatisfy(testWords.contains) || trimmed.contains("テスト") { return "reads as a test text" }
        if trimmed.count < 10 { return "is under 10 characters, too short to say what the user gets" }
        return nil
    }
}
