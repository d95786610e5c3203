import ConsentSignals

/// The signals writer of `consentctl`: the keys as `<state dir>/<app id>/preferences.plist`, an XML
/// property list holding exactly what an iOS app's standard user defaults would hold after this CMP ran
/// (`xcrun simctl spawn <device> defaults import <bundle id> preferences.plist` loads it). The file is
/// rewritten only when its bytes would change.
package struct PreferencesFileWriter: ConsentSignalsWriter {
    package let store: FileConsentStore

    package init(store: FileConsentStore) {
        self.store = store
    }

    package func write(_ keys: InAppKeys) throws {
        let bytes = Array(keys.propertyListXML.utf8)
        if try store.readPreferences() == bytes { return }
        try store.replacePreferences(with: bytes)
    }
}
