import Foundation
import Testing
@testable import ConsentAudit

struct XCConfigParserTests {
    private let file = URL(fileURLWithPath: "/tmp/App.xcconfig")

    private func assignments(_ text: String) throws -> [XCConfigAssignment] {
        try XCConfigParser.parse(text, file: file).compactMap {
            if case .assignment(let assignment) = $0 { return assignment }
            return nil
        }
    }

    @Test func readsAssignmentsWithTheirLinesSkippingBlankAndCommentLines() throws {
        let result = try assignments("// header\n\nA = 1\n  B=two words  \nC = x;\n")
        #expect(result.map(\.name) == ["A", "B", "C"])
        #expect(result.map(\.value) == ["1", "two words", "x"])
        #expect(result.map(\.location.line) == [3, 4, 5])
    }

    @Test func cutsAValueAtACommentAndRemembersAURLItCut() throws {
        let result = try assignments("A = value // why\nURL = https://example.com/x\nB = a//b\n")
        #expect(result.map(\.value) == ["value", "https:", "a"])
        #expect(result[0].truncatedURLTail == nil)
        #expect(result[1].truncatedURLTail == "//example.com/x")
        #expect(result[2].truncatedURLTail == nil)
    }

    @Test func readsConditionsInSeparateOrCommaSeparatedBrackets() throws {
        let result = try assignments("A[config=Debug][sdk=iphoneos*] = 1\nB[config=Release,arch=*] = 2\n")
        #expect(result[0].conditions == [XCConfigCondition(parameter: "config", pattern: "Debug"),
                                         XCConfigCondition(parameter: "sdk", pattern: "iphoneos*")])
        #expect(result[1].conditions == [XCConfigCondition(parameter: "config", pattern: "Release"),
                                         XCConfigCondition(parameter: "arch", pattern: "*")])
    }

    @Test func readsIncludesAndOptionalIncludes() throws {
        let statements = try XCConfigParser.parse("#include \"a.xcconfig\"\n#include? \"b\" // local\n", file: file)
        #expect(statements == [
            .include(XCConfigInclude(path: "a.xcconfig", isOptional: false, location: SourceLocation(file: file, line: 1))),
            .include(XCConfigInclude(path: "b", isOptional: true, location: SourceLocation(file: file, line: 2))),
        ])
    }

    @Test func splitsLinesAtEveryLineEndingXcodeAccepts() throws {
        let result = try assignments("A = 1\r\nB = 2\rC = 3\u{2028}D = 4")
        #expect(result.map(\.name) == ["A", "B", "C", "D"])
        #expect(result.map(\.location.line) == [1, 2, 3, 4])
    }

    @Test(arguments: [
        ("A B = 1", "expected = after A"),
        ("= 1", "expected a setting name"),
        ("A[config=Debug = 1", "lacks its closing ]"),
        ("A[Debug] = 1", "is not parameter=pattern"),
        ("#import \"x\"", "unknown directive"),
        ("#include x.xcconfig", "in double quotes"),
    ])
    func refusesALineItCannotReadWithItsLine(_ line: String, _ message: String) {
        do {
            _ = try XCConfigParser.parse("// ok\n\(line)\n", file: file)
            Issue.record("\(line) was accepted")
        } catch {
            #expect(error.kind == .malformedInput)
            #expect(error.line == 2)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
