@testable import ConsentEngine
import Foundation
import ConsentJSON
import Testing

@Suite struct RegionHintTablesTests {
    @Test(arguments: [
        ("Europe/Berlin", "DE"), ("Europe/Oslo", "NO"), ("Europe/Kiev", "UA"), ("Europe/Kyiv", "UA"),
        ("Asia/Calcutta", "IN"), ("Asia/Kolkata", "IN"), ("America/New_York", "US"), ("US/Eastern", "US"),
        ("Europe/London", "GB"), ("GB", "GB"), ("Europe/Paris", "FR"), ("Europe/Zurich", "CH"),
        ("Atlantic/Reykjavik", "IS"), ("America/Argentina/ComodRivadavia", "AR"),
        // zone.tab's own row wins over tzdata.zi's link: Europe/Bratislava links to Europe/Prague.
        ("Europe/Bratislava", "SK"), ("Europe/Busingen", "DE"), ("Arctic/Longyearbyen", "SJ"),
        // Old names whose link crosses a border keep the country of the place they name.
        ("Iceland", "IS"), ("Pacific/Truk", "FM"), ("Atlantic/Jan_Mayen", "SJ"), ("Africa/Asmera", "ER"),
        // Letter case does not matter; the first line and one of four bytes are found.
        ("europe/berlin", "DE"), ("EUROPE/OSLO", "NO"), ("Africa/Abidjan", "CI"), ("W-SU", "RU"),
    ])
    func aTimeZoneGivesTheCountryItStandsFor(identifier: String, country: String) {
        #expect(RegionHintTables.country(forTimeZone: identifier) == country)
        #expect(RegionHintTables.isTimeZone(identifier))
    }

    @Test(arguments: ["Etc/UTC", "UTC", "GMT", "Etc/GMT", "Etc/GMT+5", "EST5EDT", "CET", "Factory", "Zulu", "utc"])
    func aTimeZoneOfNoCountryIsATimeZoneThatGivesNoHint(identifier: String) {
        #expect(RegionHintTables.country(forTimeZone: identifier) == nil)
        #expect(RegionHintTables.isTimeZone(identifier))
    }

    @Test(arguments: [
        "", "Europe", "Europe/", "Europe/Berli", "Europe/Berlinx", "Europe/Berlin ", " Europe/Berlin", "Europe/Ber lin",
        "Europe/Zürich", "Mars/Olympus_Mons", "America/Argentina/ComodRivadaviaX", String(repeating: "A", count: 40),
        "Europe/Berlin\n", "Europe/Berlin\u{0}", "DE", "--",
    ])
    func aNameTheDatabaseDoesNotHaveIsNoTimeZone(identifier: String) {
        #expect(RegionHintTables.country(forTimeZone: identifier) == nil)
        #expect(!RegionHintTables.isTimeZone(identifier))
    }

    @Test(arguments: [
        ("FRA", "FR"), ("GBR", "GB"), ("USA", "US"), ("DEU", "DE"), ("NOR", "NO"), ("CHE", "CH"), ("fra", "FR"),
        ("Gbr", "GB"), ("ABW", "AW"), ("ZWE", "ZW"), ("FR", "FR"), ("fr", "FR"), ("gb", "GB"), ("AD", "AD"), ("ZW", "ZW"),
    ])
    func anISOCodeOfEitherLengthGivesItsAlpha2Country(code: String, country: String) {
        #expect(RegionHintTables.country(forISOCode: code) == country)
    }

    @Test(arguments: ["", "F", "FRAN", "ZZZ", "XKX", "EUR", "419", "250", "ZZ", "UK", "EU", "XK", "FR ", " FR", "FR\n", "ÉÉ"])
    func aCodeThatIsNoAssignedCountryGivesNone(code: String) {
        #expect(RegionHintTables.country(forISOCode: code) == nil)
    }

    @Test(arguments: [("FR", "FR"), ("fr", "FR"), ("De", "DE"), ("US", "US"), ("GB", "GB"), ("AD", "AD"), ("ZW", "ZW")])
    func aDeviceRegionThatIsACountryGivesItInUpperCase(code: String, country: String) {
        #expect(RegionHintTables.country(forRegionCode: code) == country)
    }

    /// UN M.49 area codes (Latin America, Europe, the world), alpha-3 codes, and what ISO 3166-1 reserves or
    /// leaves to its users.
    @Test(arguments: ["419", "150", "001", "FRA", "UK", "EU", "ZZ", "XK", "", "F"])
    func aDeviceRegionThatIsNoCountryGivesNoHint(code: String) {
        #expect(RegionHintTables.country(forRegionCode: code) == nil)
    }

