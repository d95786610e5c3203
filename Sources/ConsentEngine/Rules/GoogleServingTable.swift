import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// What the table reads of a TC string, and nothing else: the device diagnosis takes it from a stored
    /// string (``init(_:)``), the engine from an answer without building the string
    /// (``TCModelBuilder/servingFacts(for:policy:)``), and both go through the one verdict.
    package struct Facts: Sendable, Equatable {
        /// `LastUpdated`.
        package var lastUpdated: TCDate
        /// Google is in Disclosed Vendors, or, in a string without that segment, has a consent or
        /// legitimate-interest bit.
        package var googleDisclosed: Bool
        /// Google's vendor consent bit.
        package var googleConsented: Bool
        /// The purposes consented to.
        package var purposeConsents: PurposeSet
        /// The purposes with a legitimate interest not objected to.
        package var purposeLegitimateInterests: PurposeSet
        /// The publisher restrictions that name Google, by purpose: for a purpose restricted more than
        /// once, the last in string order.
        package private(set) var googleRestrictions: [GoogleRestriction] = []

        /// Facts without any publisher restriction; add those that name Google with ``restrictGoogle(purpose:type:)``.
        package init(lastUpdated: TCDate, googleDisclosed: Bool, googleConsented: Bool,
                     purposeConsents: PurposeSet, purposeLegitimateInterests: PurposeSet) {
            self.lastUpdated = lastUpdated
            self.googleDisclosed = googleDisclosed
            self.googleConsented = googleConsented
            self.purposeConsents = purposeConsents
            self.purposeLegitimateInterests = purposeLegitimateInterests
        }

        /// The facts of a TC string.
        package init(_ string: TCString) {
            let consented = string.vendorConsents.ids.contains(googleVendorID)
            self.init(
                lastUpdated: string.lastUpdated,
                googleDisclosed: string.disclosedVendors.map { $0.ids.contains(googleVendorID) }
                    ?? (consented || string.vendorLegitimateInterests.ids.contains(googleVendorID)),
                googleConsented: consented,
                purposeConsents: PurposeSet(string.purposeConsents),
                purposeLegitimateInterests: PurposeSet(string.purposeLegitimateInterests))
            for restriction in string.publisherRestrictions where restriction.vendors.contains(googleVendorID) {
                restrictGoogle(purpose: restriction.purpose, type: restriction.type)
            }
        }

        /// Adds a publisher restriction that names Google, in string order: it replaces an earlier one of
        /// the same purpose.
        package mutating func restrictGoogle(purpose: Int, type: PublisherRestriction.RestrictionType) {
            if let index = googleRestrictions.firstIndex(where: { $0.purpose >= purpose }) {
                if googleRestrictions[index].purpose == purpose {
                    googleRestrictions[index].type = type
                } else {
                    googleRestrictions.insert(GoogleRestriction(purpose: purpose, type: type), at: index)
                }
            } else {
                googleRestrictions.append(GoogleRestriction(purpose: purpose, type: type))
            }
        }

        /// How a publisher restriction treats Google for `purpose`, if one does.
        fileprivate func restriction(of purpose: Int) -> PublisherRestriction.RestrictionType? {
            for restriction in googleRestrictions where restriction.purpose == purpose { return restriction.type }
            return nil
        }
    }

    /// A publisher restriction as it applies to Google.
    package struct GoogleRestriction: Sendable, Equatable {
        package var purpose: Int
        package var type: PublisherRestriction.RestrictionType
    }

    /// Purpose ids 1–63 as bits (a TC string's purpose fields hold 1–24; the table asks about 1–10), so
    /// that the engine's facts need no list.
    package struct PurposeSet: Sendable, Equatable, Sequence {
        private var bits: UInt64 = 0

        /// No purpose.
        package init() {}

        /// The ids of `purposes` that a purpose can have (1–63); any other is left out.
        package init(_ purposes: some Sequence<Int>) {
            for purpose in purposes { insert(purpose) }
        }

        package func contains(_ purpose: Int) -> Bool {
            (1...63).contains(purpose) && bits & (1 << UInt64(purpose)) != 0
        }

        package mutating func insert(_ purpose: Int) {
            if (1...63).contains(purpose) { bits |= 1 << UInt64(purpose) }
        }

        /// The ids in ascending order.
        package func makeIterator() -> Iterator { Iterator(bits: bits) }

        package struct Iterator: IteratorProtocol {
            fileprivate var bits: UInt64

            package mutating func next() -> Int? {
                guard bits != 0 else { return nil }
                defer { bits &= bits - 1 }
                return bits.trailingZeroBitCount
            }
        }
    }

    /// The verdict on `string` at `now`.
    package static func verdict(on string: TCString, now: Date) -> Verdict {
        verdict(on: Facts(string), now: now)
    }

    /// The verdict on the facts of a string at `now`.
    package static func verdict(on facts: Facts, now: Date) -> Verdict {
        let updated = Date(timeIntervalSince1970: Double(facts.lastUpdated.deciseconds) / 10)
        if now >= UTCCalendar.adding(months: maximumAgeMonths, to: updated) {
            return Verdict(mode: .none, reasons: [.stringTooOld(lastUpdated: UTCCalendar.iso8601(updated))])
        }
        guard facts.googleDisclosed else { return Verdict(mode: .none, reasons: [.googleNotDisclosed]) }

        func consented(_ purpose: Int) -> Bool {
            switch facts.restriction(of: purpose) {
            case .notAllowed?, .requireLegitimateInterest?: return false
            default: return facts.purposeConsents.contains(purpose)
            }
        }
        func legitimateInterest(_ purpose: Int) -> Bool {
            switch facts.restriction(of: purpose) {
            case .notAllowed?, .requireConsent?: return false
            default: return facts.purposeLegitimateInterests.contains(purpose)
            }
        }
        var reasons: [Reason] = []
        for restriction in facts.googleRestrictions {
            switch restriction.type {
            case .notAllowed: reasons.append(.restrictedNotAllowed(purpose: restriction.purpose))
            case .requireConsent: reasons.append(.restrictedToConsent(purpose: restriction.purpose))
            case .requireLegitimateInterest: reasons.append(.restrictedToLegitimateInterest(purpose: restriction.purpose))
            case .undefined: break
            }
        }
        let purposeOne = consented(1)
        if !purposeOne { reasons.append(.purposeOneRefused) }
        let google = facts.googleConsented
        if !google { reasons.append(.googleNotConsented) }
        var missingBasics = false
        for purpose in basicPurposes where !consented(purpose) && !legitimateInterest(purpose) {
            reasons.append(.basicPurposeWithoutBasis(purpose))
            missingBasics = true
        }
        guard purposeOne, google, !missingBasics else { return Verdict(mode: .limited, reasons: reasons) }
        var refusedPersonalisation = false
        for purpose in personalisationPurposes where !consented(purpose) {
            reasons.append(.personalisationPurposeRefused(purpose))
            refusedPersonalisation = true
        }
        return refusedPersonalisation ? Verdict(mode: .nonPersonalized, reasons: reasons) : Verdict(mode: .personalized, reasons: [])
    }

    /// Purposes whose refusal leaves non-personalised ads (personalised advertising: profile and selection).
    private static let personalisationPurposes = [3, 4]
}
