import ConsentSignals
import FoundationEssentials

/// §2.4 step 9 under the GDPR: how Google will serve ads on a TC string, by Google's published rules with
/// Limited Ads 2.0 (in force since April 2025). The one table: the engine applies it to the string it
/// builds from the stored answer, and the device diagnosis to the string a device stored, so `status` and
/// `explain` of the written keys always agree.
package enum GoogleServingTable {
    /// Google Advertising Products' vendor id in the Global Vendor List.
    package static let googleVendorID = 755
    /// Purposes that need consent or an unobjected legitimate interest for personalised and
    /// non-personalised ads alike.
    package static let basicPurposes = [2, 7, 9, 10]
    /// Google does not serve on a string whose last update is older than this (TCF's 13 months).
    package static let maximumAgeMonths = 13

    /// Why ads serve less than personalised, as the reasons list and the trace name it.
    package enum Reason: Sendable, Equatable, CustomStringConvertible {
        case stringTooOld(lastUpdated: String)
        case googleNotDisclosed
        case purposeOneRefused
        case googleNotConsented
        case basicPurposeWithoutBasis(Int)
        case personalisationPurposeRefused(Int)
        case restrictedNotAllowed(purpose: Int)
        case restrictedToConsent(purpose: Int)
        case restrictedToLegitimateInterest(purpose: Int)

        package var description: String {
            switch self {
            case .stringTooOld(let updated): return "the TC string was last updated \(updated), more than \(maximumAgeMonths) months ago"
            case .googleNotDisclosed: return "Google (vendor 755) was not disclosed to the user"
            case .purposeOneRefused: return "purpose 1 (store and/or access information on a device) was refused"
            case .googleNotConsented: return "Google (vendor 755) has no consent"
            case .basicPurposeWithoutBasis(let purpose): return "purpose \(purpose) has neither consent nor a legitimate interest"
            case .personalisationPurposeRefused(let purpose): return "purpose \(purpose) (personalised advertising) was refused"
            case .restrictedNotAllowed(let purpose): return "a publisher restriction does not allow Google purpose \(purpose)"
            case .restrictedToConsent(let purpose): return "a publisher restriction requires consent from Google for purpose \(purpose): its legitimate interest does not count"
            case .restrictedToLegitimateInterest(let purpose): return "a publisher restriction requires legitimate interest from Google for purpose \(purpose): its consent does not count"
            }
        }
    }

    /// What Google will serve, and why.
    package struct Verdict: Sendable, Equatable {
        /// `personalized`, `nonPersonalized`, `limited` or `none`.
        package var mode: AdServing
        /// Empty for personalised ads; otherwise what stands in the way.
        package var reasons: [Reason]
    }

    /// The verdict on `string` at `now`.
    package static func verdict(on string: TCString, now: Date) -> Verdict {
        let updated = Date(timeIntervalSince1970: Double(string.lastUpdated.deciseconds) / 10)
        if now >= UTCCalendar.adding(months: maximumAgeMonths, to: updated) {
            return Verdict(mode: .none, reasons: [.stringTooOld(lastUpdated: UTCCalendar.iso8601(updated))])
        }
        let disclosed = string.disclosedVendors.map { $0.ids.contains(googleVendorID) }
            ?? (string.vendorConsents.ids.contains(googleVendorID) || string.vendorLegitimateInterests.ids.contains(googleVendorID))
        guard disclosed else { return Verdict(mode: .none, reasons: [.googleNotDisclosed]) }

        var reasons: [Reason] = []
        var restrictions: [Int: PublisherRestriction.RestrictionType] = [:]
        for restriction in string.publisherRestrictions where restriction.vendors.contains(googleVendorID) {
            restrictions[restriction.purpose] = restriction.type
        }
        func consented(_ purpose: Int) -> Bool {
            switch restrictions[purpose] {
            case .notAllowed?, .requireLegitimateInterest?: return false
            default: return string.purposeConsents.contains(purpose)
            }
        }
        func legitimateInterest(_ purpose: Int) -> Bool {
            switch restrictions[purpose] {
            case .notAllowed?, .requireConsent?: return false
            default: return string.purposeLegitimateInterests.contains(purpose)
            }
        }
        for (purpose, type) in restrictions.sorted(by: { $0.key < $1.key }) {
            switch type {
            case .notAllowed: reasons.append(.restrictedNotAllowed(purpose: purpose))
            case .requireConsent: reasons.append(.restrictedToConsent(purpose: purpose))
            case .requireLegitimateInterest: reasons.append(.restrictedToLegitimateInterest(purpose: purpose))
            default: break
            }
        }
        let purposeOne = consented(1)
        if !purposeOne { reasons.append(.purposeOneRefused) }
        let google = string.vendorConsents.ids.contains(googleVendorID)
        if !google { reasons.append(.googleNotConsented) }
        let missingBasics = basicPurposes.filter { !consented($0) && !legitimateInterest($0) }
        reasons += missingBasics.map(Reason.basicPurposeWithoutBasis)
        let refusedPersonalisation = [3, 4].filter { !consented($0) }

        guard purposeOne, google, missingBasics.isEmpty else { return Verdict(mode: .limited, reasons: reasons) }
        guard refusedPersonalisation.isEmpty else {
            return Verdict(mode: .nonPersonalized, reasons: reasons + refusedPersonalisation.map(Reason.personalisationPurposeRefused))
        }
        return Verdict(mode: .personalized, reasons: [])
    }
}
