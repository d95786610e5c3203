import Testing
import ConsentSignals
import TestSupport

@Suite("iab-tcf oracle")
struct PythonOracleProcessTests {
    @Test("iab-tcf 0.2.2 reads every TC vector as we do", .enabled(if: PythonOracle.interpreter != nil, Comment(rawValue: PythonOracle.skipMessage)))
    func vectorsAgree() throws {
        let python = try #require(PythonOracle.interpreter)
        #expect(try PythonOracle.disagreements(for: TCVector.all.map(\.string), python: python) == [])
    }

    @Test("iab-tcf 0.2.2 reads the strings we encode from random models as the models say",
          .enabled(if: PythonOracle.interpreter != nil, Comment(rawValue: PythonOracle.skipMessage)))
    func encodedStringsAgree() throws {
        let python = try #require(PythonOracle.interpreter)
        var generator = SeededGenerator(seed: 22)
        var strings: [String] = []
        for _ in 0..<60 {
            let model = randomTCModel(using: &generator)
            let encoded = try model.encoded()
            #expect(try TCString(decoding: encoded) == model)
            strings.append(encoded)
        }
        #expect(try PythonOracle.disagreements(for: strings, python: python) == [])
    }

}
