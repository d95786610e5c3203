import Foundation
import JSONKit

/// A publisher's consent policy: regions, purposes, partners, texts, expiry and re-consent rules.
///
/// Policies are versioned JSON files (see `policies/README.md`). Load one with ``PolicyLoader``; the
/// embedded default is ``Policy/default``. A policy is a plain value: evaluating a decision never changes it.
public struct Policy: Sendable, Equatable {
    /// The newest `formatVersion` this build reads; a newer file is refused with ``PolicyError``.
    public static let newestFormatVersion = 1

    /// The file format version (a missing one means 1).
    public var formatVersion: Int
    /// A stable identifier for the policy, recorded with every answer.
    public var id: String
    /// Increases when the policy's content changes; with ``ConsentSettings/reconsentOnRevision`` a higher
    /// revision than an answer's asks the user again.
    public var revision: Int
    /// The IAB TCF policy version the form follows (4 = TCF v2.2, 5 = v2.3); a higher one than an answer's
    /// asks again.
    public var tcfPolicyVersion: Int
    /// Who asks for consent.
    public var publisher: Publisher
    /// Where which regulation applies.
    public var regions: RegionSettings
    /// Answer lifetime, re-consent switches and the form's buttons.
    public var consent: ConsentSettings
    /// The TCF purposes shown on the form, in order.
    public var purposes: [Purpose]
    /// The TCF special features shown on the form, in order.
    public var specialFeatures: [SpecialFeature]
    /// The partners (vendors) that may process data, by id.
    public var partners: [Partner]
    /// Form texts per language code; `en` is complete, other languages fall back to it key by key.
    public var texts: [String: [String: String]]
    /// The tracking explainer and prompt settings.
    public var tracking: TrackingSettings
    /// The app as the tracking prompt names it.
    public var app: AppSettings
    /// Device ids on which debug settings (debug geography, reset) are honoured.
    public var testDeviceIDs: [String]

    /// The partner ids, sorted.
    public var partnerIDs: [Int] { partners.map(\.id).sorted() }

    /// The partner with this id, if the policy has one.
    public func partner(_ id: Int) -> Partner? { partners.first { $0.id == id } }

    /// Whether a region falls under the GDPR in this policy.
    public func isGDPRRegion(_ region: Region) -> Bool {
        regions.gdpr.contains(region)
    }

    /// Whether a region is a US state this policy treats as regulated.
    public func isRegulatedUSState(_ region: Region) -> Bool {
        guard case .usState(let state) = region else { return false }
        return regions.regulatedUSStates.contains(state)
    }
}

// The JSON shape: unknown fields are refused, and optional fields have the defaults documented in
// policies/README.md, so that adding a field never needs a new format version.
extension Policy: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case formatVersion, id, revision, tcfPolicyVersion, publisher, regions, consent, purposes
        case specialFeatures, partners, vendorList, texts, tracking, app, testDeviceIDs
    }

    /// Decodes a policy, refusing unknown fields and a `formatVersion` above ``newestFormatVersion``; missing
    /// optional fields take their defaults.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(.formatVersion, default: 1)
        guard formatVersion <= Policy.newestFormatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "formatVersion \(formatVersion) is newer than this consentctl reads (\(Policy.newestFormatVersion)); upgrade consentctl")
        }
        id = try container.decode(String.self, forKey: .id)
        revision = try container.decode(.revision, default: 1)
        tcfPolicyVersion = try container.decode(.tcfPolicyVersion, default: 4)
        publisher = try container.decode(Publisher.self, forKey: .publisher)
        regions = try container.decode(.regions, default: RegionSettings.standard)
        consent = try container.decode(.consent, default: ConsentSettings.standard)
        purposes = try container.decode([Purpose].self, forKey: .purposes)
        specialFeatures = try container.decode(.specialFeatures, default: [])
        partners = try container.decode(.partners, default: [])
        texts = try container.decode([String: [String: String]].self, forKey: .texts)
        tracking = try container.decode(.tracking, default: TrackingSettings(explainer: nil, skipWhenPurposeOneRefused: false))
        app = try container.decode(AppSettings.self, forKey: .app)
        testDeviceIDs = try container.decode(.testDeviceIDs, default: [])
    }

    /// Encodes every field, defaults written out, with the partners inline (never a `vendorList` reference).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(id, forKey: .id)
        try container.encode(revision, forKey: .revision)
        try container.encode(tcfPolicyVersion, forKey: .tcfPolicyVersion)
        try container.encode(publisher, forKey: .publisher)
        try container.encode(regions, forKey: .regions)
        try container.encode(consent, forKey: .consent)
        try container.encode(purposes, forKey: .purposes)
        try container.encode(specialFeatures, forKey: .specialFeatures)
        try container.encode(partners, forKey: .partners)
        try container.encode(texts, forKey: .texts)
        try container.encode(tracking, forKey: .tracking)
        try container.encode(app, forKey: .app)
        try container.encode(testDeviceIDs, forKey: .testDeviceIDs)
    }
}
