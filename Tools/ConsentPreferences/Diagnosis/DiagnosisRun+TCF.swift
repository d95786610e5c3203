import ConsentEngine
import ConsentSignals
import Foundation

extension DiagnosisRun {
    /// Keys the CMP sets itself rather than derives from the TC string, so they may stand without one.
    private static let ownKeys: Set<String> = [
        InAppKeyName.cmpSdkId, InAppKeyName.cmpSdkVersion, InAppKeyName.gdprApplies, InAppKeyName.tcString,
        InAppKeyName.policyVersion,
    ]

    /// Keys derived from a string that a CMP may leave out when the string has nothing for them: compared
    /// with an empty value when the string does not give them.
    private static func isOptionalDerivedKey(_ name: String) -> Bool {
        name.hasPrefix(InAppKeyName.publisherRestrictionsPrefix) || name == InAppKeyName.disclosedVendors
            || name.hasPrefix("IABTCF_Publisher") && name != InAppKeyName.publisherCC
    }

    /// Step 3 for the TCF keys: every `IABTCF_` key against the TC string, by meaning.
    mutating func checkTCFKeys() {
        guard let tc, let text = tcText, let derived = try? InAppKeys(tcString: text) else {
            if tcText == nil { reportLeftovers() }
            return
        }
        var missing: [String] = []
        for entry in derived where entry.name != InAppKeyName.tcString {
            guard preferences[entry.name] != nil else {
                missing.append(entry.name)
                continue
            }
            compare(entry.name, with: entry.value, what: "the TC string says")
        }
        let derivedNames = Set(derived.names)
        for entry in preferences.entries where entry.name.hasPrefix("IABTCF_") && !derivedNames.contains(entry.name)
            && Self.isOptionalDerivedKey(entry.name) {
            compare(entry.name, with: .string(""), what: "the TC string gives no such key")
        }
        if let stored = integer(InAppKeyName.cmpSdkId), stored != tc.cmpId {
            note(.keyMismatch, "IABTCF_CmpSdkID is \(stored) but the TC string was created by CMP \(tc.cmpId)")
        }
        if preferences[InAppKeyName.cmpSdkId] == nil { missing.insert(InAppKeyName.cmpSdkId, at: 0) }
        if preferences[InAppKeyName.gdprApplies] == nil { missing.insert(InAppKeyName.gdprApplies, at: 0) }
        if !missing.isEmpty {
            note(.keyMissing, "\(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not stored beside the TC string; SDKs that read the keys rather than the string see nothing there")
        }
    }

    /// One stored key against the value derived from a string; values of the wrong type were reported already.
    private mutating func compare(_ name: String, with derived: InAppKeyValue, what source: String) {
        guard let stored = inAppValue(name) else { return }
        guard !InAppKeys.storedValue(stored, agreesWith: derived, forKey: name) else { return }
        if case .string(let text) = derived, text.isEmpty {
            note(.keyMismatch, "\(name) is \(Self.shown(stored)) but \(source)")
        } else {
            note(.keyMismatch, "\(name) is \(Self.shown(stored)) but \(source) \(Self.shown(derived))")
        }
    }

    /// Keys a TC string would give, stored with no TC string: another CMP's leftovers, or a CMP that
    /// deleted the string and kept its keys.
    private mutating func reportLeftovers() {
        let leftovers = preferences.entries.map(\.name).filter { name in
            name.hasPrefix("IABTCF_") && !Self.ownKeys.contains(name)
        }
        guard !leftovers.isEmpty else { return }
        note(.keyWithoutTCString, "\(leftovers.joined(separator: ", ")) \(leftovers.count == 1 ? "is" : "are") stored without a TC string to come from (another CMP's leftovers?)")
    }

    /// Step 3 for the string itself: there is one under the GDPR; Disclosed Vendors by creation date, its
    /// age, its dates.
    mutating func checkTCString() {
        if applies == .gdpr, tcText == nil {
            note(.tcStringMissing, "IABTCF_gdprApplies is 1 but no IABTCF_TCString is stored: no consent was collected, or the CMP has not finished")
        }
        guard let tc else { return }
        let created = date(tc.created), updated = date(tc.lastUpdated)
        if tc.disclosedVendors == nil, created >= Self.disclosedVendorsRequiredFrom {
            note(.disclosedVendorsMissing, "the TC string was created \(tc.created.iso8601), on or after 2026-02-28, without a Disclosed Vendors segment, which TCF v2.3 requires of every string created since then whatever its policy version (this one has \(tc.tcfPolicyVersion))")
        }
        let expiry = UTCCalendar.adding(months: GoogleServingTable.maximumAgeMonths, to: updated)
        if now >= expiry {
            note(.stringExpired, "the TC string was last updated \(tc.lastUpdated.iso8601), more than \(GoogleServingTable.maximumAgeMonths) months before \(UTCCalendar.iso8601(now)) (it stopped counting at \(UTCCalendar.iso8601(expiry))); \(GoogleTCFError.stringTooOld.quoted)")
        }
        if updated > now || created > now {
            note(.stringDatedInFuture, "the TC string is dated \(max(tc.created, tc.lastUpdated).iso8601), after \(UTCCalendar.iso8601(now)): the device's clock or --now is off")
        }
    }

    /// 2026-02-28T00:00:00Z: TCF v2.3 requires Disclosed Vendors in every string created from then on.
    static let disclosedVendorsRequiredFrom = Date(timeIntervalSince1970: 1_772_236_800)

    func date(_ date: TCDate) -> Date {
        Date(timeIntervalSince1970: Double(date.deciseconds) / 10)
    }

    static func shown(_ value: InAppKeyValue) -> String {
        switch value {
        case .int(let number): String(number)
        case .string(let text): "\"\(text)\""
        }
    }
}
