import ConsentEngine
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

extension FileConsentStore {
    /// The CMP's keys as an iOS app's standard user defaults would hold them (README, "The signals the ad stack reads"), beside the state:
    /// what `consentctl`'s launches write.
    package var preferencesFile: String { directory + "/preferences.plist" }
    private var preferencesTemporaryFile: String { directory + "/preferences.plist.tmp" }

    /// The bytes of `preferences.plist`, or `nil` when there is none.
    package func readPreferences() throws(StoreError) -> [UInt8]? {
        try attempt("read the preferences", preferencesFile) { () throws(SystemCallError) -> [UInt8]? in
            let descriptor: Int32
            do throws(SystemCallError) {
                descriptor = try calls.open(preferencesFile, .read)
            } catch let error where error.isMissingFile || error.isNotADirectory {
                return nil
            }
            defer { calls.close(descriptor) }
            do throws(SystemCallError) {
                return try calls.read(descriptor, 0, try calls.status(descriptor).size)
            } catch {
                throw error.at(preferencesFile)
            }
        }
    }

    /// Replaces `preferences.plist` atomically and durably, under the state's lock.
    package func replacePreferences(with bytes: [UInt8]) throws(StoreError) {
        let lock = try prepareFolderAndLock()
        defer { lock.release() }
        _ = try attempt("replace the preferences", preferencesFile) { () throws(SystemCallError) in
            try AtomicFileWriter(calls: calls).replace(preferencesFile, with: bytes, through: preferencesTemporaryFile)
        }
    }
}
