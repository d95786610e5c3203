import Testing
@testable import ConsentSignals

/// For every codec, decode(encode(model)) is the model, for 10,000 random models a run, each made from
/// its own seed (the run's first seed plus its index), which a failure names.
@Suite("Round trips of random models")
struct RoundTripTests {
    static let count = 10_000

    /// Encodes and decodes `count` models from consecutive seeds; records the first few that do not come
    /// back, with their seed. `decode` gets the model too, for what the string does not say (a US section's kind).
    private func roundTrips<Model: Equatable>(
        from firstSeed: UInt64, _ make: (inout RandomModels) -> Model, _ encode: (Model) throws -> String,
        _ decode: (String, Model) throws -> Model
    ) {
        var failures = 0
        for index in 0..<UInt64(Self.count) where failures < 3 {
            var random = RandomModels(seed: firstSeed + index)
            let model = make(&random)
            do {
                let encoded = try encode(model)
                let decoded = try decode(encoded, model)
                if decoded != model {
                    failures += 1
                    Issue.record("seed \(firstSeed + index): \(encoded) decodes to another model:\n\(decoded)\nnot\n\(model)")
                }
            } catch {
                failures += 1
                Issue.record("seed \(firstSeed + index): \(error) for \(model)")
            }
        }
    }

    @Test("TC strings")
    func tcStrings() {
        roundTrips(from: 100_000, { $0.tcString() }, { try $0.encoded() }, { text, _ in try TCString(decoding: text) })
    }

    @Test("AC strings")
    func additionalConsentStrings() {
        roundTrips(from: 200_000, { $0.additionalConsent() }, { try $0.encoded() }, { text, _ in try AdditionalConsentString(decoding: text) })
    }

    @Test("US Privacy strings")
    func usPrivacyStrings() {
        roundTrips(from: 300_000, { $0.usPrivacy() }, { try $0.encoded() }, { text, _ in try USPrivacyString(decoding: text) })
    }

    /// A GPP string and the padding it is written with.
    private struct PaddedGPP: Equatable {
        var string: GPPString
        var padding: GPPPadding
    }

    @Test("GPP strings: the header and every section, each model with the spec's padding or the libraries'")
    func gppStrings() {
        roundTrips(from: 400_000, { random in PaddedGPP(string: random.gppString(), padding: random.bool() ? .spec : .library) },
                   { try $0.string.encoded(padding: $0.padding) },
                   { text, model in PaddedGPP(string: try GPPString(decoding: text), padding: model.padding) })
    }

    @Test("US sections alone, each model of the next kind in turn")
    func usSections() {
        let kinds = GPPUSSection.Kind.allCases
        roundTrips(from: 600_000, { random in random.usSection(kinds[random.int(0...kinds.count - 1)]) },
                   { try GPPUSSectionCoding.encode($0, padding: .spec) },
                   { text, model in try GPPUSSectionCoding.decode(model.kind, SourceText(text), 0..<text.utf8.count) })
    }

    @Test("TCF Canada sections")
    func tcfCanadaSections() {
        roundTrips(from: 3_000_000, { $0.tcfCanada() }, { try TCFCanadaSectionCoding.encode($0, padding: .library) },
                   { text, _ in try TCFCanadaSectionCoding.decode(SourceText(text), 0..<text.utf8.count) })
    }
}
