import FoundationEssentials
import JSONKit

/// The format of `state.json`: the stored record under a schema version, described in `SCHEMA.md`.
///
/// Schema 2 (current) is `{"record": {…}, "schema": 2}`; schema 1 is read and migrated (see
/// ``StateFileV1``); a higher schema is refused so that an older binary never overwrites what a newer one
/// wrote.
enum StateFile {
    static let currentSchema = 2

    /// What a `state.json` holds.
    enum Contents: Equatable {
        /// A readable record, migrated to the current schema if it was older.
        case record(ConsentRecord)
        /// A record written by a newer schema, which this version must not read or replace.
        case newerSchema(Int)
        /// Not a state file: `reason` says where and what (`$.record.changeCount: expected a number`).
        case corrupt(reason: String)
    }

    /// The bytes of a schema-2 file holding `record`, ending with a newline.
    static func encode(_ record: ConsentRecord) -> [UInt8] {
        StateJSON.fileBytes(Current(record: record))
    }

    /// The largest `state.json` read: 16 MiB, thousands of times a real record (a few KiB even with every
    /// vendor of a Global Vendor List disclosed). A larger file is corrupt, and only this much of it is read.
    static let maximumSize = 16 * 1024 * 1024

    /// Reads a file's bytes; never throws, because every unreadable file is a ``Contents/corrupt(reason:)``.
    static func decode(_ bytes: [UInt8]) -> Contents {
        guard bytes.count <= maximumSize else {
            return .corrupt(reason: "larger than \(maximumSize / 1024 / 1024) MiB, far more than a state holds")
        }
        do {
            let schema = try StateJSON.decode(SchemaProbe.self, from: bytes).schema
            switch schema {
            case currentSchema:
                return .record(try StateJSON.decode(Current.self, from: bytes).record)
            case 1:
                return .record(try StateJSON.decode(StateFileV1.self, from: bytes).record)
            case let newer where newer > currentSchema:
                return .newerSchema(newer)
            default:
                return .corrupt(reason: "$.schema: \(schema) is not a schema version (1 or \(currentSchema))")
            }
        } catch {
            return .corrupt(reason: error.description)
        }
    }

    /// Schema 2: the record under `record`, beside `schema`.
    private struct Current: Codable {
        var schema = StateFile.currentSchema
        var record: ConsentRecord

        init(record: ConsentRecord) { self.record = record }

        init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(allowed: ["schema", "record"])
            let container = try decoder.container(keyedBy: CodingKeys.self)
            schema = try container.decode(Int.self, forKey: .schema)
            record = try container.decode(StrictRecord.self, forKey: .record).record
        }
    }

    private struct SchemaProbe: Decodable {
        var schema: Int
    }
}

/// A ``ConsentRecord`` read with no unknown fields and a change counter that is not negative: a misspelt
/// field in a hand-edited file must make the file corrupt (and kept), not silently drop an answer that the
/// next write would then lose for good.
struct StrictRecord: Decodable {
    /// Every field ``ConsentRecord`` encodes; a test checks that this stays in step with the type.
    static let fields = [
        "consent", "usOptOuts", "tracking", "explainerShownAt", "lastKnownRegion", "resetSince", "changeCount",
    ]

    var record: ConsentRecord

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: Self.fields)
        record = try ConsentRecord(from: decoder)
        try Self.checkChangeCount(record.changeCount, codingPath: decoder.codingPath)
    }

    static func checkChangeCount(_ count: Int, codingPath: [any CodingKey]) throws {
        guard count >= 0 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [AnyCodingKey("changeCount")],
                debugDescription: "the change counter cannot be negative (\(count))"))
        }
        guard count <= RecordChange.maximumChange else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [AnyCodingKey("changeCount")],
                debugDescription: "the change counter \(count) is out of range (at most \(RecordChange.maximumChange))"))
        }
    }
}
