import JSONKit
import Testing

/// The Codable bridge says what the file holds, never what the code is called.
struct ValueDecoderTests {
    enum Status: String, Codable, CaseIterable { case denied, authorized }
    struct Answer: Codable { var status: Status; var count: Int }

    @Test func aStringEnumThatRefusesItsValueNamesTheValueAndTheChoices() throws {
        let value = try JSONReader.parse(Array(#"{"status": "maybe", "count": 1}"#.utf8))
        let error = #expect(throws: JSONFieldError.self) { try JSONCoding.decode(Answer.self, from: value) }
        #expect(error?.path == "$.status")
        #expect(error?.message == #""maybe" is not a valid value, expected one of: denied, authorized"#)
    }

    @Test(arguments: [
        (#"{"status": "denied", "count": 1.5}"#, "expected a whole number, found the number 1.5"),
        (#"{"status": "denied", "count": 1e30}"#, "expected a whole number, found the number 1e+30, too large for a whole number"),
        (#"{"status": "denied", "count": "2"}"#, #"expected a whole number, found the string "2""#),
    ])
    func aNumberThatIsNotAWholeOneSaysWhatItIs(json: String, message: String) throws {
        let value = try JSONReader.parse(Array(json.utf8))
        let error = #expect(throws: JSONFieldError.self) { try JSONCoding.decode(Answer.self, from: value) }
        #expect(error?.path == "$.count")
        #expect(error?.message == message)
    }
}