    /// Every row of the checked-in `zone.tab`, read here without the generator, in its case and in lower case.
    @Test func everyZoneOfZoneTabGivesItsCountry() throws {
        let rows = try Self.dataFile("zone.tab").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count > 400)
        for row in rows {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            let zone = String(fields[2]), country = String(fields[0])
            #expect(RegionHintTables.country(forTimeZone: zone) == country, "\(zone)")
            #expect(RegionHintTables.country(forTimeZone: zone.lowercased()) == country, "\(zone) in lower case")
        }
    }

    /// Every zone and link of the checked-in `tzdata.zi` is a time zone; a link has its target's country, or
    /// none, except the old names whose link crosses a border.
    @Test func everyLinkOfTzdataGivesItsTargetsCountryUnlessItCrossesABorder() throws {
        let crossing = [
            "Africa/Asmera": "ER", "Africa/Timbuktu": "ML", "America/Coral_Harbour": "CA", "America/Virgin": "VI",
            "Antarctica/South_Pole": "AQ", "Atlantic/Jan_Mayen": "SJ", "Iceland": "IS", "Pacific/Johnston": "UM",
            "Pacific/Ponape": "FM", "Pacific/Truk": "FM", "Pacific/Yap": "FM",
        ]
        let zoneTab = Set(try Self.dataFile("zone.tab").split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { String($0.split(separator: "\t")[2]) })
        var links = 0
        for line in try Self.dataFile("tzdata.zi").split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if fields.first == "Z" { #expect(RegionHintTables.isTimeZone(fields[1]), "\(fields[1])") }
            guard fields.first == "L", !zoneTab.contains(fields[2]) else { continue }
            links += 1
            let (target, link) = (fields[1], fields[2])
            let expected = crossing[link] ?? RegionHintTables.country(forTimeZone: target)
            #expect(RegionHintTables.isTimeZone(link), "\(link)")
            #expect(RegionHintTables.country(forTimeZone: link) == expected, "\(link) → \(target)")
            if let country = crossing[link] {
                #expect(RegionHintTables.country(forTimeZone: target) != country, "\(link) no longer crosses a border")
            }
        }
        #expect(links > 130)
    }

    /// Every country of the checked-in `iso_3166-1.json` by both its codes in both cases; every other pair and
    /// triple of letters gives none.
    @Test func everyCountryOfISOCodesIsFoundAndNothingElse() throws {
        guard case .array(let entries) = try JSONReader.parse(Self.dataFile("iso_3166-1.json"))["3166-1"] else {
            Issue.record("no 3166-1 list")
            return
        }
        var alpha3: [String: String] = [:]
        for entry in entries {
            guard case .string(let two) = entry["alpha_2"], case .string(let three) = entry["alpha_3"] else { continue }
            alpha3[three] = two
        }
        #expect(alpha3.count == 249)
        #expect(CountryCodeTable.codes.count == alpha3.count && Self.lines(of: Alpha3CountryTable.self).count == alpha3.count)
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        let alpha2 = Set(alpha3.values)
        for first in letters {
            for second in letters {
                let two = first + second
                let expected = alpha2.contains(two) ? two : nil
                #expect(RegionHintTables.country(forRegionCode: two) == expected, "\(two)")
                #expect(RegionHintTables.country(forISOCode: two.lowercased()) == expected, "\(two) in lower case")
                #expect(RegionTables.isCountry(two) == (expected != nil), "\(two)")
                for third in letters {
                    let three = two + third
                    #expect(RegionHintTables.country(forISOCode: three) == alpha3[three], "\(three)")
                }
            }
        }
        for (three, two) in alpha3 {
            #expect(RegionHintTables.country(forISOCode: three.lowercased()) == two, "\(three) in lower case")
        }
    }

    @Test func everyLineIsFoundThroughItsSlotAndEachSlotNamesOneLine() {
        check(TimeZoneCountryTable.self, count: 598)
        check(Alpha3CountryTable.self, count: 249)

        func check<Table: CountryRecords>(_ table: Table.Type, count: Int) {
            let lines = Self.lines(of: Table.self)
            #expect(lines.count == count)
            #expect(Table.slots.count == 1 << Table.slotBits && Table.slots.count * 2 >= 3 * count)
            #expect(Table.slots.filter { $0 != 0 }.sorted() == lines.map { UInt16($0.offset + 1) })
            #expect(Table.longestKey == lines.map(\.key.utf8.count).max())
            for line in lines {
                #expect(Table.country(of: line.key) == Table.records.utf8Start + line.offset + line.key.utf8.count + 1, "\(line.key)")
            }
        }
    }

    /// Each key against each line: a line matches its own key in either case, and neither a longer nor a
    /// shorter key, nor one that runs on into the next line.
    @Test func aLineMatchesItsOwnKeyAndNoPrefixOrExtensionOfIt() {
        let lines = Self.lines(of: SmallTable.self)
        let keys = lines.map(\.key)
        for line in lines {
            for (index, candidate) in (keys + keys.map { $0.lowercased() }).enumerated() {
                #expect(Self.matches(candidate, line: line.offset) == (keys[index % keys.count] == line.key), "\(candidate) against \(line.key)")
            }
            let runOn = line.key + " " + line.country + "\n"
            for candidate in [line.key + " ", " " + line.key, line.key + "A", line.key + " " + line.country, runOn, runOn + "AB"] {
                #expect(!Self.matches(candidate, line: line.offset), "\(candidate) against \(line.key)")
            }
        }
    }

    @Test func aKeyIsFoundThroughItsSlotOrAfterTheLinesBeforeIt() {
        let found = { (key: String) in SmallTable.country(of: key).map { String(decoding: UnsafeBufferPointer(start: $0, count: 2), as: UTF8.self) } }
        #expect(["A", "a", "AB", "abc", "ABCD", "B", "b-1", "Z"].map(found) == ["AD", "AD", "BE", "CH", "DE", "--", "FR", "ZW"])
        #expect(["", "AA", "ABD", "ABCDE", "ABCD ", "A ", " A", "A B", "B-", "C", "A AD"].map(found).allSatisfy { $0 == nil })
        #expect(["A", "B", "Z"].map { SmallTable.country(of: $0).flatMap(CountryCodeTable.country(at:)) } == ["AD", nil, "ZW"])
    }

    static func matches(_ key: String, line: Int) -> Bool {
        var key = key
        return key.withUTF8 { !$0.isEmpty && SmallTable.matches($0.baseAddress!, count: $0.count, line: line) }
    }

    /// Every byte value at every place of a word, against the same rule byte by byte, beside bytes that
    /// would carry into their neighbour if added wrongly.
    @Test func aWordIsMadeUpperCaseAndItsSeparatorsFoundByteByByte() {
        for place in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                for filler: UInt8 in [0x21, 0x7f, 0xff, 0x61] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = byte
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
                    let expected = bytes.map { (0x61...0x7a).contains($0) ? $0 - 0x20 : $0 }
                        .enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
                    #expect(KeyWords.upperCase(word) == expected, "byte \(byte) at \(place) among \(filler)")
                    #expect((KeyWords.bytesBelowExclamationMark(word) != 0) == (byte < 0x21), "byte \(byte) at \(place) among \(filler)")
                }
            }
        }
    }

    /// Seven lines in eight slots, placed as the generator places them.
    enum SmallTable: CountryRecords {
        static let longestKey = 4
        static let slotBits = 3
        static let records: StaticString = """
            A AD
            AB BE
            ABC CH
            ABCD DE
            B --
            B-1 FR
            Z ZW
            """
        static let slots: [UInt16] = {
            var slots = [UInt16](repeating: 0, count: 1 << slotBits)
            for line in RegionHintTablesTests.lines(of: SmallTable.self) {
                var key = line.key
                var slot = Int(key.withUTF8(hash) >> UInt64(64 - slotBits))
                while slots[slot] != 0 { slot = (slot + 1) % slots.count }
                slots[slot] = UInt16(line.offset + 1)
            }
            return slots
        }()
    }

    /// A table's lines as its records hold them: offset, key and country.
    static func lines<Table: CountryRecords>(of table: Table.Type) -> [(offset: Int, key: String, country: String)] {
        let text = String(decoding: UnsafeBufferPointer(start: Table.records.utf8Start, count: Table.records.utf8CodeUnitCount), as: UTF8.self)
        var offset = 0
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            defer { offset += line.utf8.count + 1 }
            let fields = line.split(separator: " ")
            return (offset, String(fields[0]), String(fields[1]))
        }
    }

    static func dataFile(_ name: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/region-data/\(name)"), encoding: .utf8)
    }
}
