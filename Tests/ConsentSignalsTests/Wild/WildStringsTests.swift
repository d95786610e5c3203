import ConsentEngine
@testable import ConsentSignals
import Foundation
import JSONKit
import Testing

/// The real strings of `reference/wild` (read beside the repository, never copied): every valid one decodes
/// to what its source asserts, every invalid one is refused or carries a warning, TCF v1 strings are
/// refused as TCF v1, and the library's own outputs re-encode byte for byte. Entries whose source
/// contradicts the spec are skipped by id, each with its reason (`WildTraps`).
@Suite("The real strings of reference/wild")
struct WildStringsTests {
    /// Any fixed time: serving verdicts are printed but never asserted by the corpus.
    static let now = Date(timeIntervalSince1970: 1_780_272_000)

    @Test("every entry is checked or skipped as a trap, and the figures add up to all of them",
          .enabled(if: WildCorpus.isPresent, Comment(rawValue: "SKIPPED: \(WildCorpus.url.path) is not there")))
    func everyEntry() throws {
        let entries = try WildCorpus.entries()
        var checked = 0, skipped = 0, reencoded = 0
        for entry in entries {
            if WildTraps.reasons[entry.id] != nil {
                skipped += 1
                continue
            }
            checked += 1
            let outcome = check(entry)
            #expect(outcome.failures.isEmpty, "\(entry): \(outcome.failures.joined(separator: "; "))")
            if outcome.reencoded { reencoded += 1 }
        }
        print("wild strings: \(checked) checked, \(skipped) skipped by id as traps, \(checked + skipped) of \(entries.count) entries;"
              + " \(reencoded) library outputs re-encoded byte for byte")
        #expect(checked + skipped == entries.count)
        let ids = Set(entries.map(\.id))
        #expect((Array(WildTraps.reasons.keys) + WildTraps.notByteExact.keys).filter { !ids.contains($0) }.sorted() == [],
                "trap ids the corpus does not hold")
        #expect(entries.count == ids.count, "ids repeat")
    }

    @Test("the corpus's absence is said loudly", .enabled(if: !WildCorpus.isPresent))
    func absence() {
        print("wild strings: SKIPPED, \(WildCorpus.url.path) is not there (it lives in the shared folder beside the repository)")
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
