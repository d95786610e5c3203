import ConsentReports
@testable import ConsentSignals
import Foundation
import ConsentJSON
import TestSupport
import Testing

/// Each US section's field table as its specification lists it (`GPPSpecTable`, written from the specs, not
/// from the package's layout table), held against the decoder and the encoder: a section written bit by bit
/// from the table decodes to every field under its name, as one number (`Int(n)`) or a list of the spec's
/// length (`N-Bitfield(2,n)`), with the values written, and encodes back to the same text. The web API's
/// answers for the same texts are held against the same tables in `Tests/ConsentWebTests/Browser`.
@Suite("Every GPP US field as its specification has it")
struct GPPSpecFieldTableTests {
    static let now = Date(timeIntervalSince1970: 1_780_272_000)

    /// The GPP string holding only `table`'s sample section, with the spec's padding.
    static func string(_ table: GPPSpecTable) -> String {
        GPPHeader.encode([table.id], padding: .spec) + "~" + table.sampleText
    }

    /// `consentctl decode`'s name of a spec field: lower camel case, and one spelling of
    /// `KnownChildSensitiveDataConsents` in every section (docs/gpp-fields.md).
    static func decodeName(_ specName: String) -> String {
        let name = specName == "KnownChildSensitiveDataConsent" ? "KnownChildSensitiveDataConsents" : specName
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// What `decode --json` must print for the table's sample section, in order: `version` (and for the
    /// drafts `subSections`, null without a header), each field, then `gpc`.
    static func expectedDecode(_ table: GPPSpecTable) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = table.coreHasVersion ? [] : [
            .init(key: "version", value: .integer(1)), .init(key: "subSections", value: .null),
        ]
        var gpc: JSONValue = .null
        for (field, values) in table.sampleFields {
            switch field.name {
            case "SubsectionType": continue
            case "Gpc": gpc = .bool(values == [1])
            default:
                members.append(.init(key: decodeName(field.name), value: field.isList ? .integers(values) : .integer(values[0])))
            }
        }
        return members + [.init(key: "gpc", value: gpc)]
    }

    @Test("every field decodes under its name, a number or a list of the spec's length, with the values written",
          arguments: GPPSpecTable.us)
    func decoder(_ table: GPPSpecTable) throws {
        let decoded = SignalJSON.gppString(try GPPString(decoding: Self.string(table)), now: Self.now)
        guard case .object(let members)? = decoded["sections"]?[table.prefix] else {
            Issue.record("no \(table.prefix) section in \(decoded)")
            return
        }
        let expected = Self.expectedDecode(table)
        #expect(members.map(\.key) == expected.map(\.key))
        for member in expected {
            #expect(decoded["sections"]?[table.prefix]?[member.key] == member.value, "\(table.prefix).\(member.key)")
        }
    }

    @Test("the encoder writes the decoded section back bit for bit as the table lays it out", arguments: GPPSpecTable.us)
    func encoder(_ table: GPPSpecTable) throws {
        let text = Self.string(table)
        #expect(try GPPString(decoding: text).encoded(padding: .spec) == text)
    }

    @Test("the model holds an Int(n) field as a number and an N-Bitfield as a list of its length", arguments: GPPSpecTable.us)
    func model(_ table: GPPSpecTable) throws {
        guard case .us(let section)? = try GPPString(decoding: Self.string(table)).sections.first else {
            Issue.record("no US section")
            return
        }
        let child = table.sampleFields.first { $0.field.name.hasPrefix("KnownChildSensitiveDataConsent") }
        switch child?.field.kind {
        case .list(_, let count)?:
            #expect(section.knownChildSensitiveDataConsents == child?.values)
            #expect(section.knownChildSensitiveDataConsents?.count == count)
            #expect(section.knownChildSensitiveDataConsent == nil)
        case .number?:
            #expect(section.knownChildSensitiveDataConsent == child?.values.first)
            #expect(section.knownChildSensitiveDataConsents == nil)
        default:
            #expect(section.knownChildSensitiveDataConsent == nil && section.knownChildSensitiveDataConsents == nil)
        }
    }

    @Test("the tables cover every US section id, usnat in both versions")
    func coverage() {
        #expect(GPPSpecTable.us.map(\.id) == [7] + Array(7...27))
        #expect(GPPSpecTable.us.filter { $0.core.contains { $0.name.hasPrefix("KnownChildSensitiveDataConsent") && !$0.isList } }.map(\.prefix)
                == ["usva", "usco", "usut", "ustx", "usia", "usne", "ustn", "usmn", "usin", "usky", "usri"])
    }
}
