import ConsentPropertyLists

/// What a property list is, told from its top-level keys: a privacy manifest has only `NSPrivacy…` keys,
/// an Info.plist has none of them.
enum PlistFileKind: Equatable {
    case infoPlist, privacyManifest

    /// The kind of `document`, or nil when it cannot be told (a root that is not a dictionary, or an
    /// empty one outside a `.xcprivacy` file).
    static func of(_ document: PropertyListDocument) -> PlistFileKind? {
        guard let root = document.root.dict else { return nil }
        let keys = root.entries.map(\.key)
        guard !keys.isEmpty else { return document.file.pathExtension == "xcprivacy" ? .privacyManifest : nil }
        if keys.allSatisfy({ $0.hasPrefix("NSPrivacy") }) { return .privacyManifest }
        return keys.contains(where: { $0.hasPrefix("NSPrivacy") }) ? nil : .infoPlist
    }

    /// The finding for a file given in the other one's place.
    static func mismatch(_ document: PropertyListDocument, is kind: PlistFileKind) -> Finding {
        let name = document.file.lastPathComponent
        let message = kind == .privacyManifest
            ? "\(name) is a privacy manifest (only NSPrivacy… keys), not an Info.plist; it is audited as a manifest"
            : "given as the privacy manifest, \(name) is an Info.plist (it has no NSPrivacy… key); it is not audited"
        let hint = kind == .privacyManifest
            ? "pass it as --privacy-manifest, and the app's Info.plist as --plist"
            : "pass it as --plist, and the app's PrivacyInfo.xcprivacy as --privacy-manifest"
        return Finding(.fileKindMismatch, at: document.root.location, message, hint: hint)
    }
}
