import ConsentCLI
import ConsentEngine
import ConsentReports
import ConsentPreferences
import ConsentSignals
import ConsentJSON

/// How `consentctl explain` prints a diagnosis: text in the order `docs/explain.md` gives, or its JSON object.
enum ExplainOutput {
    /// `{ "cmp", "applies", "tc", "ac", "gpp", "findings", "adServing", "reasons", "consentMode" }`, the
    /// strings as `consentctl decode --json` prints them.
    static func json(_ diagnosis: DeviceDiagnosis) -> String {
        let findings = diagnosis.findings.map { finding in
            JSONValue.members(["id": .string(finding.id.rawValue), "severity": .string(finding.severity.rawValue),
                               "message": .string(finding.message)])
        }
        return JSONWriter.text(.members([
            "cmp": .members(["id": .nullable(diagnosis.cmp.id), "sdkVersion": .nullable(diagnosis.cmp.sdkVersion),
                             "policyVersion": .nullable(diagnosis.cmp.policyVersion)]),
            "applies": .string(diagnosis.applies.rawValue),
            "tc": diagnosis.tcString.map { SignalJSON.tcString($0, now: diagnosis.now) } ?? .null,
            "ac": diagnosis.additionalConsent.map(SignalJSON.additionalConsent) ?? .null,
            "gpp": diagnosis.gppString.map { SignalJSON.gppString($0, now: diagnosis.now) } ?? .null,
            "findings": .array(findings),
            "adServing": .nullable(diagnosis.adServing?.rawValue),
            "reasons": .strings(diagnosis.reasons),
            "consentMode": ConsentModeJSON.value(diagnosis.consentMode),
        ]))
    }

    /// Which CMP and what applies; the decoded strings; the findings; what Google will serve and why;
    /// Consent Mode.
    static func text(_ diagnosis: DeviceDiagnosis, preferences: DevicePreferences) -> String {
        var lines: [String] = []
        let cmp = diagnosis.cmp
        let cmpName = cmp.id.map { "CMP \($0)" } ?? "an unknown CMP (no IABTCF_CmpSdkID)"
        let details = [cmp.sdkVersion.map { "SDK version \($0)" }, cmp.policyVersion.map { "TCF policy version \($0)" }]
            .compactMap { $0 }
        lines.append("\(cmpName)\(details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")") stored \(keyCount(preferences)) (\(formatName(preferences.format)))")
        lines.append("applies: \(diagnosis.applies.rawValue) (\(appliesWhy(diagnosis.applies)))")
        if let tc = diagnosis.tcString {
            lines.append("")
            lines.append("TC string:")
            lines.append(DecodedText.text(withoutKind(SignalJSON.tcString(tc, now: diagnosis.now)), level: 1))
        }
        if let ac = diagnosis.additionalConsent {
            lines.append("")
            lines.append("AC string:")
            lines.append(DecodedText.text(withoutKind(SignalJSON.additionalConsent(ac)), level: 1))
        }
        if let gpp = diagnosis.gppString {
            lines.append("")
            lines.append("GPP string:")
            lines.append(DecodedText.text(gppText(gpp, diagnosis), level: 1))
        }
        lines.append("")
        if diagnosis.findings.isEmpty {
            lines.append("findings: none")
        } else {
            lines.append("findings:")
            lines += diagnosis.findings.map { "  \($0.severity.rawValue) \($0.id.rawValue): \($0.message)" }
        }
        lines.append("")
        lines.append("Google will serve: \(diagnosis.adServing?.rawValue ?? "unknown")")
        lines += diagnosis.reasons.map { "  because \($0)" }
        let mode = diagnosis.consentMode
        lines.append("Consent Mode: adStorage \(mode.adStorage.rawValue), adUserData \(mode.adUserData.rawValue), "
                     + "adPersonalization \(mode.adPersonalization.rawValue), analyticsStorage \(mode.analyticsStorage.rawValue)")
        return lines.joined(separator: "\n")
    }

    private static func appliesWhy(_ applies: DeviceDiagnosis.Applies) -> String {
        switch applies {
        case .gdpr: "IABTCF_gdprApplies 1"
        case .usStates: "a US section in IABGPP_GppSID"
        case .none: "IABTCF_gdprApplies 0 and no US section in IABGPP_GppSID"
        case .unknown: "no IABTCF_gdprApplies and no US section in IABGPP_GppSID"
        }
    }

    /// The decoded object without its `kind`, which the heading already says.
    private static func withoutKind(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { $0.key != "kind" })
    }

    /// The GPP string as decoded, its TCF EU section shortened when it is the TC string printed above.
    private static func gppText(_ gpp: GPPString, _ diagnosis: DeviceDiagnosis) -> JSONValue {
        guard case .object(let members) = withoutKind(SignalJSON.gppString(gpp, now: diagnosis.now)) else { return .null }
        let sameTC = gpp.sections.contains { section in
            if case .tcfEuV2(let tc) = section { return tc == diagnosis.tcString }
            return false
        }
        return .object(members.map { member in
            guard member.key == "sections", sameTC, case .object(let sections) = member.value else { return member }
            return JSONValue.Member(key: "sections", value: .object(sections.map { section in
                section.key == "tcfeuv2" ? JSONValue.Member(key: "tcfeuv2", value: .string("the TC string above")) : section
            }))
        })
    }

    private static func keyCount(_ preferences: DevicePreferences) -> String {
        let count = preferences.entries.count { InAppKeyName.isCMPKey($0.name) }
        return count == 1 ? "1 key" : "\(count) keys"
    }

    private static func formatName(_ format: DevicePreferences.Format) -> String {
        switch format {
        case .xmlPropertyList: "XML property list"
        case .binaryPropertyList: "binary property list"
        case .androidSharedPreferences: "Android shared preferences"
        case .keyMap: "key map"
        }
    }
}
