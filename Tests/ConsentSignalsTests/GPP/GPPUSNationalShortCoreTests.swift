import Testing
@testable import ConsentSignals

/// A usnat core that says Version 2 but is only a version-1 core long (60 bits, 66 with the libraries'
/// padding), read as IAB's iabgpp-es reads it: v1's widths, the two lists padded with zeros to v2's 16
/// and 3 values. The two strings are IAB's own (iabgpp-es `GppModel.test.ts`, "should decode
/// DBABLA~CAAAAAAAAQA.QA" and "…CAAAAAABEQA.QA"), whose asserted lists these expectations repeat.
@Suite("usnat's short Version 2 core")
struct GPPUSNationalShortCoreTests {
    /// A usnat Version 2 section read from a short core: every field 0 but those `changes` set and
    /// `mspaCoveredTransaction` 1 (the libraries' default), the lists at v2's lengths, GPC false.
    static func shortCore(_ changes: (inout GPPUSSection) -> Void = { _ in }) -> GPPUSSection {
        usSection(.national) { section in
            section.version = 2
            section.isCoreShort = true
            section.sensitiveDataProcessing = Array(repeating: 0, count: 16)
            section.knownChildSensitiveDataConsents = [0, 0, 0]
            section.gpc = false
            changes(&section)
        }
    }

    static let iabStrings: [(String, GPPUSSection)] = [
        ("DBABLA~CAAAAAAAAQA.QA", shortCore()),
        ("DBABLA~CAAAAAABEQA.QA", shortCore { section in
            section.sensitiveDataProcessing = Array(repeating: 0, count: 11) + [1, 0, 0, 0, 0]
            section.knownChildSensitiveDataConsents = [0, 1, 0]
        }),
    ]

    @Test("IAB's two strings decode to the values its tests assert, and re-encode byte for byte", arguments: iabStrings)
    func decodesAsIABsTestsSay(_ text: String, _ section: GPPUSSection) throws {
        let decoded = try GPPString(decoding: text)
        #expect(decoded.sections == [.us(section)])
        #expect(try decoded.encoded(padding: .library) == text)
    }

    @Test("the second string's twelfth sensitive category, second child value and covered transaction are set")
    func secondStringValues() throws {
        guard case .us(let section)? = try GPPString(decoding: "DBABLA~CAAAAAABEQA.QA").sections.first else {
            Issue.record("no usnat section")
            return
        }
        #expect(section.sensitiveDataProcessing?.count == 16)
        #expect(section.sensitiveDataProcessing?.indices.filter { section.sensitiveDataProcessing?[$0] != 0 } == [11])
        #expect(section.knownChildSensitiveDataConsents == [0, 1, 0])
        #expect(section.mspaCoveredTransaction == 1)
    }

    @Test("the spec's padding of the same core, 60 bits, reads alike and writes back as it was")
    func specPadding() throws {
        let decoded = try GPPString(decoding: "DBABL~CAAAAAABEQ")
        #expect(decoded.sections == [.us(Self.iabStrings[1].1.withoutGPC)])
        #expect(try decoded.encoded(padding: .spec) == "DBABL~CAAAAAABEQ")
    }

    @Test("only 60 or 66 bits under Version 2 are short: fewer run past the end, 72 and more are v2", arguments: [
        ("CAAAAAAAA", nil), ("CAAAAAAAAAAAA", 16), ("CAAAAAAAAABA", 16), ("CAAAAAAAAQRA", 16),
    ] as [(String, Int?)])
    func onlyThoseLengths(_ core: String, _ sensitiveCount: Int?) throws {
        do {
            let decoded = try GPPUSSectionCoding.decode(.national, SourceText(core), 0..<core.utf8.count)
            #expect(!decoded.isCoreShort)
            #expect(decoded.sensitiveDataProcessing?.count == sensitiveCount)
        } catch {
            #expect(sensitiveCount == nil, "\(error)")
            #expect(error.problem == .runsPastEnd)
        }
    }

    @Test("a Version 1 core of 60 or 66 bits is version 1's, not a short core", arguments: ["BAAAAAABEQ", "BAAAAAABEQA"])
    func versionOne(_ core: String) throws {
        let decoded = try GPPUSSectionCoding.decode(.national, SourceText(core), 0..<core.utf8.count)
        #expect(!decoded.isCoreShort)
        #expect(decoded.sensitiveDataProcessing?.count == 12)
        #expect(decoded.knownChildSensitiveDataConsents == [0, 1])
    }

    @Test("a short core cannot carry a value past version 1's lists, nor be another section's or version's", arguments: [
        (shortCore { $0.sensitiveDataProcessing = Array(repeating: 0, count: 15) + [1] }, "sensitiveDataProcessing"),
        (shortCore { $0.knownChildSensitiveDataConsents = [0, 0, 2] }, "knownChildSensitiveDataConsents"),
        (shortCore { $0.knownChildSensitiveDataConsents = [0, 0] }, "knownChildSensitiveDataConsents"),
        (shortCore { $0.version = 1 }, "isCoreShort"),
        (usSection(.virginia) { $0.isCoreShort = true }, "isCoreShort"),
        (usSection(.indiana) { $0.isCoreShort = true }, "isCoreShort"),
    ] as [(GPPUSSection, String)])
    func refusesWhatItCannotWrite(_ section: GPPUSSection, _ field: String) {
        expectEncodingRefused(section, naming: field)
    }
}

private extension GPPUSSection {
    var withoutGPC: GPPUSSection {
        var copy = self
        copy.gpc = nil
        return copy
    }
}
