#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The stored record as bytes, for an app's own ``ConsentStore`` (the Keychain, its database): the form
/// `state.json` holds, through the one schema of the stored answers (`SCHEMA.md`), so that what an app's
/// store keeps is read by every later version of the engine as the file store's is.
extension ConsentRecord {
    /// The record in the current state schema, `{"schema": 4, "record": {…}}` and a newline: the same
    /// record always gives the same bytes, and every field is kept but the TC string read from another
    /// CMP's keys (``ConsentManager/init(policy:keysOf:base:clock:receiptSink:)``), which is never stored.
    public func serialized() -> Data {
        Data(StateFile.encode(self))
    }

    /// The record `bytes` hold, as ``serialized()`` wrote them (or a `state.json` of any schema this version
    /// reads, migrated to the current one).
    /// - Throws: ``StoreError/Kind/newerSchema`` for a record a newer version of the engine wrote, which
    ///   this one must neither read nor replace; ``StoreError/Kind/corrupt`` for bytes that hold no record,
    ///   its message naming the JSON path at fault. Neither names a path: the caller knows where the bytes
    ///   came from.
    public init(serialized bytes: Data) throws(StoreError) {
        switch StateFile.decode(Array(bytes)) {
        case .record(let record):
            self = record
        case .newerSchema(let schema):
            throw StoreError.newerSchema(schema, path: "")
        case .corrupt(let reason):
            throw StoreError(kind: .corrupt, path: "", message: "not a stored record: \(reason)")
        }
    }
}
