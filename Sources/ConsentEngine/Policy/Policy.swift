#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A publisher's consent policy: regions, purposes, partners, texts, expiry and re-consent rules.
///
/// Policies are versioned JSON files (see `policies/README.md`). Load one with ``PolicyLoader``; the
/// embedded default is ``Policy/default``. A policy is a plain value: evaluating a decision never changes it.
public struct Policy: Sendable, Equatable {
    /// The newest `formatVersion` this build reads; a newer file is refused with ``PolicyError``.
    package static let newestFormatVersion = 1

    /// The file format version (a missing one means 1).
    package var formatVersion: Int
    /// A stable identifier for the policy, recorded with every answer.
    public package(set) var id: String
    /// Increases when the policy's content changes; where the policy's `consent.reconsentOnRevision` is on, a
    /// higher revision than an answer's asks the user again.
    public package(set) var revision: Int
    /// The IAB TCF policy version the form follows (4 = TCF v2.2, 5 = v2.3); a higher one than an answer's
    /// asks again.
    public package(set) var tcfPolicyVersion: Int
    /// Who asks for consent.
    public package(set) var publisher: Publisher
    /// Where which regulation applies.
    package var regions: RegionSettings
    /// Answer lifetime, re-consent switches and the form's buttons.
    public package(set) var consent: ConsentSettings
    /// The TCF purposes shown on the form, in order.
    public package(set) var purposes: [Purpose]
    /// The TCF special features shown on the form, in order.
    public package(set) var specialFeatures: [SpecialFeature]
    /// The partners (vendors) that may process data, by id.
    public package(set) var partners: [Partner]
    /// Names of purposes, special purposes, features, special features and data categories (the `names`
    /// block, and the names of a vendor list applied to the policy); read through
    /// ``name(of:id:language:)``.
    package var names = DisclosureNames()
    /// Form texts per language code and key; `en` is complete, other languages fall back to it key by key.
    /// Read through ``text(_:language:)``; ``texts`` shows them as dictionaries.
    package var formTexts: PolicyTexts
    /// The tracking explainer and prompt settings.
    package var tracking: TrackingSettings
    /// The app as the tracking prompt names it.
    package var app: AppSettings
    /// What the TC string says about the CMP, the form and the publisher (the `tcf` block).
    package var tcf: TCFSettings
    /// How the US-state opt-outs are written into the GPP string (the `gpp` block).
    package var gpp: GPPSettings
    /// How Consent Mode is derived beyond Google's TCF mapping (the `consentMode` block).
    package var consentMode: ConsentModeSettings
    /// The region hints that count when neither the app nor an earlier launch knows the region, in the
    /// order they are tried (`regionHints`; empty turns them off).
    package var regionHints: [RegionHintKind] = RegionHintKind.allCases
    /// What hints that disagree make of the region (`regionHintConflict`).
    package var regionHintConflict: RegionHintConflict = .protective
    /// Device ids on which debug settings (debug geography, reset) are honoured.
    package var testDeviceIDs: [String]
    /// How long a form or the explainer waits for a screen to be shown on (the `presentation` block).
    package var presentation: PresentationSettings = .standard
    /// Who controls the data, as a Kantara consent receipt names them (the `controller` block); `nil` when
    /// the policy names no one.
    package var controller: PolicyController? = nil
    /// The languages kept translations of the vendor list's texts give the forms (`fr`), beside those of
    /// ``texts``.
    package var translationLanguages: [String] = []
    /// By language, what a kept translation lacks that the forms show ("Purpose 3"): shown in English, with
    /// a warning when the form is in that language.
    package var textGaps: [String: [String]] = [:]
    /// The language shown when none of the user's preferred languages is one the policy has (the policy's
    /// `defaultLanguage`; English unless it says).
    package var defaultLanguage = "en"
    /// Every file read to make the policy, in the order read (the policy file, the bases it extends, a
    /// vendor list), named with the SHA-256 of its bytes on each answer's log line.
    package var sourceFiles: PolicySources = []

    /// Form texts per language code; `en` is complete, other languages fall back to it key by key.
    ///
    /// Made anew at each read: a form reads its texts through ``text(_:language:)``.
    public package(set) var texts: [String: [String: String]] {
        get { formTexts.dictionary }
        set { formTexts = PolicyTexts(newValue) }
    }

    /// The partner ids, sorted.
    package var partnerIDs: [PartnerID] { partners.map(\.id).sorted() }

    /// The partner with this id, if the policy has one.
    package func partner(_ id: PartnerID) -> Partner? { partners.first { $0.id == id } }
}
