@testable import consentctl
import Foundation
import Testing

struct FixtureJSONParserTests {
    func parse(_ text: String) throws(FixtureJSONParser.Failure) -> FixtureJSON {
        try FixtureJSONParser.parse(Data(text.utf8))
    }

    @Test func everyKindOfValueIsKeptApart() throws {
        let value = try parse(#"{"b": true, "n": 1, "f": 2.5e1, "s": "x", "z": null, "a": [false, 0, -3]}"#)
        #expect(value == .object([
            .init(key: "a", value: .array([.bool(false), .number(0), .number(-3)])),
            .init(key: "b", value: .bool(true)),
            .init(key: "f", value: .number(25)),
            .init(key: "n", value: .number(1)),
            .init(key: "s", value: .string("x")),
            .init(key: "z", value: .null),
        ]))
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
        ("", "end of the file", 1),
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

    @Test func everyFixtureFileParsesAsFoundationReadsIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
        #expect(files.count > 20)
        for file in files {
            let data = try Data(contentsOf: file)
            let ours = try FixtureJSONParser.parse(data)
            let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            #expect(Self.matches(ours, foundation), "\(file.lastPathComponent)")
        }
    }

    static func matches(_ value: FixtureJSON, _ other: Any) -> Bool {
        switch value {
        case .null: return other is NSNull
        case .bool(let bool): return (other as? Bool) == bool
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
