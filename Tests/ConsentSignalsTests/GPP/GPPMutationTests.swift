import Testing
import ConsentSignals
import TestSupport

@Suite("GPP string mutations")
struct GPPMutationTests {
    static let vectors = [
        GPPStringTests.fullExample, "DBABL~BVQqAAAAAg", "DBABL~BVQVAAAAAg", "DBABLA~BAAAVVVVUQA.QA", "DBABLA~BAAAAAABEQA.QA",
        "DBABL~BAAAAAAAAgA.QA", "DBABTA~1YNN", "DBACNY~" + GPPStringTests.fullExampleTC + "~1YNN", "DBABBg~BVWSSSVY.YA", "DBABRg~BVWSSVY", "DBABJg~BVWSSVg.YA",
        "DBABFg~BVVkklWA", "DBABVg~BVWSSZFg.YA", "DBABL~CVVVkkkkkpFY.YA",
        // usfl; tcfcav1 with a Fibonacci range and publisher purposes; usmd with GPC and a trailing empty sub-section.
        "DBABAw~BVWSSZlY", "DBABD~BPSG_8APSG_8AAyACAENGdCgf_gfgAfgfgBhADVqxGAD0AILVgAA.fHHHA4444ao", "DBABEYA~BVVU.YA.",
        headerLayoutExample,
    ]

    /// usin with the v1.0 draft's section header and its Sensitive Data Consents sub-section.
    static let headerLayoutExample: String = {
        var section = GPPUSSection(kind: .indiana)
        section.hasSectionHeader = true
        section.sensitiveDataProcessing = [2, 1, 0, 2, 1, 0, 2, 1]
        return (try? GPPString(sections: [.us(section)]).encoded()) ?? ""
    }()

    /// A model or a typed error placed inside the string; a model re-encodes, with either
    /// padding, to a string that decodes to it again (or is refused by the encoder).
    private func checkStable(_ string: String) {
        do {
            let model = try GPPString(decoding: string)
            for padding in GPPPadding.allCases {
                if let encoded = try? model.encoded(padding: padding) {
                    #expect(try GPPString(decoding: encoded) == model, "\(string) with \(padding) padding")
                }
            }
        } catch {
            #expect(error.position.isInside(string), "\(error)")
        }
    }

    @Test("each vector decodes", arguments: vectors)
    func vectorsDecode(_ string: String) throws {
        _ = try GPPString(decoding: string)
    }

    @Test("every bit flipped in every vector gives a model or a typed error", arguments: vectors)
    func bitFlips(_ string: String) {
        for index in 0..<string.count {
            for bit in 0..<6 {
                checkStable(flippingBit(bit, ofCharacterAt: index, in: string))
            }
        }
    }

    @Test("every truncation of every vector gives a model or a typed error", arguments: vectors)
    func truncations(_ string: String) {
        for length in 0..<string.count {
            checkStable(String(string.prefix(length)))
        }
    }

    @Test("random strings of base64url and separators give a model or a typed error")
    func randomStrings() {
        var generator = SeededGenerator(seed: 11)
        let alphabet = base64URLAlphabet + Array("~~~..")
        for _ in 0..<4000 {
            let body = String((0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "A" })
            checkStable((Bool.random(using: &generator) ? "DB" : "") + body)
        }
    }
}
