import Testing
import ConsentSignals

@Suite("Additional Consent strings")
struct AdditionalConsentStringTests {
    @Test("strings decode to their version, consented and disclosed ids", arguments: [
        ("2~1.35.41~dv.9.21", 2, [1, 35, 41], [9, 21]),
        ("2~1.35.41.101~dv.9.21.81", 2, [1, 35, 41, 101], [9, 21, 81]),
        ("2~~dv.1.2.3.4.10", 2, [], [1, 2, 3, 4, 10]),
        ("2~1.2.3.4.10~dv.", 2, [1, 2, 3, 4, 10], []),
        ("2~1.2.3.4.10~dv", 2, [1, 2, 3, 4, 10], []),
        ("2~1.10~dv.2.3.4", 2, [1, 10], [2, 3, 4]),
        ("2~~dv.", 2, [], []),
        ("1~1.35.41.101", 1, [1, 35, 41, 101], []),
        ("1~1.35", 1, [1, 35], []),
        ("1~", 1, [], []),
    ])
    func decodes(_ string: String, _ version: Int, _ consented: [Int], _ disclosed: [Int]) throws {
        #expect(try AdditionalConsentString(decoding: string) == AdditionalConsentString(version: version, consented: consented, disclosed: disclosed))
    }

    @Test("canonical strings re-encode byte for byte", arguments: [
        "2~1.35.41~dv.9.21", "2~~dv.1.2.3.4.10", "2~1.2.3.4.10~dv.", "2~1.10~dv.2.3.4", "1~1.35.41.101", "1~", "2~~dv.",
    ])
    func roundTrips(_ string: String) throws {
        #expect(try AdditionalConsentString(decoding: string).encoded() == string)
    }

    @Test("'~dv' without its dot re-encodes with it")
    func shortDisclosedMarker() throws {
        #expect(try AdditionalConsentString(decoding: "2~1.2.3.4.10~dv").encoded() == "2~1.2.3.4.10~dv.")
    }

    @Test("malformed strings are refused with the character offset and what is wrong", arguments: [
        ("", 0, SignalDecodingError.Problem.emptyString),
        ("2", 1, .expected("a version digit and '~'")),
        ("22~1", 1, .expected("a version digit and '~'")),
        ("3~1~dv.", 0, .unsupportedVersion(3)),
        ("x~1", 0, .invalidCharacter("x")),
        ("2~1.35", 6, .expected("'.' and an id, or '~dv.'")),
        ("2~1..2~dv.", 4, .expected("an id")),
        ("2~1.~dv.", 4, .expected("an id")),
        ("2~1.a~dv.", 4, .invalidCharacter("a")),
        ("2~1a~dv.", 3, .invalidCharacter("a")),
        ("2~-1~dv.", 2, .invalidCharacter("-")),
        ("2~01~dv.", 2, .expected("an id from 1 without leading zeros")),
        ("2~0~dv.", 2, .expected("an id from 1 without leading zeros")),
        ("2~1~dx.3", 3, .expected("'.' and an id, or '~dv.'")),
        ("2~1~dv3", 6, .expected("'.' after '~dv'")),
        ("2~1~dv.3.", 9, .expected("an id")),
        ("2~1~dv.3~4", 8, .expected("'.' and an id, or the end")),
        ("1~1~dv.2", 3, .expected("the end of a version 1 string")),
        ("2~99999999999~dv.", 2, .numberTooLarge),
        ("2~1.é~dv.", 4, .invalidCharacter("é")),
    ])
    func refusesMalformed(_ string: String, _ offset: Int, _ problem: SignalDecodingError.Problem) {
        do {
            _ = try AdditionalConsentString(decoding: string)
            Issue.record("\(string) decoded")
        } catch {
            #expect(error.position == .character(offset), "\(string): \(error)")
            #expect(error.problem == problem, "\(string): \(error)")
            #expect(error.segment == "AC string")
        }
    }

    /// What the format cannot say is refused; what it says, in any order, is written as it is: the ascending
    /// lists Google asks for are the engine's to build, and another CMP's string comes back unchanged.
    @Test("a string whose lists are out of order, repeat, or overlap comes back as it was", arguments: [
        "2~5.3~dv.9.2", "2~3.3~dv.", "2~1.2~dv.2.3", "1~7.12.7",
    ])
    func writesTheListsAsTheModelHasThem(_ string: String) throws {
        #expect(try AdditionalConsentString(decoding: string).encoded() == string)
    }

    @Test("models that break the format are refused by the encoder", arguments: [
        (AdditionalConsentString(version: 3), "version"),
        (AdditionalConsentString(consented: [0]), "consented"),
        (AdditionalConsentString(disclosed: [1_000_000_001]), "disclosed"),
        (AdditionalConsentString(version: 1, consented: [1], disclosed: [2]), "disclosed"),
    ])
    func refusesInvalidModels(_ model: AdditionalConsentString, _ field: String) {
        #expect(throws: SignalEncodingError.self) { try model.encoded() }
        do {
            _ = try model.encoded()
        } catch {
            #expect(error.field == field)
        }
    }
}
