import ConsentSignals

extension DiagnosisRun {
    /// Step 3 for GPP: the header's sections against `IABGPP_HDR_Sections`, `IABGPP_GppSID` and the
    /// `IABGPP_{id}_String` keys, and section 2 against `IABTCF_TCString`.
    mutating func checkGPP() {
        let storedGPPKeys = preferences.entries.map(\.name).filter { $0.hasPrefix("IABGPP_") && $0 != InAppKeyName.gppString }
        guard let gpp, let text = gppText, let derived = try? InAppKeys(gppString: text) else {
            if gppText == nil, !storedGPPKeys.isEmpty {
                note(.gppInconsistent, "\(storedGPPKeys.joined(separator: ", ")) \(storedGPPKeys.count == 1 ? "is" : "are") stored without IABGPP_HDR_GppString")
            }
            return
        }
        let header = gpp.sectionIds
        let headerText = header.map(String.init).joined(separator: "_")
        if let stored = string(InAppKeyName.gppSections), stored != headerText {
            note(.gppInconsistent, "IABGPP_HDR_Sections is \"\(stored)\" but the GPP header lists \(listed(header))")
        }
        if let stored = integer(InAppKeyName.gppVersion), stored != 1 {
            note(.gppInconsistent, "IABGPP_HDR_Version is \(stored) but the GPP header is version 1")
        }
        if let applicable = applicableSections {
            let outside = applicable.filter { !header.contains($0) }
            if !outside.isEmpty {
                note(.gppInconsistent, "IABGPP_GppSID lists \(listed(outside)), which the GPP header does not hold (it lists \(listed(header)))")
            }
            if gdprApplies == 0, applicable.contains(2) {
                note(.gppInconsistent, "IABGPP_GppSID applies section 2 (TCF EU) but IABTCF_gdprApplies is 0")
            }
        } else if preferences[InAppKeyName.gppSectionIds] == nil {
            note(.keyMissing, "IABGPP_HDR_GppString is stored without IABGPP_GppSID: an SDK cannot tell which of its sections apply")
        }
        var missing: [String] = []
        for id in header {
            let name = InAppKeyName.gppSectionString(id: id)
            guard let expected = derived[name] else { continue }
            guard let stored = string(name) else {
                missing.append(name)
                continue
            }
            if .string(stored) != expected {
                note(.gppInconsistent, "\(name) is \"\(stored)\" but section \(id) of the GPP string is \(Self.shown(expected))")
            }
        }
        for name in storedGPPKeys where name.hasSuffix("_String") && derived[name] == nil {
            note(.gppInconsistent, "\(name) is stored but the GPP header has no such section (it lists \(listed(header)))")
        }
        if !missing.isEmpty {
            note(.keyMissing, "the GPP string's section keys \(missing.joined(separator: ", ")) are not stored")
        }
        for section in gpp.sections {
            guard case .tcfEuV2 = section, let tcText,
                  case .string(let sectionText)? = derived[InAppKeyName.gppSectionString(id: 2)] else { continue }
            if sectionText != tcText {
                note(.gppInconsistent, "the GPP string's TCF EU section (2) is not the stored IABTCF_TCString")
            }
        }
    }

    private func listed(_ ids: [Int]) -> String {
        ids.isEmpty ? "no section" : (ids.count == 1 ? "section " : "sections ") + ids.map(String.init).joined(separator: ", ")
    }
}
