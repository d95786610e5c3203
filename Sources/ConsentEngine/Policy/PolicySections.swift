#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The publisher named on the form.
public struct Publisher: Sendable, Equatable {
    /// The name in the form's first line ("<publisher> asks for your consent to use your personal data to:").
    public package(set) var name: String
    /// ISO 3166-1 alpha-2 country of the publisher (the TCF `PublisherCC`).
    package var country: String
}

/// How an unknown region is handled (policy switch `regions.unknownRegion`).
package enum UnknownRegionHandling: String, Sendable, Equatable, CaseIterable {
    /// Regulation `unknown`: no form and no ads, as Google's UMP does offline on first launch.
    case unknown
    /// Treat the user as under the GDPR: ask rather than show no ads.
    case gdpr
}

/// Which regions fall under which regulation.
package struct RegionSettings: Sendable, Equatable {
    /// The regions under the GDPR (a subset of EEA, UK and CH), each perhaps only between two days.
    package var gdpr: [DatedEntry<Region>]
    /// US states (two-letter postal codes) with a privacy law the policy honours with an opt-out, each
    /// perhaps only from the day the law took effect.
    package var regulatedUSStates: [DatedEntry<String>]
    /// How an unknown region is handled.
    package var unknownRegion: UnknownRegionHandling
    /// The US state debug geography `regulatedUSState` stands for (default `CA`).
    package var debugUSState: String
    /// What `US` without a state means (default: regulated, with the national opt-out).
    package var unitedStatesWithoutState: UnitedStatesHandling = .usStates
}

/// Answer lifetime, re-consent switches and the buttons of the form.
public struct ConsentSettings: Sendable, Equatable {
    /// How many calendar months an answer stays valid (13 by TCF policy).
    package var maximumAgeMonths: Int
    /// Ask again when the policy's revision is above the answer's.
    package var reconsentOnRevision: Bool
    /// Ask again when the policy lists partners that were not disclosed with the answer.
    package var reconsentOnNewPartners: Bool
    /// Ask again when a partner the user consented to claims a purpose, legitimate interest or special
    /// feature it did not claim with the answer.
    package var reconsentOnPartnerPurposesChanged: Bool
    /// Whether the first screen shows "Do not consent".
    public package(set) var showDoNotConsent: Bool
    /// Whether the form has a close button that declines (as "Do not consent" does).
    public package(set) var showCloseButton: Bool
}

/// A TCF purpose as the form shows it.
public struct Purpose: Sendable, Equatable {
    /// The TCF purpose id (1–11).
    public package(set) var id: Int
    /// The name per language.
    public package(set) var name: [String: String]
    /// The description per language.
    public package(set) var description: [String: String]
}

/// A TCF special feature (1 precise geolocation, 2 device scanning) as the form shows it.
public typealias SpecialFeature = Purpose

/// A partner (vendor) that may process the user's data.
public struct Partner: Sendable, Equatable {
    /// The IAB Global Vendor List id (755 is Google Advertising Products), or a Google ATP id (`atp:89`)
    /// for a partner that is not on the list.
    public package(set) var id: PartnerID
    /// The partner's name as the form lists it.
    public package(set) var name: String
    /// Purposes it asks consent for.
    public package(set) var purposes: [Int]
    /// Purposes it relies on legitimate interest for.
    public package(set) var legitimateInterestPurposes: [Int]
    /// Special features it uses.
    public package(set) var specialFeatures: [Int]
    /// What else it discloses: its flexible purposes, special purposes, features, data categories,
    /// retention, device storage and links (read through ``flexiblePurposes``, ``dataCategories``, …).
    package var disclosures: Disclosures

    package init(id: PartnerID, name: String, purposes: [Int], legitimateInterestPurposes: [Int], specialFeatures: [Int],
                 disclosures: Disclosures = Disclosures()) {
        self.id = id
        self.name = name
        self.purposes = purposes
        self.legitimateInterestPurposes = legitimateInterestPurposes
        self.specialFeatures = specialFeatures
        self.disclosures = disclosures
    }

    /// A partner that discloses no more than a privacy policy, for every language.
    package init(id: PartnerID, name: String, purposes: [Int], legitimateInterestPurposes: [Int], specialFeatures: [Int],
                 privacyURL: String?) {
        self.init(id: id, name: name, purposes: purposes, legitimateInterestPurposes: legitimateInterestPurposes,
                  specialFeatures: specialFeatures, disclosures: privacyURL.map { Disclosures(privacyURL: $0) } ?? Disclosures())
    }
}

/// Tracking explainer and prompt settings.
package struct TrackingSettings: Sendable, Equatable {
    /// The explainer shown right before the tracking prompt, per language; `nil` for none.
    package var explainer: [String: Explainer]?
    /// Skip the tracking prompt when purpose 1 was refused (off by default).
    package var skipWhenPurposeOneRefused: Bool
}

/// The screen shown right before the tracking prompt.
public struct Explainer: Sendable, Equatable {
    /// The explainer's heading.
    public package(set) var title: String
    /// Why the app is about to ask for tracking, shown under the title.
    public package(set) var text: String
    /// The label of its only button (Continue), as a person reads it.
    public package(set) var button: DisplayLabel
}

