import ConsentEngine
import ConsentSignals
import Foundation

/// The steps of §10 over one set of preferences, in order; ``DeviceDiagnosis`` keeps what they found.
struct DiagnosisRun {
    let preferences: DevicePreferences
    let now: Date
    let certifiedCMPs: Set<Int>?

    var cmp = DeviceDiagnosis.CMP()
    var applies = DeviceDiagnosis.Applies.unknown
    var tcText: String?
    var tc: TCString?
    var ac: AdditionalConsentString?
    var gppText: String?
    var gpp: GPPString?
    var findings: [DiagnosisFinding] = []
    var adServing: AdServing?
    var reasons: [String] = []
    var consentMode = ConsentModeBuilder.notApplicable
    /// `IABTCF_gdprApplies` as read; nil when it is absent or not 0 or 1.
    var gdprApplies: Int?
    /// The ids of `IABGPP_GppSID`; nil when it is absent or unreadable.
    var applicableSections: [Int]?

    init(preferences: DevicePreferences, now: Date, certifiedCMPs: Set<Int>?) {
        self.preferences = preferences
        self.now = now
        self.certifiedCMPs = certifiedCMPs
    }

    mutating func diagnose() {
        checkTypes()
        readStrings()
        readCMP()
        readApplies()
        checkTCFKeys()
        checkTCString()
        checkGPP()
        reportWarnings()
        checkCMP()
        serve()
        mapConsentMode()
    }

    mutating func note(_ check: DiagnosisFinding.Check, _ message: String) {
        findings.append(DiagnosisFinding(.check(check), message))
    }

    /// Step 3 for what the strings say: the warnings the codecs' checks give about the decoded TC and
    /// GPP strings, each a finding of the same id naming the key it comes from; a GPP section 2 that is
    /// the stored TC string is not reported twice.
    private mutating func reportWarnings() {
        for warning in tc.map(SignalWarning.check) ?? [] {
            findings.append(DiagnosisFinding(.signal(warning.id), "IABTCF_TCString: \(warning.message)"))
        }
        guard let gpp else { return }
        let others = gpp.sections.filter { section in
            if case .tcfEuV2(let sectionString) = section { return sectionString != tc }
            return true
        }
        for warning in SignalWarning.check(GPPString(sections: others)) {
            findings.append(DiagnosisFinding(.signal(warning.id), "IABGPP_HDR_GppString: \(warning.message)"))
        }
    }

    // MARK: Types

    /// Every CMP key against the type §9 gives it; values of the wrong type are still read below the way
    /// iOS's `integer(forKey:)` and `string(forKey:)` read them, so the rest of the diagnosis says what it can.
    private mutating func checkTypes() {
        let cmpEntries = preferences.entries.filter { InAppKeyName.isCMPKey($0.name) }
        guard !cmpEntries.isEmpty else {
            return note(.noCMPKeys, "no IABTCF_, IABGPP_ or IABUSPrivacy_ key is stored: no CMP has stored consent in this file")
        }
        for name in preferences.duplicateKeys where InAppKeyName.isCMPKey(name) {
            note(.duplicateKey, "\(name) is written more than once; the last value, \(preferences[name].map(String.init(describing:)) ?? "?"), is the one read")
        }
        for entry in cmpEntries {
            let expectsInteger = InAppKeyName.integerKeys.contains(entry.name)
            switch (entry.value, expectsInteger) {
            case (.integer, true), (.string, false):
                continue
            case (.string(let text), true) where entry.name == InAppKeyName.gppVersion && Int(text) != nil:
                // The GPP specification's key table lists the version as a string; CMPs write a number.
                continue
            case (.string, true):
                note(.keyWrongType, "\(entry.name) is stored as a string (\(entry.value)); it is an integer: iOS's integer(forKey:) converts it, Android's getInt throws")
            default:
                note(.keyWrongType, "\(entry.name) is stored as \(entry.value.typeName) (\(entry.value)); it is \(expectsInteger ? "an integer" : "a string")")
            }
        }
    }

    /// An integer key as iOS's `integer(forKey:)` reads it: an integer, a string of digits, a boolean.
    func integer(_ name: String) -> Int? {
        switch preferences[name] {
        case .integer(let number)?: number
        case .string(let text)?: Int(text.trimmingCharacters(in: .whitespaces))
        case .boolean(let flag)?: flag ? 1 : 0
        case .real(let number)? where number.rounded() == number && abs(number) < 1e15: Int(number)
        default: nil
        }
    }

    /// A string key as iOS's `string(forKey:)` reads it: a string, or a number as its text.
    func string(_ name: String) -> String? {
        switch preferences[name] {
        case .string(let text)?: text
        case .integer(let number)?: String(number)
        default: nil
        }
    }

    /// A key as the in-app key value it should be, read leniently; nil when its value cannot be one.
    func inAppValue(_ name: String) -> InAppKeyValue? {
        if InAppKeyName.integerKeys.contains(name) { return integer(name).map(InAppKeyValue.int) }
        return string(name).map(InAppKeyValue.string)
    }

    // MARK: Steps 1 and 2

    private mutating func readStrings() {
        if let text = string(InAppKeyName.tcString), !text.isEmpty {
            tcText = text
            do {
                tc = try TCString(decoding: text)
            } catch {
                note(.tcStringInvalid, "IABTCF_TCString does not decode: \(error)")
            }
        }
        if let text = string(InAppKeyName.additionalConsent), !text.isEmpty {
            do {
                ac = try AdditionalConsentString(decoding: text)
            } catch {
                note(.acStringInvalid, "IABTCF_AddtlConsent does not decode: \(error)")
            }
        }
        if let text = string(InAppKeyName.gppString), !text.isEmpty {
            gppText = text
            do {
                gpp = try GPPString(decoding: text)
            } catch {
                note(.gppStringInvalid, "IABGPP_HDR_GppString does not decode: \(error)")
            }
        }
    }

    private mutating func readCMP() {
        cmp = DeviceDiagnosis.CMP(
            id: integer(InAppKeyName.cmpSdkId) ?? tc?.cmpId,
            sdkVersion: integer(InAppKeyName.cmpSdkVersion) ?? tc?.cmpVersion,
            policyVersion: integer(InAppKeyName.policyVersion) ?? tc?.tcfPolicyVersion)
    }

    private mutating func readApplies() {
        if let value = integer(InAppKeyName.gdprApplies) {
            if value == 0 || value == 1 {
                gdprApplies = value
            } else {
                note(.keyValueInvalid, "IABTCF_gdprApplies is \(value); it is 1 (the GDPR applies) or 0 (it does not)")
            }
        }
        if let text = string(InAppKeyName.gppSectionIds) {
            let ids = text.split(separator: "_", omittingEmptySubsequences: false).map { Int($0) }
            if ids.isEmpty || ids.contains(nil) {
                note(.gppInconsistent, "IABGPP_GppSID is \"\(text)\", not section ids joined by _ (or -1 for none)")
            } else {
                applicableSections = ids.compactMap { $0 }.filter { $0 != -1 }
            }
        }
        let usSections = (applicableSections ?? []).filter { (7...27).contains($0) }
        if gdprApplies == 1 {
            applies = .gdpr
        } else if !usSections.isEmpty {
            applies = .usStates
        } else if gdprApplies == 0 {
            applies = .none
        } else {
            applies = .unknown
        }
    }
}
