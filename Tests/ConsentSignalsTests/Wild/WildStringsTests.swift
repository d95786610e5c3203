import ConsentEngine
import ConsentReports
@testable import ConsentSignals
import Foundation
import ConsentJSON
import Testing

/// The real strings of `reference/wild` (read beside the repository, never copied): every valid one decodes
/// to what its source asserts, every invalid one is refused or carries a warning, TCF v1 strings are
/// refused as TCF v1, and the library's own outputs re-encode byte for byte. Entries whose source
/// contradicts the spec are checked against the spec instead, by id, each with its reason (`WildTraps`).
@Suite("The real strings of reference/wild")
struct WildStringsTests {
    /// Any fixed time: serving verdicts are printed but never asserted by the corpus.
    static let now = Date(timeIntervalSince1970: 1_780_272_000)

    @Test("every entry is checked, against its source or, where the source contradicts the spec, against the spec",
          .enabled(if: WildCorpus.isPresent, Comment(rawValue: "SKIPPED: \(WildCorpus.url.path) is not there")))
    func everyEntry() throws {
        let entries = try WildCorpus.entries()
        var bySource = 0, bySpec = 0, reencoded = 0
        for entry in entries {
            if let trap = WildTraps.traps[entry.id] {
                bySpec += 1
                let failures = check(entry, against: trap.reading)
                #expect(failures.isEmpty, "\(entry) (\(trap.reason)): \(failures.joined(separator: "; "))")
                continue
            }
            bySource += 1
            let outcome = check(entry)
            #expect(outcome.failures.isEmpty, "\(entry): \(outcome.failures.joined(separator: "; "))")
            if outcome.reencoded { reencoded += 1 }
        }
        print("wild strings: \(bySource + bySpec) checked of \(entries.count) entries (\(bySource) as their sources assert,"
              + " \(bySpec) against the spec where the source contradicts it, each with its reason);"
              + " \(reencoded) library outputs re-encoded byte for byte")
        #expect(bySource + bySpec == entries.count)
        let ids = Set(entries.map(\.id))
        #expect((Array(WildTraps.traps.keys) + WildTraps.notByteExact.keys).filter { !ids.contains($0) }.sorted() == [],
                "trap ids the corpus does not hold")
        #expect(entries.count == ids.count, "ids repeat")
    }

    @Test("the corpus's absence is said loudly", .enabled(if: !WildCorpus.isPresent))
    func absence() {
        print("wild strings: SKIPPED, \(WildCorpus.url.path) is not there (it lives in the shared folder beside the repository)")
    }

    /// What the spec says of a trap's string, checked: the failures.
    private func check(_ entry: WildCorpus.Entry, against reading: WildTraps.SpecReading) -> [String] {
        var text = entry.string
        if entry.kind == "gpp_section", let id = entry.sectionId { text = GPPHeader.encode([id], padding: .spec) + "~" + text }
        let decoded: JSONValue
        do {
            decoded = entry.kind == "tc" ? SignalJSON.tcString(try TCString(decoding: text), now: Self.now)
                : SignalJSON.gppString(try GPPString(decoding: text), now: Self.now)
        } catch {
            guard case .refused(let words) = reading else { return ["refused: \(error)"] }
            return "\(error)".contains(words) ? [] : ["refused, but not for \"\(words)\": \(error)"]
        }
        if case .refused(let words) = reading { return ["decoded, though the spec refuses it (\(words))"] }
        let source: JSONValue? = entry.kind == "gpp_section" ? .object(entry.expected)
            : JSONValue.object(entry.expected)["sections"]?[entry.kind == "gpp" ? (reading.isTennessee ? "ustn" : "usnat") : ""]
        let prefix = reading.isTennessee ? "ustn" : "usnat"
        guard let section = decoded["sections"]?[prefix], let source else { return ["no \(prefix) section to compare"] }
        switch reading {
        case .refused:
            return []
        case .usnatVersion1Categories:
            return [("sensitiveDataProcessing", "SensitiveDataProcessing", 12), ("knownChildSensitiveDataConsents", "KnownChildSensitiveDataConsents", 2)]
                .compactMap { field, sourceField, count in
                    guard case .array(let read)? = section[field], case .array(let asserted)? = source[sourceField] else {
                        return "\(field): missing"
                    }
                    let padding = asserted.dropFirst(count)
                    return read.count == count && Array(asserted.prefix(count)) == read && padding.allSatisfy { $0 == .integer(0) }
                        ? nil : "\(field): read \(read.count) categories, the source's \(asserted.count) are not these with zeros appended"
                }
        case .tennesseeBeforeMspaCoveredTransaction:
            let shifted: [(String, JSONValue?)] = [
                ("mspaCoveredTransaction", source["MspaOptOutOptionMode"]), ("mspaOptOutOptionMode", source["MspaServiceProviderMode"]),
                ("mspaServiceProviderMode", .integer(0)), ("sensitiveDataProcessing", source["SensitiveDataProcessing"]),
                ("saleOptOut", source["SaleOptOut"]), ("targetedAdvertisingOptOut", source["TargetedAdvertisingOptOut"]),
            ]
            return shifted.compactMap { field, expected in
                section[field] == expected ? nil : "\(field): read \(section[field].map(WildExpectations.shown) ?? "nothing")"
            }
        }
    }

    /// What one entry gives: the assertions that failed, and whether a library output re-encoded.
    private func check(_ entry: WildCorpus.Entry) -> (failures: [String], reencoded: Bool) {
        switch entry.kind {
        case "tc": tc(entry)
        case "gpp": gpp(entry)
        case "gpp_section": section(entry)
        case "usprivacy": (usPrivacy(entry), false)
        case "ac": (additionalConsent(entry), false)
        default: (["unknown kind \(entry.kind)"], false)
        }
    }

    private func tc(_ entry: WildCorpus.Entry) -> (failures: [String], reencoded: Bool) {
        let model: TCString
        do {
            model = try TCString(decoding: entry.string)
        } catch {
            if entry.string.hasPrefix("B") {
                // TCF v1, valid or not: refused, saying so.
                return (error.problem == .tcfVersion1 && "\(error)".contains("TCF v1") ? [] : ["a TCF v1 string refused otherwise: \(error)"], false)
            }
            return (entry.valid ? ["refused: \(error)"] : [], false)
        }
        if entry.string.hasPrefix("B") { return (["a TCF v1 string decoded"], false) }
        guard entry.valid else {
            return (SignalWarning.check(model).isEmpty ? ["an invalid string decoded without a warning"] : [], false)
        }
        let failures = WildExpectations.tc(entry.expected, SignalJSON.tcString(model, now: Self.now), source: entry.source)
        return reencoding(entry, failures, try? model.encoded())
    }

    private func gpp(_ entry: WildCorpus.Entry) -> (failures: [String], reencoded: Bool) {
        let model: GPPString
        do {
            model = try GPPString(decoding: entry.string)
        } catch {
            return (entry.valid ? ["refused: \(error)"] : [], false)
        }
        guard entry.valid else {
            return (SignalWarning.check(model).isEmpty ? ["an invalid string decoded without a warning"] : [], false)
        }
        var raw: [Int: String] = [:]
        if let keys = try? InAppKeys(gppString: entry.string) {
            for id in model.sectionIds {
                if case .string(let text)? = keys[InAppKeyName.gppSectionString(id: id)] { raw[id] = text }
            }
        }
        let failures = WildExpectations.gpp(entry.expected, SignalJSON.gppString(model, now: Self.now), rawSections: raw, source: entry.source)
        return reencoding(entry, failures, try? model.encoded(padding: .library))
    }

    /// A section payload, decoded as the section of a GPP string whose header lists only its id.
    private func section(_ entry: WildCorpus.Entry) -> (failures: [String], reencoded: Bool) {
        guard let id = entry.sectionId, let prefix = entry.section else { return (["no section id"], false) }
        let model: GPPString
        do {
            model = try GPPString(decoding: GPPHeader.encode([id], padding: .spec) + "~" + entry.string)
        } catch {
            return (entry.valid ? ["refused: \(error)"] : [], false)
        }
        guard entry.valid else {
            return (SignalWarning.check(model).isEmpty ? ["an invalid section decoded without a warning"] : [], false)
        }
        guard case .object(let fields)? = SignalJSON.gppString(model, now: Self.now)["sections"]?[prefix] else {
            return (["no \(prefix) section decoded"], false)
        }
        let failures = WildExpectations.section(prefix, entry.expected, .object(fields), source: entry.source)
        return reencoding(entry, failures, (try? model.encoded(padding: .library))?.split(separator: "~", maxSplits: 1).last.map(String.init))
    }

    /// A library's output must come back byte for byte from its model (with the libraries' padding), unless
    /// `WildTraps.notByteExact` says why that library chose otherwise.
    private func reencoding(_ entry: WildCorpus.Entry, _ failures: [String], _ encoded: String?) -> (failures: [String], reencoded: Bool) {
        guard entry.isLibraryOutput, WildTraps.notByteExact[entry.id] == nil else { return (failures, false) }
        return (failures + (encoded == entry.string ? [] : ["re-encoded as \(encoded ?? "nothing")"]), true)
    }

    private func usPrivacy(_ entry: WildCorpus.Entry) -> [String] {
        guard let model = try? USPrivacyString(decoding: entry.string) else { return entry.valid ? ["refused"] : [] }
        guard entry.valid else { return ["an invalid string decoded"] }
        var fields = entry.expected
        // prebid-server's parse result: opted out only on Y.
        if let index = fields.firstIndex(where: { $0.key == "optedOutOfSale" }) {
            let asserted = fields.remove(at: index).value
            if asserted != .bool(model.optedOutOfSale == true) { return ["optedOutOfSale: decoded \(model.optedOutOfSale.map(String.init) ?? "-")"] }
        }
        guard case .object(let decoded) = SignalJSON.usPrivacy(model) else { return ["no object"] }
        return WildExpectations.section("uspv1", fields, .object(decoded), source: entry.source)
    }

    private func additionalConsent(_ entry: WildCorpus.Entry) -> [String] {
        guard let model = try? AdditionalConsentString(decoding: entry.string) else { return entry.valid ? ["refused"] : [] }
        guard entry.valid else { return ["an invalid string decoded"] }
        return entry.expected.compactMap { member in
            let actual: JSONValue? = switch member.key {
            case "version": .integer(model.version)
            case "consentedIds": .integers(model.consented)
            case "disclosedIds": .integers(model.disclosed)
            default: nil
            }
            return actual == member.value ? nil : "\(member.key): decoded \(actual.map(WildExpectations.shown) ?? "nothing")"
        }
    }
}
