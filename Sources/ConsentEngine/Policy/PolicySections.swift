import Foundation
import JSONKit

/// The publisher named on the form.
public struct Publisher: Sendable, Equatable, Codable {
    /// The name in the form's first line ("<publisher> asks for your consent to use your personal data to:").
    public var name: String
    /// ISO 3166-1 alpha-2 country of the publisher (the TCF `PublisherCC`).
    public var country: String
}

/// How an unknown region is handled (policy switch `regions.unknownRegion`).
public enum UnknownRegionHandling: String, Sendable, Equatable, Codable, CaseIterable {
    /// Regulation `unknown`: no form and no ads, as Google's UMP does offline on first launch.
    case unknown
    /// Treat the user as under the GDPR: ask rather than show no ads.
    case gdpr
}

/// Which regions fall under which regulation.
public struct RegionSettings: Sendable, Equatable {
    /// The regions under the GDPR (a subset of EEA, UK and CH).
    public var gdpr: [Region]
    /// US states (two-letter postal codes) with a privacy law the policy honours with an opt-out.
    public var regulatedUSStates: [String]
    /// How an unknown region is handled.
    public var unknownRegion: UnknownRegionHandling
    /// The US state debug geography `regulatedUSState` stands for (default `CA`).
    public var debugUSState: String
}

/// Answer lifetime, re-consent switches and the buttons of the form.
public struct ConsentSettings: Sendable, Equatable {
    /// How many calendar months an answer stays valid (13 by TCF policy).
    public var maximumAgeMonths: Int
    /// Ask again when the policy's revision is above the answer's.
    public var reconsentOnRevision: Bool
    /// Ask again when the policy lists partners that were not disclosed with the answer.
    public var reconsentOnNewPartners: Bool
    /// Whether the first screen shows "Do not consent".
    public var showDoNotConsent: Bool
    /// Whether the form has a close button that declines (as "Do not consent" does).
    public var showCloseButton: Bool
}

/// A TCF purpose as the form shows it.
public struct Purpose: Sendable, Equatable {
    /// The TCF purpose id (1–11).
    public var id: Int
    /// The name per language.
    public var name: [String: String]
    /// The description per language.
    public var description: [String: String]
}

/// A TCF special feature (1 precise geolocation, 2 device scanning) as the form shows it.
public typealias SpecialFeature = Purpose

/// A partner (vendor) that may process the user's data.
public struct Partner: Sendable, Equatable {
    /// The IAB Global Vendor List id (755 is Google Advertising Products).
    public var id: Int
    /// The partner's name as the form lists it.
    public var name: String
    /// Purposes it asks consent for.
    public var purposes: [Int]
    /// Purposes it relies on legitimate interest for.
    public var legitimateInterestPurposes: [Int]
    /// Special features it uses.
    public var specialFeatures: [Int]
    /// Its privacy policy.
    public var privacyURL: String?
}

/// Tracking explainer and prompt settings.
public struct TrackingSettings: Sendable, Equatable {
    /// The explainer shown right before the tracking prompt, per language; `nil` for none.
    public var explainer: [String: Explainer]?
    /// Skip the tracking prompt when purpose 1 was refused (off by default).
    public var skipWhenPurposeOneRefused: Bool
}

/// The screen shown right before the tracking prompt.
public struct Explainer: Sendable, Equatable, Codable {
    /// The explainer's heading.
    public var title: String
    /// Why the app is about to ask for tracking, shown under the title.
    public var text: String
    /// The label of its only button (Continue).
    public var button: String
}

/// The app as the tracking prompt names it.
public struct AppSettings: Sendable, Equatable {
    /// The app's display name, quoted in the tracking prompt.
    public var displayName: String
    /// `NSUserTrackingUsageDescription` per language.
    public var trackingUsageDescription: [String: String]
}

extension RegionSettings: Codable {
    static let standard = RegionSettings(
        gdpr: [.eea, .uk, .ch], regulatedUSStates: [], unknownRegion: .unknown, debugUSState: "CA")