/// The app as the tracking prompt names it.
package struct AppSettings: Sendable, Equatable {
    /// The app's display name, quoted in the tracking prompt.
    package var displayName: String
    /// `NSUserTrackingUsageDescription` per language.
    package var trackingUsageDescription: [String: String]
}


extension RegionSettings {
    /// EEA, UK and CH under the GDPR, no regulated states, `unknownRegion` `unknown`, `US-CA`.
    static let standard = RegionSettings(
        gdpr: [DatedEntry(.eea), DatedEntry(.uk), DatedEntry(.ch)], regulatedUSStates: [], unknownRegion: .unknown,
        debugUSState: "CA")
}

extension ConsentSettings {
    /// 13 months, no re-consent on revisions, re-consent for new partners, none for partners' new purposes,
    /// "Do not consent" shown, no close button.
    static let standard = ConsentSettings(
        maximumAgeMonths: 13, reconsentOnRevision: false, reconsentOnNewPartners: true,
        reconsentOnPartnerPurposesChanged: false, showDoNotConsent: true, showCloseButton: false)
}

/// The policy's `tcf` block: what the TC string says about the CMP, the form and the publisher.
package struct TCFSettings: Sendable, Equatable {
    /// The CMP's id with IAB Europe (2–4095).
    package var cmpID: Int
    /// Whether ``cmpID`` is a placeholder rather than a registered CMP's id (a release build warns).
    package var cmpIDIsPlaceholder: Bool
    /// The CMP's version (0–4095).
    package var cmpVersion: Int
    /// Which of the CMP's screens the answer was given on (0–63).
    package var consentScreen: Int
    /// The Global Vendor List version the partners were taken from (0–4095).
    package var vendorListVersion: Int
    /// Publisher restrictions written into every TC string.
    package var publisherRestrictions: [PublisherRestrictionSetting]
    /// Purposes the publisher itself asks consent for (the Publisher TC segment).
    package var publisherConsentPurposes: [Int]
    /// Purposes the publisher itself relies on legitimate interest for (never 1 or 3–6).
    package var publisherLegitimateInterestPurposes: [Int]

    /// The CMP id of a policy that names none: the largest id the field holds, so it is plainly not real.
    package static let placeholderCMPID = 4095

    /// A policy without a `tcf` block: the placeholder CMP id, version 1, screen 1, no vendor list version,
    /// no restrictions and no publisher purposes.
    package static let standard = TCFSettings(
        cmpID: placeholderCMPID, cmpIDIsPlaceholder: true, cmpVersion: 1, consentScreen: 1, vendorListVersion: 0,
        publisherRestrictions: [], publisherConsentPurposes: [], publisherLegitimateInterestPurposes: [])
}

/// One publisher restriction: for `purpose`, the vendors listed may not process (`type` 0), need consent
/// (1) or need legitimate interest (2).
package struct PublisherRestrictionSetting: Sendable, Equatable {
    package var purpose: Int
    package var type: Int
    package var vendors: [Int]
}

/// The policy's `gpp` block: how the US-state opt-outs are written into the GPP string.
package struct GPPSettings: Sendable, Equatable {
    /// The usnat section's version: 1 (as Google's UMP writes it) or 2.
    package var usnatVersion: Int
    /// Write California's, Virginia's, Colorado's and Connecticut's own sections instead of usnat (never
    /// Utah's, which Google does not accept).
    package var stateSections: Bool

    /// usnat version 1 and no state sections.
    package static let standard = GPPSettings(usnatVersion: 1, stateSections: false)
}

/// The policy's `consentMode` block.
package struct ConsentModeSettings: Sendable, Equatable {
    /// The purpose whose consent grants analytics storage; without one analytics storage is `notApplicable`.
    package var analyticsStoragePurpose: Int?
}

/// The policy's `presentation` block: how long a form or the tracking explainer waits for the app to be
/// on screen (a window in a scene in the foreground and active, where nothing else is being presented or
/// dismissed) before it counts as not shown, which is asked again at the next return to the foreground or
/// launch rather than counting as left by the user.
package struct PresentationSettings: Sendable, Equatable {
    /// The longest wait, in seconds (1–3600).
    package var timeLimitSeconds: Int

    /// A minute: long enough for a launch started before the first window, or under a system alert the user
    /// is still reading, to show its form; short enough that a launch in the background does not hold the
    /// ads past the first minutes of use (policies/README.md).
    package static let standard = PresentationSettings(timeLimitSeconds: 60)
}

/// The policy's `controller` block: the organisation responsible for the data, as a Kantara consent
/// receipt's `piiControllers` and `policyUrl` name it.
package struct PolicyController: Sendable, Equatable {
    /// The organisation's name (`piiController`).
    package var name: String
    /// Whom to contact, a person or an office.
    package var contact: String
    package var email: String
    package var phone: String
    package var address: PostalAddress
    /// The organisation's web site (`piiControllerUrl`).
    package var url: String
    /// The privacy policy (`policyUrl`).
    package var privacyPolicyURL: String

    /// A postal address as Kantara receipts write it (schema.org's `PostalAddress`).
    package struct PostalAddress: Sendable, Equatable {
        /// The street address, one line.
        package var streetAddress: String
        /// ISO 3166-1 alpha-2, in capitals.
        package var addressCountry: String
    }
}
