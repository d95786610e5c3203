import Foundation
import ConsentPropertyLists

/// The app's Info.plist as Xcode generates it: the `INFOPLIST_FILE` merged with `INFOPLIST_KEY_` settings,
/// every string value expanded with the build settings.
struct MergedInfoPlist: Sendable {
    /// The merged top-level dictionary.
    var dict: PlistDict
    /// Where a missing key would be added: the root `<dict>` of the plist file.
    var rootLocation: SourceLocation
    /// Keys set both by the file and by an `INFOPLIST_KEY_` setting to different values.
    var conflicts: [InfoPlistConflict]
    /// Duplicate keys of the plist file.
    var duplicateKeys: [DuplicateKey]
    /// The xcconfig file of the first `INFOPLIST_KEY_` setting, when the app sets keys that way.
    var keySettingsFile: URL?
}

/// A key the plist file and an `INFOPLIST_KEY_` setting both give, with different values.
struct InfoPlistConflict: Sendable, Equatable {
    var key: String
    var fileLocation: SourceLocation
    var settingLocation: SourceLocation
}

/// Merges a plist file with the build settings.
///
/// Where a finding points: a string that is exactly one reference to a set setting (`$(ADMOB_APP_ID)`)
/// points at the xcconfig line that set it, because that is the line to change; any other value points
/// at its line in the plist. A key contributed by `INFOPLIST_KEY_<Key>` points at that setting's line.
///
/// When the file and a setting both give a key, the setting wins. Xcode merges the two silently and which
/// side wins has been called surprising (swiftlang/swift-build#369), so the audit reports any conflict.
/// Values are expanded, keys are not (`INFOPLIST_EXPAND_BUILD_SETTINGS`). An `INFOPLIST_KEY_` setting that
/// is empty adds no key.
///
/// Expansion may add at most `AuditLimits.valueBytes` to one value and `AuditLimits.expandedBytes` to the
/// whole plist; past that the plist is bad input, named with the value's line.
enum InfoPlistMerger {
    static let settingPrefix = "INFOPLIST_KEY_"

    static func merge(_ document: PropertyListDocument, settings: BuildSettings) throws(AuditError) -> MergedInfoPlist {
        var expander = Expander(settings: settings)
        var dict = try expander.expand(document.root).dict ?? PlistDict()
        var conflicts: [InfoPlistConflict] = []
        var keySettingsFile: URL?
        for name in settings.settings.keys.sorted() where name.hasPrefix(settingPrefix) {
            let key = String(name.dropFirst(settingPrefix.count))
            let value = settings.value(name)
            guard !key.isEmpty, !value.isEmpty, let location = settings.location(of: name) else { continue }
            keySettingsFile = keySettingsFile ?? location.file
            let node = PlistNode(value: .string(value), location: location)
            if let existing = dict[key], existing.value.value != node.value {
                conflicts.append(InfoPlistConflict(key: key, fileLocation: existing.value.location,
                                                   settingLocation: location))
            }
            dict.set(PlistEntry(key: key, keyLocation: location, value: node))
        }
        return MergedInfoPlist(dict: dict, rootLocation: document.root.location, conflicts: conflicts,
                               duplicateKeys: document.duplicateKeys, keySettingsFile: keySettingsFile)
    }

    /// Expands every string below a node, keeping the unexpanded text and moving the location to the
    /// setting for a value that is a single reference.
    private struct Expander {
        let settings: BuildSettings
        var added = 0

        mutating func expand(_ node: PlistNode) throws(AuditError) -> PlistNode {
            var result = node
            switch node.value {
            case .string(let text):
                let expanded: String
                do {
                    expanded = try settings.expand(text, limit: text.utf8.count + AuditLimits.valueBytes)
                } catch {
                    throw tooLarge(node, error == .tooDeep
                        ? "setting references nest deeper than \(AuditLimits.nesting) levels"
                        : "the value grows by more than \(AuditLimits.valueBytesText) when its settings are expanded")
                }
                guard expanded != text else { return node }
                added += max(0, expanded.utf8.count - text.utf8.count)
                guard added <= AuditLimits.expandedBytes else {
                    throw tooLarge(node, "the values grow by more than \(AuditLimits.expandedBytesText) in all when their "
                                       + "settings are expanded")
                }
                result.value = .string(expanded)
                result.template = text
                if let name = MacroExpansion.singleReference(text), let location = settings.location(of: name) {
                    result.location = location
                }
            case .array(let items):
                var expanded: [PlistNode] = []
                for item in items { expanded.append(try expand(item)) }
                result.value = .array(expanded)
            case .dict(let dict):
                var expanded = PlistDict()
                for entry in dict.entries {
                    expanded.set(PlistEntry(key: entry.key, keyLocation: entry.keyLocation, value: try expand(entry.value)))
                }
                result.value = .dict(expanded)
            default:
                break
            }
            return result
        }

        private func tooLarge(_ node: PlistNode, _ message: String) -> AuditError {
            AuditError.malformed(node.location, message, hint: "check the settings this value refers to")
        }
    }
}
