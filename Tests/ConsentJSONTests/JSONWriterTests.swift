import Foundation
import ConsentJSON
import Testing

struct JSONWriterTests {
    @Test func prettyOutputIsKeyColonValueTwoSpacesAndKeepsTheMemberOrder() {
        let value = JSONValue.members([
            "zeta": .string("z"), "alpha": .integer(1), "list": .strings(["a", "b"]), "ids": .integers([1, 3, 4]),
            "empty": .array([]), "object": .members(["flag": .bool(true), "none": .null]), "nothing": .object([]),
        ])
        #expect(JSONWriter.text(value) == """
        {
          "zeta": "z",
          "alpha": 1,
          "list": [
            "a",
            "b"
          ],
          "ids": [1, 3, 4],
          "empty": [],
          "object": {
            "flag": true,
            "none": null
          },
          "nothing": {}
        }
        """)
    }

    @Test func compactOutputHasNoWhitespaceAndSingleLineSpacesAfterSeparators() {
        let value = JSONValue.members(["a": .integers([1, 2]), "b": .members(["c": .string("d")])])
        #expect(JSONWriter.text(value, style: .compact) == #"{"a":[1,2],"b":{"c":"d"}}"#)
        #expect(JSONWriter.text(value, style: .singleLine) == #"{"a": [1, 2], "b": {"c": "d"}}"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" backslash \\", #""quote \" backslash \\""#),
        ("line\nfeed\ttab\r", #""line\nfeed\ttab\r""#),
        ("bell \u{7} escape \u{1B}", #""bell \u0007 escape \u001b""#),
        ("slash / and ü 😀", #""slash / and ü 😀""#),
    ])
    func stringsAreQuotedByTheOneQuotingFunction(text: String, quoted: String) throws {
        #expect(JSONWriter.quoted(text) == quoted)
        #expect(try JSONReader.parse(quoted) == .string(text))
    }

    /// Quoting byte by byte, as the writer did before it copied runs: the reference the fast path must match.
    private static func quotedByteByByte(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20: out += "\\u00" + (control.value < 0x10 ? "0" : "") + String(control.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test(arguments: ["\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "😀"])
    func aCharacterIsQuotedTheSameAtEveryPositionOfStringsOfEveryLength(special: String) {
        for length in 0...40 {
            for position in 0...length {
                let text = String(repeating: "a", count: position) + special + String(repeating: "b", count: length - position)
                #expect(JSONWriter.quoted(text) == Self.quotedByteByByte(text), "\(length) \(position)")
            }
        }
    }

    @Test func deepAndLargeDocumentsAreIndentedTwoSpacesALevelAndWrittenWhole() throws {
        var value = JSONValue.string(String(repeating: "x", count: 10_000))
        for level in 0..<20 { value = .members(["level\(level)": value, "after": .integer(level)]) }
        let text = JSONWriter.text(value)
        #expect(try JSONReader.parse(text) == value)
        #expect(text.contains("\n" + String(repeating: "  ", count: 20) + "\"level0\": \"" + String(repeating: "x", count: 10_000) + "\",\n"))
        #expect(text.contains("\n" + String(repeating: "  ", count: 19) + "\"after\": 1\n"))
    }

    @Test func whatIsWrittenReadsBackAsTheSameValue() throws {
        let value = JSONValue.members([
            "n": .number(2.5), "i": .integer(-7), "s": .string("x\u{0}y"), "l": .array([.null, .bool(false)]),
        ])
        for style in [JSONWriter.Style.pretty, .compact, .singleLine] {
            #expect(try JSONReader.parse(JSONWriter.text(value, style: style)) == value)
        }
    }
}

struct JSONNodeTests {
    private func node(_ text: String) throws -> JSONNode { JSONNode(try JSONReader.parse(text)) }

    @Test func anUnknownFieldIsNamedWithItsPathAndTheAllowedFields() throws {
        let root = try node(#"{"kind": "x", "colour": 1}"#)
        #expect(throws: JSONFieldError(path: "$.colour", message: "unknown field \"colour\"; allowed here: kind, size")) {
            try root.object(allowed: ["kind", "size"])
        }
    }

    @Test func aWrongTypeSaysWhatWasFoundWhereAndNeverATypeName() throws {
        let object = try node(#"{"list": [1, "two"]}"#).object(allowed: ["list"])
        #expect(throws: JSONFieldError(path: "$.list[1]", message: "expected a whole number, found the string \"two\"")) {
            try object.required("list").ints()
        }
        #expect(throws: JSONFieldError(path: "$.size", message: "required field is missing")) {
            try object.required("size")
        }
    }

    @Test func integersAreRangeCheckedWhereTheyEnter() throws {
        let object = try node(#"{"change": 9223372036854775807, "big": 1e30, "fraction": 1.5}"#).anyObject()
        #expect(throws: JSONFieldError(path: "$.change", message: "9223372036854775807 is out of range (0–1000000)")) {
            try object.required("change").int(in: 0...1_000_000)
        }
        #expect(throws: JSONFieldError.self) { try object.required("big").int() }
        #expect(throws: JSONFieldError.self) { try object.required("fraction").int() }
    }

    /// The object readers that make no node for a right value answer as the node's readers do, value or error.
    @Test(arguments: [
        #"{"v": [1, 2, 3]}"#, #"{"v": [1, 12]}"#, #"{"v": [1, "2"]}"#, #"{"v": 3}"#, #"{"v": 12}"#, #"{"v": true}"#, #"{"v": "text"}"#,
        #"{"v": null}"#, #"{}"#, #"{"v": {"a": 1}}"#, #"{"v": -4}"#,
    ])
    func theReadersOfAFieldWithoutANodeAgreeWithTheNodes(text: String) throws {
        let object = try node(#"{"a": \#(text)}"#).anyObject().required("a").anyObject()
        func same<T: Equatable>(_ fast: () throws(JSONFieldError) -> T?, _ slow: () throws(JSONFieldError) -> T?) {
            #expect(Result(catching: fast) == Result(catching: slow), "\(text)")
        }
        same({ () throws(JSONFieldError) in try object.optionalInts("v", in: 1...11) }, { () throws(JSONFieldError) in try object.optional("v")?.ints(in: 1...11) })
        same({ () throws(JSONFieldError) in try object.optionalInt("v", in: 0...10) }, { () throws(JSONFieldError) in try object.optional("v")?.int(in: 0...10) })
        same({ () throws(JSONFieldError) in try object.optionalBool("v") }, { () throws(JSONFieldError) in try object.optional("v")?.bool() })
        same({ () throws(JSONFieldError) in try object.optionalString("v") }, { () throws(JSONFieldError) in try object.optional("v")?.string() })
        same({ () throws(JSONFieldError) in try object.requiredString("v") }, { () throws(JSONFieldError) in try object.required("v").string() })
    }

    @Test func membersAsNodesAreNamedByTheirPath() throws {
        let members = try node(#"{"vendors": {"7": {"id": 8}, "a b": 1}}"#).anyObject().required("vendors").anyObject().memberNodes
        #expect(members.map(\.key) == ["7", "a b"])
        #expect(members.map(\.node.path) == ["$.vendors.7", #"$.vendors["a b"]"#])
        #expect(members[0].node.value == .object([.init(key: "id", value: .integer(8))]))
    }

    @Test func oddKeysAreQuotedInPaths() {
        #expect(JSONPath.appending("a.b", to: "$") == #"$["a.b"]"#)
        #expect(JSONPath.appending("plain_key-1", to: "$") == "$.plain_key-1")
    }
}

@Suite struct JSONScriptTextTests {
    @Test("script text escapes what could end a script element or a line, and reads back as the same value")
    func scriptText() throws {
        let value: JSONValue = .members([
            "text": .string("</script><!-- \u{2028}\u{2029} é ✓"), "list": .integers([1, 2]),
        ])
        let text = JSONWriter.scriptText(value)
        #expect(!text.contains("<") && !text.contains("\u{2028}") && !text.contains("\u{2029}"))
        #expect(text.contains(#"\u003c/script>"#) && text.contains(#"\u2028\u2029 é ✓"#))
        #expect(try JSONReader.parse(text) == value)
    }
}
