import Foundation
import ConsentJSON
import Testing

struct JSONReaderTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONReader.parse(text)
    }

    @Test func everyKindOfValueIsKeptApartAndMembersKeepTheirOrder() throws {
        let value = try parse(#"{"b": true, "n": 1, "f": 2.5e1, "s": "x", "z": null, "a": [false, 0, -3]}"#)
        #expect(value == .object([
            .init(key: "b", value: .bool(true)),
            .init(key: "n", value: .integer(1)),
            .init(key: "f", value: .number(25)),
            .init(key: "s", value: .string("x")),
            .init(key: "z", value: .null),
            .init(key: "a", value: .array([.bool(false), .integer(0), .integer(-3)])),
        ]))
    }

    @Test func aKeyIsRepeatedOnlyWithinItsOwnObjectWhateverItsSize() throws {
        let keys = (0..<20).map { "k\($0)" }
        let members = keys.map { "\"\($0)\": [\"\($0)\"]" }
        // Each object's keys and each list's elements are its own, however deep the nesting.
        let nested = try parse(#"{"a": {"a": [1, {"a": [2]}], "b": 3}, "b": [[4], 5]}"#)
        #expect(nested == .object([
            .init(key: "a", value: .object([
                .init(key: "a", value: .array([.integer(1), .object([.init(key: "a", value: .array([.integer(2)]))])])),
                .init(key: "b", value: .integer(3)),
            ])),
            .init(key: "b", value: .array([.array([.integer(4)]), .integer(5)])),
        ]))
        let large = try parse("{" + (members + ["\"inner\": {" + members.joined(separator: ", ") + "}"]).joined(separator: ", ") + "}")
        guard case .object(let outer) = large else { Issue.record("not an object: \(large)"); return }
        #expect(outer.map(\.key) == keys + ["inner"])
        #expect(outer.first?.value == .array([.string("k0")]))
        for repeated in ["k0", "k15", "k19"] {
            let text = "{" + (members + ["\"\(repeated)\": 0"]).joined(separator: ", ") + "}"
            #expect(throws: JSONSyntaxError.self, "\(repeated) twice among 21 members") { try parse(text) }
        }
    }

    @Test func aWholeNumberBeyondIntIsNotAnInteger() throws {
        #expect(try parse("9223372036854775807") == .integer(Int.max))
        #expect(try parse("9223372036854775808") == .number(9223372036854775808))
        #expect(try parse("1.0") == .number(1))
    }

    @Test func nestingDeeperThanTheLimitIsRefusedWithoutExhaustingTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try parse(deep) }
        let fine = String(repeating: "[", count: JSONReader.maximumDepth - 1) + String(repeating: "]", count: JSONReader.maximumDepth - 1)
        #expect(throws: Never.self) { try parse(fine) }
    }

    @Test func invalidUTF8InAStringIsRefused() {
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func escapesAndUnicodeAreDecoded() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00 ü""#) == .string("a\"b\\c/d\n\té😀 ü"))
    }

    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, "appears twice", 1),
        ("{\n  \"a\": 01\n}", "not a JSON number", 2),
        (#"[1, 2"#, "expected ',' or ']'", 1),
        (#"{"a" 1}"#, "expected ':'", 1),
        (#""open"#, "not closed", 1),
        ("\"tab\there\"", "control character", 1),
        (#"[1.]"#, "not a JSON number", 1),
        (#"{} extra"#, "after the JSON value", 1),
        (#"tru"#, "expected true", 1),
        (#"["\ud800"]"#, "lone surrogate", 1),
        ("", "empty", 1),
        ("{\n  \"a\": 1,\n  \"b\": [tru]\n}", "expected true", 3),
    ])
    func malformedJSONSaysWhatAndWhere(text: String, message: String, line: Int) {
        do {
            _ = try parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.message.contains(message), "\(error)")
            #expect(error.line == line)
        }
    }

    @Test(arguments: [2, 20, 63, 64, 65, 200])
    func aFieldRepeatedAnywhereInAnObjectOfAnySizeIsRefused(size: Int) throws {
        let fields = (0..<size).map { #""k\#($0)": \#($0)"# }
        guard case .object(let members) = try parse("{" + fields.joined(separator: ", ") + "}") else {
            Issue.record("not an object")
            return
        }
        #expect(members.count == size)
        for repeated in [0, size / 2, size - 1] {
            let text = "{" + (fields + [#""k\#(repeated)": 0"#]).joined(separator: ", ") + "}"
            #expect(throws: JSONSyntaxError.self, "k\(repeated) of \(size)") { try parse(text) }
        }
    }

    @Test func everyFixtureFileParsesAsFoundationReadsIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        #expect(files.count > 20)
        for file in files {
            let data = try Data(contentsOf: file)
            let ours = try JSONReader.parse(Array(data))
            let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            #expect(Self.matches(ours, foundation), "\(file.lastPathComponent)")
        }
    }

    static func matches(_ value: JSONValue, _ other: Any) -> Bool {
        switch value {
        case .null: return other is NSNull
        case .bool(let bool): return (other as? Bool) == bool
        case .integer(let integer): return (other as? NSNumber)?.intValue == integer
        case .number(let number): return (other as? NSNumber)?.doubleValue == number
        case .string(let string): return (other as? String) == string
        case .array(let items):
            guard let others = other as? [Any], others.count == items.count else { return false }
            return zip(items, others).allSatisfy { matches($0, $1) }
        case .object(let members):
            guard let others = other as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { member in others[member.key].map { matches(member.value, $0) } ?? false }
        }
    }
}
