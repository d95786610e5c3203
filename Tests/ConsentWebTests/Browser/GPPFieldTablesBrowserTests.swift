import Foundation
import ConsentJSON
import TestSupport
import Testing

/// Every GPP section's field table, written from its specification (`GPPSpecTable`, `GPPSpecSubsections`),
/// against what a page in headless Chromium gets from `__gpp`: `getSection` an array of one object per
/// sub-section present, each carrying iabgpp-es's names in the specification's order, a number for an
/// `Int(n)` and a list for an `N-Bitfield`; `getField` the same value by the specification's name and by
/// iabgpp-es's, and the names iabgpp-es reads beside the sub-sections (docs/gpp-fields.md).
@Suite(.enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
struct GPPFieldTablesBrowserTests {
    /// What the page of `prefix` answered: getSection's data, and getField's data by name.
    private func answers(_ prefix: String, page: String) throws -> (section: JSONValue, field: (String) -> JSONValue) {
        let all = try BrowserRun.shared.get().page(page).json("fields")
        let record = all[prefix] ?? .null
        let fields = record["fields"] ?? .null
        return (Answer(record, "section").data, { Answer(fields, $0).data })
    }

    private static func page(_ table: GPPSpecTable) -> String {
        FieldTablePages.pages.first { $0.tables.contains { $0.id == table.id && $0.version == table.version } }?.name ?? ""
    }

    @Test("each US section's sub-sections carry iabgpp-es's names in the spec's order, an Int(n) as a number, an N-Bitfield as a list",
          arguments: GPPSpecTable.us)
    func usSections(_ table: GPPSpecTable) throws {
        let (section, _) = try answers(table.prefix, page: Self.page(table))
        var objects: [[(String, JSONValue)]] = [[]]
        for (index, entry) in table.sampleFields.enumerated() {
            if index == table.core.count { objects.append([]) }
            let value: JSONValue = switch entry.field.kind {
            case .boolean: .bool(entry.values == [1])
            case .list: .integers(entry.values)
            case .number: .integer(entry.values[0])
            }
            objects[objects.count - 1].append((table.iabgppESNames[entry.field.name] ?? entry.field.name, value))
        }
        #expect(section.items.count == objects.count, "\(section)")
        for (object, expected) in zip(section.items, objects) {
            #expect(object.keys == expected.map(\.0))
            for (name, value) in expected {
                #expect(object[name] == value, "\(table.prefix).\(name)")
            }
        }
    }

    @Test("getField answers each US field by the spec's name and by iabgpp-es's, the inclusion flags, and null for no field",
          arguments: GPPSpecTable.us)
    func usFields(_ table: GPPSpecTable) throws {
        let (section, field) = try answers(table.prefix, page: Self.page(table))
        let carried = section.items.flatMap { object in object.keys.map { (key: $0, value: object[$0] ?? .null) } }
        for entry in table.sampleFields {
            let name = table.iabgppESNames[entry.field.name] ?? entry.field.name
            let value = carried.first { $0.key == name }?.value
            #expect(value != nil, "\(table.prefix).\(name) is in no sub-section")
            #expect(field(entry.field.name) == value, "\(table.prefix).\(entry.field.name)")
            #expect(field(name) == value, "\(table.prefix).\(name)")
        }
        if table.subsection.first?.name == "SubsectionType" { #expect(field("GpcSegmentIncluded") == .bool(true)) }
        if table.subsection.first?.name == "SensitiveDataProcessing" { #expect(field("SensitiveDataConsentSegmentIncluded") == .bool(true)) }
        #expect(field("NoSuchField") == .null)
    }

    @Test("uspv1 is one object: Version a number, Notice, OptOutSale and LspaCovered characters")
    func usPrivacy() throws {
        let (section, field) = try answers("uspv1", page: "fields/every")
        let expected: [(String, JSONValue)] = [
            ("Version", .integer(1)), ("Notice", .string("Y")), ("OptOutSale", .string("N")), ("LspaCovered", .string("-")),
        ]
        #expect(section.items.count == 1)
        #expect(section.items.first?.keys == expected.map(\.0))
        for (name, value) in expected {
            #expect(section.items.first?[name] == value, "\(name)")
            #expect(field(name) == value, "\(name)")
        }
    }

    @Test("the TCF sections carry iabgpp-es's names and shapes, answer the spec's names too, and equal consentctl decode",
          arguments: [GPPSpecSubsections.tcfeuv2, .tcfcav1])
    func tcfSections(_ table: GPPSpecSubsections) throws {
        let (section, field) = try answers(table.prefix, page: "fields/every")
        let gpp = try FieldTablePages.gppString(FieldTablePages.pages[0].tables, others: true)
        let decoded = try Consentctl.decode(gpp)["sections"]?[table.prefix] ?? .null
        #expect(section.items.count == table.subsections.count)
        let sharedNames = Set(table.subsections.flatMap { $0.map(\.name) }.filter { name in
            table.subsections.flatMap { $0 }.filter { $0.name == name }.count > 1
        })
        for (object, fields) in zip(section.items, table.subsections) {
            #expect(object.keys == fields.map(\.iabgppES), "\(table.prefix)")
            let custom = object["NumCustomPurposes"]?.int ?? 0
            for spec in fields {
                let value = object[spec.iabgppES] ?? .null
                #expect(TCFShapes.matches(value, spec.type, customPurposes: custom), "\(table.prefix).\(spec.iabgppES) is not a \(spec.type): \(value)")
                #expect(field(spec.iabgppES) == value, "\(table.prefix).\(spec.iabgppES)")
                // A name several sub-sections share names no one field.
                #expect(field(spec.name) == (sharedNames.contains(spec.name) ? .null : value), "\(table.prefix).\(spec.name)")
                #expect(value == TCFShapes.expected(from: decoded, table.prefix, spec), "\(table.prefix).\(spec.iabgppES) against decode")
            }
        }
    }
}

/// The JavaScript shapes iabgpp-es gives the TCF sections' types, and `consentctl decode`'s values in them.
enum TCFShapes {
    static func matches(_ value: JSONValue, _ type: String, customPurposes: Int) -> Bool {
        switch type {
        case "Boolean": return value.bool != nil
        case "String(2)": return value.string?.count == 2
        case "Datetime": return value["$date"]?.string != nil
        case "OptimizedRange", "OptimizedIntRange": return value.ints != nil
        case "ArrayOfRanges", "N-ArrayOfRanges(6,2)":
            return value.items.allSatisfy { $0.keys == ["key", "type", "ids"] && $0["ids"]?.ints != nil }
        case "Bitfield(NumCustomPurposes)": return value.items.count == customPurposes && value.items.allSatisfy { $0.bool != nil }
        default:
            if type.hasPrefix("Bitfield(") {
                return value.items.count == Int(type.dropFirst(9).dropLast()) && value.items.allSatisfy { $0.bool != nil }
            }
            return type.hasPrefix("Int(") && value.int != nil
        }
    }

    /// decode's key for a tcfeuv2 field where it is not the specification's name in lower camel case; the
    /// Publisher Purposes segment's fields are under `publisherTC`.
    static let tcfEUDecodeKeys = [
        "PurposeConsent": "purposeConsents", "PurposesLITransparency": "purposeLegitimateInterests",
        "VendorConsent": "vendorConsents", "VendorLegitimateInterest": "vendorLegitimateInterests",
        "PubRestrictions": "publisherRestrictions", "PubPurposesConsent": "publisherTC.purposeConsents",
        "PubPurposesLITransparency": "publisherTC.purposeLegitimateInterests", "NumCustomPurposes": "publisherTC.numCustomPurposes",
        "CustomPurposesConsent": "publisherTC.customPurposeConsents",
        "CustomPurposesLITransparency": "publisherTC.customPurposeLegitimateInterests",
    ]

    /// The value iabgpp-es's shape gives the field `decode` printed: ids as one boolean per position, dates as
    /// Dates (to the millisecond), restrictions as `{key, type, ids}`; a sub-section's type its number.
    static func expected(from decoded: JSONValue, _ prefix: String, _ spec: GPPSpecSubsections.Field) -> JSONValue {
        if spec.type == "Int(3)" {
            return .integer(["VendorsDisclosedSegmentType": 1, "PublisherPurposesSegmentType": 3,
                             "DisclosedVendorsSegmentType": 1, "PubPurposesSegmentType": 3][spec.iabgppES] ?? -1)
        }
        let name = prefix == "tcfeuv2" ? spec.name : spec.iabgppES
        let path = (prefix == "tcfeuv2" ? tcfEUDecodeKeys[name] : nil) ?? (name.prefix(1).lowercased() + name.dropFirst())
        var value = decoded
        for key in path.split(separator: ".") { value = value[String(key)] ?? .null }
        switch spec.type {
        case "Datetime":
            // decode writes deciseconds only when they are not 0 (`…40.4Z`); a Date's ISO text has milliseconds.
            let text = String((value.string ?? "").dropLast())
            let fraction = text.split(separator: ".").dropFirst().first ?? ""
            let whole = text.split(separator: ".").first ?? ""
            return .object([.init(key: "$date", value: .string(whole + "." + fraction + String(repeating: "0", count: 3 - fraction.count) + "Z"))])
        case "ArrayOfRanges", "N-ArrayOfRanges(6,2)":
            return .array(value.items.map { .members(["key": $0["purpose"] ?? .null, "type": $0["type"] ?? .null, "ids": $0["vendors"] ?? .null]) })
        case "Bitfield(NumCustomPurposes)":
            let count = (prefix == "tcfeuv2" ? decoded["publisherTC"]?["numCustomPurposes"] : decoded["numCustomPurposes"])?.int ?? 0
            return flags(value, count)
        default:
            if spec.type.hasPrefix("Bitfield(") { return flags(value, Int(spec.type.dropFirst(9).dropLast()) ?? 0) }
            return value
        }
    }

    private static func flags(_ ids: JSONValue, _ count: Int) -> JSONValue {
        let set = Set(ids.ints ?? [])
        return .array((0..<count).map { .bool(set.contains($0 + 1)) })
    }
}
