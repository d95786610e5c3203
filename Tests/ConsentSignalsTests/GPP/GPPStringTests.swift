import Testing
import ConsentSignals

@Suite("GPP strings")
struct GPPStringTests {
    static let fullExampleTC = "CPSG_8APSG_8ANwAAAENAwCgAAAAAAAAAAAAAAAAAAAA.IAAA.YAAAAAAAAAAA"
    static let fullExample = "DBACNYA~" + fullExampleTC + "~1YNN"

    @Test("the reference's strings decode to their sections", arguments: [
        ("DBABL~BVQqAAAAAg", [GPPSection.us(googleUSNational(sale: 2, sharing: 2, targeted: 2))]),
        ("DBABL~BVQVAAAAAg", [.us(googleUSNational(sale: 1, sharing: 1, targeted: 1))]),
        ("DBABL~BVQWAAAAAg", [.us(googleUSNational(sale: 1, sharing: 1, targeted: 2))]),
        ("DBABLA~BAAAVVVVUQA.QA", [.us(usSection(.national) { section in
            section.sensitiveDataProcessing = Array(repeating: 1, count: 12)
            section.knownChildSensitiveDataConsents = [1, 1]
            section.gpc = false
        })]),
        ("DBABLA~BAAAAAABEQA.QA", [.us(usSection(.national) { section in
            section.sensitiveDataProcessing = Array(repeating: 0, count: 11) + [1]
            section.knownChildSensitiveDataConsents = [0, 1]
            section.gpc = false
        })]),
        ("DBABL~BAAAAAAAAgA.QA", [.us(usSection(.national) { section in
            section.mspaCoveredTransaction = 2
            section.gpc = false
        })]),
        ("DBABTA~1YNN", [.usPrivacy(USPrivacyString(noticeGiven: true, optedOutOfSale: false, lspaCovered: false))]),
        ("DBAA", []),
    ])
    func decodes(_ string: String, _ sections: [GPPSection]) throws {
        let model = try GPPString(decoding: string)
        #expect(model.sections == sections)
        #expect(model.sectionIds == sections.map(\.id))
    }

    @Test("the full example decodes: the TC string with its dots, then US Privacy")
    func fullExampleDecodes() throws {
        let model = try GPPString(decoding: Self.fullExample)
        #expect(model.sectionIds == [2, 6])
        #expect(model.sections == [
            .tcfEuV2(try TCString(decoding: Self.fullExampleTC)),
            .usPrivacy(USPrivacyString(noticeGiven: true, optedOutOfSale: false, lspaCovered: false)),
        ])
        #expect(model.sections.map(\.apiPrefix) == ["tcfeuv2", "uspv1"])
    }

    @Test("library and Google strings re-encode byte for byte with their padding", arguments: [
        (fullExample, GPPPadding.library),
        ("DBABLA~BAAAVVVVUQA.QA", .library),
        ("DBABLA~BAAAAAABEQA.QA", .library),
        ("DBABTA~1YNN", .library),
        ("DBAA", .library),
        ("DBAA", .spec),
        ("DBABL~BVQqAAAAAg", .spec),
        ("DBABL~BVQVAAAAAg", .spec),
        ("DBACWY~raw section~1YNN", .spec),
    ])
    func reencodes(_ string: String, _ padding: GPPPadding) throws {
        #expect(try GPPString(decoding: string).encoded(padding: padding) == string)
    }

    @Test("Google's usnat v1 strings come from their opt-outs with spec padding, the default", arguments: [
        (2, 2, 2, "DBABL~BVQqAAAAAg"), (1, 1, 1, "DBABL~BVQVAAAAAg"), (1, 1, 2, "DBABL~BVQWAAAAAg"),
    ])
    func googleStrings(_ sale: Int, _ sharing: Int, _ targeted: Int, _ expected: String) throws {
        // Bits 18–23 hold the three opt-outs: 01 01 01 is 'V', 01 01 10 is 'W', 10 10 10 is 'q'.
        let model = GPPString(sections: [.us(googleUSNational(sale: sale, sharing: sharing, targeted: targeted))])
        #expect(try model.encoded() == expected)
    }

    @Test("section ids with no decodable section are kept as raw text")
    func unsupportedSections() throws {
        let model = try GPPString(decoding: "DBACWY~raw section~1YNN")
        #expect(model.sections.first == .unsupported(id: 4, text: "raw section"))
        #expect(model.sections.first?.apiPrefix == "signalintegrity")
        #expect(GPPSection.unsupported(id: 99, text: "").apiPrefix == nil)
    }

    @Test("malformed strings are refused, naming where", arguments: [
        ("", "GPP header", nil, SignalDecodingError.Position.character(0), SignalDecodingError.Problem.emptyString),
        ("DBABL", "GPP header", "Sections", .bit(12), .sectionCountMismatch(listed: 1, found: 0)),
        ("DBAA~BVQqAAAAAg", "GPP header", "Sections", .bit(12), .sectionCountMismatch(listed: 0, found: 1)),
        ("DBABL~", "usnat section", nil, .character(6), .emptySegment),
        ("DBABL~BVQ!AAAAAg", "usnat section", nil, .character(9), .invalidCharacter("!")),
        ("DBABL~BVQ", "usnat section", "SaleOptOut", .bit(18), .runsPastEnd),
        ("DBABMA~BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA", "tcfeuv2 section, core segment", "Version", .bit(0), .tcfVersion1),
        ("DBABMA~COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA.!", "tcfeuv2 section, segment 2", nil, .character(52), .invalidCharacter("!")),
        ("DBABTA~1YN", "uspv1 section", nil, .character(7), .wrongLength(expected: 4, found: 3)),
        ("DBABTA~2YNN", "uspv1 section", "version", .character(7), .unsupportedVersion(2)),
        ("DB+A", "GPP header", nil, .character(2), .invalidCharacter("+")),
    ] as [(String, String, String?, SignalDecodingError.Position, SignalDecodingError.Problem)])
    func refusesMalformed(
        _ string: String, _ segment: String, _ field: String?,
        _ position: SignalDecodingError.Position, _ problem: SignalDecodingError.Problem
    ) {
        #expect(throws: SignalDecodingError(segment: segment, field: field, position: position, problem: problem)) {
            try GPPString(decoding: string)
        }
    }

    @Test("sections out of id order, or twice, are refused by the encoder", arguments: [
        [GPPSection.usPrivacy(USPrivacyString()), .tcfEuV2(TCString())],
        [.usPrivacy(USPrivacyString()), .usPrivacy(USPrivacyString())],
        [.unsupported(id: 0, text: "")],
    ])
    func refusesSectionOrder(_ sections: [GPPSection]) {
        #expect(throws: SignalEncodingError.self) { try GPPString(sections: sections).encoded() }
    }

    @Test("a section that cannot be encoded fails the whole string")
    func sectionErrorsPropagate() {
        #expect(throws: SignalEncodingError.self) { try GPPString(sections: [.tcfEuV2(TCString(cmpId: 5000))]).encoded() }
        #expect(throws: SignalEncodingError.self) { try GPPString(sections: [.usPrivacy(USPrivacyString(version: 3))]).encoded() }
        #expect(throws: SignalEncodingError.self) {
            try GPPString(sections: [.us(usSection(.virginia) { $0.gpc = false })]).encoded()
        }
    }
}
