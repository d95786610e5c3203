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
    /// padding, to a string that decodes to it again, counted by padding in `encodings` (or is
    /// refused by the encoder). A test fails when a padding counted none: an encoder that refused
    /// everything would otherwise pass.
    private func checkStable(_ string: String, encodings: inout [GPPPadding: Int]) {
        do {
            let model = try GPPString(decoding: string)
            for padding in GPPPadding.allCases {
                if let encoded = try? model.encoded(padding: padding) {
                    encodings[padding, default: 0] += 1
                    #expect(try GPPString(decoding: encoded) == model, "\(string) with \(padding) padding")
                }
            }
        } catch {
            #expect(error.position.isInside(string), "\(error)")
        }
    }

    private func expectEncodings(_ encodings: [GPPPadding: Int], _ what: String) {
        for padding in GPPPadding.allCases {
            #expect(encodings[padding, default: 0] > 0, "no \(what) was re-encoded with \(padding) padding")
        }
    }

    @Test("each vector decodes", arguments: vectors)
    func vectorsDecode(_ string: String) throws {
        _ = try GPPString(decoding: string)
    }

    @Test("every bit flipped in every vector gives a model or a typed error", arguments: vectors)
    func bitFlips(_ string: String) {
        var encodings: [GPPPadding: Int] = [:]
        for index in 0..<string.count {
            for bit in 0..<6 {
                checkStable(flippingBit(bit, ofCharacterAt: index, in: string), encodings: &encodings)
            }
        }
        expectEncodings(encodings, "flipped string of \(string)")
    }

    /// Counted over every vector: a US state's section is cut short of its fixed fields wherever it is cut,
    /// so a vector of that section alone gives no truncation that decodes.
    @Test("every truncation of every vector, and of each of its parts in place, gives a model or a typed error")
    func truncations() {
        var encodings: [GPPPadding: Int] = [:]
        for string in Self.vectors {
            for length in 0..<string.count {
                checkStable(String(string.prefix(length)), encodings: &encodings)
            }
            // A prefix drops the sections after the cut, which the header still lists, so it never decodes;
            // a part cut where it stands, the others kept, may.
            let parts = string.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
            for (index, part) in parts.enumerated() {
                for length in 0..<part.count {
                    var cut = parts
                    cut[index] = String(part.prefix(length))
                    checkStable(cut.joined(separator: "~"), encodings: &encodings)
                }
            }
        }
        expectEncodings(encodings, "truncation")
    }

    @Test("random strings of base64url and separators, and random GPP strings with characters changed, give a model or a typed error")
    func randomStrings() throws {
        var generator = SeededGenerator(seed: 11)
        let alphabet = base64URLAlphabet + Array("~~~..")
        var encodings: [GPPPadding: Int] = [:]
        for _ in 0..<4000 {
            let body = String((0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "A" })
            checkStable((Bool.random(using: &generator) ? "DB" : "") + body, encodings: &encodings)
        }
        // Random text almost never decodes; a valid string with a few characters changed often does.
        var models = RandomModels(seed: 11)
        for _ in 0..<300 {
            var characters = Array(try models.gppString().encoded())
            for _ in 0..<models.int(1...3) {
                characters[models.int(0...(characters.count - 1))] = alphabet[models.int(0...(alphabet.count - 1))]
            }
            checkStable(String(characters), encodings: &encodings)
        }
        expectEncodings(encodings, "random string")
    }
}
