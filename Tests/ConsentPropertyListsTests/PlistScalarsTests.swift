import Foundation
import Testing
import ConsentPropertyLists

struct PlistScalarsTests {
    @Test(arguments: [("42", 42), ("-7", -7), ("+5", 5), ("0x1F", 31)] as [(String, Int)])
    func readsIntegersAsCoreFoundationDoes(_ text: String, _ value: Int) {
        #expect(PlistScalars.integer(text) == value)
    }

    @Test(arguments: ["", "1.5", "12a", "--1", "0x"])
    func refusesTextThatIsNotAnInteger(_ text: String) {
        #expect(PlistScalars.integer(text) == nil)
    }

    @Test func readsOnlyTheFullUTCDateForm() {
        #expect(PlistScalars.date("2025-01-31T10:00:00Z") == Date(timeIntervalSince1970: 1_738_317_600))
        for text in ["2025-01-31", "2025-01-31T10:00:00+02:00", "2025-01-31T10:00:00.5Z", "2025-02-29T10:00:00Z",
                     "2025-01-31T24:00:00Z"] {
            #expect(PlistScalars.date(text) == nil, "\(text)")
        }
    }

    @Test func readsBase64WithWhitespaceAndMissingPaddingButNotOtherCharacters() {
        #expect(PlistScalars.data("AQ\n ID") == Data([1, 2, 3]))
        #expect(PlistScalars.data("AQI") == Data([1, 2]))
        #expect(PlistScalars.data("AQ*I") == nil)
        #expect(PlistScalars.data("A") == nil)
    }
}
