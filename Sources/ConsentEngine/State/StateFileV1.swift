import FoundationEssentials
import JSONKit

/// Schema 1 of `state.json`, as the first release wrote it, read so that it can be migrated to schema 2.
///
/// Schema 1 kept the record's fields at the top level beside `"schema": 1`, and stored the tracking answer
/// as a bare status (`"tracking": "denied"`) with its date in a separate `trackingAnsweredAt` field.
/// Schema 2 nests the record under `record`, so that the file's own fields cannot collide with the
/// record's, and keeps the tracking status and date together as one answer. Everything else is unchanged.
/// The migrated record is written as schema 2 by the next update; reading alone never rewrites the file.
struct StateFileV1: Decodable {
    var record: ConsentRecord

    private enum Field: String, CodingKey, CaseIterable {
        case schema, consent, usOptOuts, tracking, trackingAnsweredAt, explainerShownAt, lastKnownRegion,
             resetSince, changeCount
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: Field.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: Field.self)
        let status = try container.decodeIfPresent(TrackingAnswer.Status.self, forKey: .tracking)
        let answeredAt = try container.decodeIfPresent(Date.self, forKey: .trackingAnsweredAt)
        let tracking: TrackingAnswer?
        switch (status, answeredAt) {
        case let (status?, answeredAt?):
            tracking = TrackingAnswer(status: status, answeredAt: answeredAt)
        case (nil, nil):
            tracking = nil
        case (_?, nil):
            throw DecodingError.keyNotFound(Field.trackingAnsweredAt, .init(
                codingPath: decoder.codingPath, debugDescription: "a tracking answer needs its date"))
        case (nil, _?):
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [Field.trackingAnsweredAt],
                debugDescription: "a tracking date without a tracking answer"))
        }
        let changeCount = try container.decode(Int.self, forKey: .changeCount)
        try StrictRecord.checkChangeCount(changeCount, codingPath: decoder.codingPath)
        record = ConsentRecord(
            consent: try container.decodeIfPresent(ConsentAnswer.self, forKey: .consent),
            usOptOuts: try container.decodeIfPresent(USOptOutAnswer.self, forKey: .usOptOuts),
            tracking: tracking,
            explainerShownAt: try container.decodeIfPresent(Date.self, forKey: .explainerShownAt),
            lastKnownRegion: try container.decodeIfPresent(Region.self, forKey: .lastKnownRegion),
            resetSince: try container.decodeIfPresent(Date.self, forKey: .resetSince),
            changeCount: changeCount)
    }
}
