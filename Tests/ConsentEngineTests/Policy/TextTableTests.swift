@testable import ConsentEngine
import Testing

struct TextTableTests {
    @Test func aTableFindsEachKeyItWasGivenAndListsThemInThatOrder() {
        let table: TextTable = ["manageOptions": "M", "allow": "A", "consent": "C", "zzz": "Z", "close": "X"]
        #expect(table.keys == ["manageOptions", "allow", "consent", "zzz", "close"])
        for (key, value) in ["manageOptions": "M", "allow": "A", "consent": "C", "zzz": "Z", "close": "X"] {
            #expect(table[key] == value, "\(key)")
        }
        for absent in ["", "a", "alloww", "cons", "zzzz", "Allow"] {
            #expect(table[absent] == nil, "\(absent)")
        }
    }

    @Test(arguments: [0, 1, 2, 7, 40])
    func everyKeyOfATableOfAnySizeIsFoundAndNoOtherIs(size: Int) {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<size).map { ("key\($0 * 2)", "text \($0)") })
        let table = TextTable(dictionary)
        #expect(table.keys.sorted() == dictionary.keys.sorted())
        #expect(table.dictionary == dictionary)
        for index in 0..<size {
            #expect(table["key\(index * 2)"] == "text \(index)")
            #expect(table["key\(index * 2 + 1)"] == nil)
        }
    }

    @Test func settingAKeyAddsItReplacesItOrWithNilRemovesIt() {
        var table: TextTable = ["b": "2", "d": "4"]
        table["c"] = "3"
        table["a"] = "1"
        #expect(table.keys == ["b", "d", "c", "a"])
        table["c"] = "three"
        #expect(table["c"] == "three")
        #expect(table.keys.count == 4)
        table["b"] = nil
        table["x"] = nil
        #expect(table.keys == ["d", "c", "a"])
        #expect(table["b"] == nil && table["d"] == "4")
    }

    @Test func tablesAreEqualWhenTheirEntriesAreWhateverOrderTheyWereGivenIn() {
        let forwards: TextTable = ["a": "1", "b": "2"]
        let backwards: TextTable = ["b": "2", "a": "1"]
        #expect(forwards == backwards)
        #expect(forwards != ["a": "1", "b": "3"])
        #expect(forwards != ["a": "1"])
        #expect(forwards != ["a": "1", "c": "2"])
        #expect(forwards != ["a": "1", "b": "2", "c": "3"])
    }

    @Test func aPolicysTextsFindEachLanguageAndChangeOneInPlace() {
        var texts: PolicyTexts = ["en": ["consent": "&Consent"], "de": ["consent": "&Zustimmen"], "de-AT": [:]]
        #expect(texts.languages.sorted() == ["de", "de-AT", "en"])
        #expect(texts["de"]?["consent"] == "&Zustimmen")
        #expect(texts["fr"] == nil)
        texts["de"]?["close"] = "Schließen"
        texts["de-AT"] = nil
        #expect(texts.dictionary == ["en": ["consent": "&Consent"], "de": ["consent": "&Zustimmen", "close": "Schließen"]])
        #expect(texts == PolicyTexts(texts.dictionary))
    }

    @Test func aPolicysTextsReadAndWriteItsTablesAsDictionaries() {
        var policy = Policy.default
        #expect(policy.texts["en"]?["consent"] == policy.formTexts["en"]?["consent"])
        #expect(policy.texts.keys.sorted() == policy.formTexts.languages.sorted())
        policy.texts["de"]?["consent"] = "&Ja"
        policy.texts["fr"] = ["consent": "&Accepter"]
        #expect(policy.text(.consent, language: "de") == "&Ja")
        #expect(policy.text(.consent, language: "fr") == "&Accepter")
        #expect(policy.text(.manageOptions, language: "fr") == policy.text(.manageOptions, language: "en"))
        #expect(policy.languages == ["en", "de", "fr"])
    }
}
