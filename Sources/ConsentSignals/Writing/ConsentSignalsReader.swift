/// Reads the in-app keys another CMP stored where the app's ad SDKs read them: the counterpart of
/// ``ConsentSignalsWriter`` for an app that keeps that CMP (Google's UMP) and has no writer.
///
/// It hands back every `IABTCF_*`, `IABGPP_*` and `IABUSPrivacy_String` key it finds, as stored; it never
/// changes one. Exactly one CMP writes these keys on a device.
public protocol ConsentSignalsReader: Sendable {
    /// The CMP keys stored now.
    func readKeys() -> InAppKeys
}
