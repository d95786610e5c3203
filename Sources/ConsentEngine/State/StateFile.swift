#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONKit

/// The format of `state.json`: the stored record under a schema version, described in `SCHEMA.md`.
///
/// Schema 3 (current) is `{"record": {…}, "schema": 3}`; schema 2, the same without what each partner
/// claimed (``ConsentAnswer/partnerClaims``), and schema 1 are read and migrated (see
/// ``StateReading/version1(_:)``); a higher schema is refused so that an older binary never overwrites
/// what a newer one wrote.
package enum StateFile {
    static let currentSchema = 3

    /// What a `state.json` holds.
    package enum Contents: Equatable {
        /// A readable record, migrated to the current schema if it was older.
        case record(ConsentRecord)
        /// A record written by a newer schema, which this version must not read or replace.
        case newerSchema(Int)
        /// Not a state file: `reason` says where and what (`$.record.changeCount: expected a number`).
        case corrupt(reason: String)
    }

    /// The bytes of a schema-2 file holding `record`, ending with a newline.
    package static func encode(_ record: ConsentRecord) -> [UInt8] {
        StateJSON.fileBytes(Current(record: record))
    }

    /// The largest `state.json` read: 16 MiB, thousands of times a real record (a few KiB even with every
    /// vendor of a Global Vendor List disclosed). A larger file is corrupt, and only this much of it is read.
    static let maximumSize = 16 * 1024 * 1024

    /// Reads a file's bytes; never throws, because every unreadable file is a ``Contents/corrupt(reason:)``.
    package static func decode(_ bytes: [UInt8]) -> Contents {
        guard bytes.count <= maximumSize else {
            return .corrupt(reason: "larger than \(maximumSize / 1024 / 1024) MiB, far more than a state holds")
        }
        let file: JSONNode
        do {
            file = JSONNode(try JSONReader.parse(bytes))
        } catch {
            return .corrupt(reason: "not JSON (\(error))")
        }
        do {
            let schema = try StateReading.schema(of: file)
            switch schema {
            case currentSchema:
                return .record(try StateReading.current(file))
            case 2:
                return .record(try StateReading.version2(file))
            case 1:
                return .record(try StateReading.version1(file))
            case let newer where newer > currentSchema:
                return .newerSchema(newer)
            default:
                return .corrupt(reason: "$.schema: \(schema) is not a schema version (1 to \(currentSchema))")
            }
        } catch {
            return .corrupt(reason: error.description)
        }
    }

    /// Schema 3, as written: the record under `record`, beside `schema`; read by ``StateReading``.
    private struct Current: Encodable {
        var schema = StateFile.currentSchema
        var record: ConsentRecord
    }
}
