#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// The format of `state.json`: the stored record under a schema version, described in `SCHEMA.md`.
///
/// Schema 4 (current) is `{"schema": 4, "record": {…}}` with the install's id and the log's head beside the
/// record (``StateChain``), and answers that keep what each partner claimed (``ConsentAnswer/partnerClaims``);
/// its regions may be `US`, the United States without a state, which no earlier schema holds. Schema 3 is the
/// same without `US`, schema 2 without the chain and the claims, and schema 1 is read and migrated (see
/// ``StateReading/version1(_:)``); a higher schema is refused so that an older binary never overwrites, nor
/// sets aside as corrupt, what a newer one wrote.
package enum StateFile {
    static let currentSchema = 4

    /// What a `state.json` holds.
    package enum Contents: Equatable {
        /// A readable record, migrated to the current schema if it was older.
        case record(ConsentRecord)
        /// A record written by a newer schema, which this version must not read or replace.
        case newerSchema(Int)
        /// Not a state file: `reason` says where and what (`$.record.changeCount: expected a number`).
        case corrupt(reason: String)
    }

    /// The bytes of a current file holding `record` with no chain yet, ending with a newline.
    package static func encode(_ record: ConsentRecord) -> [UInt8] {
        encode(record, chain: StateChain())
    }

    /// The bytes of a current file holding `record` and `chain`, ending with a newline.
    static func encode(_ record: ConsentRecord, chain: StateChain) -> [UInt8] {
        var members: [JSONValue.Member] = [
            JSONValue.Member(key: "schema", value: .integer(currentSchema)),
            JSONValue.Member(key: "record", value: StoredAnswerSchema.value(record)),
        ]
        if let id = chain.installID { members.append(JSONValue.Member(key: "installID", value: .string(id))) }
        if chain.deviceMarker { members.append(JSONValue.Member(key: "deviceMarker", value: .bool(true))) }
        if let head = chain.head {
            members.append(JSONValue.Member(key: "logHead", value: .string(head.hash)))
            members.append(JSONValue.Member(key: "logLines", value: .integer(head.lines)))
        }
        if !chain.rules.isEmpty {
            members.append(JSONValue.Member(key: "rules", value: .array(chain.rules.map(\.value))))
        }
        return StateJSON.fileBytes(.object(members))
    }

    /// The largest `state.json` read: 16 MiB, thousands of times a real record (a few KiB even with every
    /// vendor of a Global Vendor List disclosed). A larger file is corrupt, and only this much of it is read.
    static let maximumSize = 16 * 1024 * 1024

    /// Reads a file's bytes; never throws, because every unreadable file is a ``Contents/corrupt(reason:)``.
    package static func decode(_ bytes: [UInt8]) -> Contents {
        read(bytes).contents
    }

    /// Reads a file's bytes with what it keeps beside the record; the chain is empty unless the file is
    /// a readable one of schema 3 or later that records it.
    package static func read(_ bytes: [UInt8]) -> (contents: Contents, chain: StateChain) {
        guard bytes.count <= maximumSize else {
            return (.corrupt(reason: "larger than \(maximumSize / 1024 / 1024) MiB, far more than a state holds"), StateChain())
        }
        let file: JSONNode
        do {
            file = JSONNode(try JSONReader.parse(bytes))
        } catch {
            return (.corrupt(reason: "not JSON (\(error))"), StateChain())
        }
        do {
            let schema = try StateReading.schema(of: file)
            switch schema {
            case 3, currentSchema:
                return (.record(try StateReading.current(file, schema: schema)), try StateReading.chain(file))
            case 2:
                return (.record(try StateReading.version2(file)), StateChain())
            case 1:
                return (.record(try StateReading.version1(file)), StateChain())
            case let newer where newer > currentSchema:
                return (.newerSchema(newer), StateChain())
            default:
                return (.corrupt(reason: "$.schema: \(schema) is not a schema version (1 to \(currentSchema))"), StateChain())
            }
        } catch {
            return (.corrupt(reason: error.description), StateChain())
        }
    }
}

/// What `state.json` keeps beside the record from schema 3 on (SCHEMA.md): the install's id, made at the
/// first write, and where the consent log's chain stood after the last write. Absent in a file of an
/// older schema; the next write sets them.
package struct StateChain: Sendable, Equatable {
    /// A random UUID, lowercase, never derived from a device id; named on every answer's log line.
    package var installID: String?
    /// Whether the device this state was written on keeps a marker naming ``installID`` beside it
    /// (`deviceMarker`, schema 4): a state that says so without its marker was restored from a backup
    /// (``InstallContinuity``).
    package var deviceMarker = false
    /// `logHead` and `logLines`.
    package var head: LogHead?
    /// The rules delivered after the release and kept in `rules/` (schema 4), one per kind and for
    /// translations one per language.
    package var rules: [KeptRule] = []

    package init(installID: String? = nil, deviceMarker: Bool = false, head: LogHead? = nil, rules: [KeptRule] = []) {
        self.installID = installID
        self.deviceMarker = deviceMarker
        self.head = head
        self.rules = rules
    }
}