    enum CodingKeys: String, CodingKey, CaseIterable { case gdpr, regulatedUSStates, unknownRegion, debugUSState }

    /// Decodes `regions`, refusing unknown fields; `debugUSState` is written `US-XX`. Defaults: EEA, UK and CH
    /// under the GDPR, no regulated states, `unknownRegion` `unknown`, `US-CA`.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        gdpr = try container.decode(.gdpr, default: Self.standard.gdpr)
        regulatedUSStates = try container.decode(.regulatedUSStates, default: [])
        unknownRegion = try container.decode(.unknownRegion, default: .unknown)
        let debugState = try container.decode(.debugUSState, default: "US-CA")
        guard debugState.hasPrefix("US-"), case .usState(let state)? = Region(resolvedName: debugState) else {
            throw DecodingError.dataCorruptedError(
                forKey: .debugUSState, in: container,
                debugDescription: "'\(debugState)' is not a US state; write US- and a postal code, e.g. US-CA")
        }
        debugUSState = state
    }

    /// Encodes `regions` with `debugUSState` written back as `US-XX`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gdpr, forKey: .gdpr)
        try container.encode(regulatedUSStates, forKey: .regulatedUSStates)
        try container.encode(unknownRegion, forKey: .unknownRegion)
        try container.encode("US-\(debugUSState)", forKey: .debugUSState)
    }
}

extension ConsentSettings: Codable {
    static let standard = ConsentSettings(
        maximumAgeMonths: 13, reconsentOnRevision: false, reconsentOnNewPartners: true,
        showDoNotConsent: true, showCloseButton: false)

    enum CodingKeys: String, CodingKey, CaseIterable {
        case maximumAgeMonths, reconsentOnRevision, reconsentOnNewPartners, showDoNotConsent, showCloseButton
    }

    /// Decodes `consent`, refusing unknown fields. Defaults: 13 months, no re-consent on revisions,
    /// re-consent for new partners, "Do not consent" shown, no close button.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let standard = Self.standard
        maximumAgeMonths = try container.decode(.maximumAgeMonths, default: standard.maximumAgeMonths)
        reconsentOnRevision = try container.decode(.reconsentOnRevision, default: standard.reconsentOnRevision)
        reconsentOnNewPartners = try container.decode(.reconsentOnNewPartners, default: standard.reconsentOnNewPartners)
        showDoNotConsent = try container.decode(.showDoNotConsent, default: standard.showDoNotConsent)
        showCloseButton = try container.decode(.showCloseButton, default: standard.showCloseButton)
    }
}

extension Purpose: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case id, name, description }

    /// Decodes a purpose or special feature, refusing unknown fields; `description` defaults to no texts.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode([String: String].self, forKey: .name)
        description = try container.decode(.description, default: [:])
    }
}

extension Partner: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, purposes, legitimateInterestPurposes, specialFeatures, privacyURL
    }

    /// Decodes a partner, refusing unknown fields; the id lists default to empty, `privacyURL` to none.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        purposes = try container.decode(.purposes, default: [])
        legitimateInterestPurposes = try container.decode(.legitimateInterestPurposes, default: [])
        specialFeatures = try container.decode(.specialFeatures, default: [])
        privacyURL = try container.decodeIfPresent(String.self, forKey: .privacyURL)
    }
}

extension TrackingSettings: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case explainer, skipWhenPurposeOneRefused }

    /// Decodes `tracking`, refusing unknown fields; by default no explainer and `skipWhenPurposeOneRefused` off.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        explainer = try container.decodeIfPresent([String: Explainer].self, forKey: .explainer)
        skipWhenPurposeOneRefused = try container.decode(.skipWhenPurposeOneRefused, default: false)
    }
}

extension AppSettings: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case displayName, trackingUsageDescription }

    /// Decodes `app`, refusing unknown fields; `displayName` is required, the usage descriptions default to none.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        displayName = try container.decode(String.self, forKey: .displayName)
        trackingUsageDescription = try container.decode(.trackingUsageDescription, default: [:])
    }
}
