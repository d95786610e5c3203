/// Stores a CMP's in-app keys where the app's ad SDKs read them: the app's standard user defaults on iOS
/// (default shared preferences on Android), or a file for tools.
///
/// A writer is handed every key this CMP writes, each time they may have changed. It stores the keys
/// that differ, writes `IABTCF_TCString` last, and removes every `IABTCF_*`, `IABGPP_*` and
/// `IABUSPrivacy_String` key it was not handed (another CMP's leftovers, or keys that no longer apply).
/// Exactly one CMP writes these keys on a device: an app whose CMP is another SDK has no writer.
public protocol ConsentSignalsWriter: Sendable {
    /// Stores exactly `keys` as the CMP's keys.
    func write(_ keys: InAppKeys) throws
}
