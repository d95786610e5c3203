import Foundation
import ConsentPropertyLists
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

    @Test func skipsAByteOrderMarkAtTheStart() throws {
        let result = try assignments("\u{FEFF}A = 1\nB = 2\n")
        #expect(result.map(\.name) == ["A", "B"])
        #expect(result.first?.location.line == 1)
    }

    @Test func joinsALineEndedByABackslashWithTheNextOneWithASpace() throws {
        let result = try assignments("FLAGS = -a \\\n    -b\\\n-c // why\nNEXT = 1\nLAST = x \\")
        #expect(result.map(\.name) == ["FLAGS", "NEXT", "LAST"])
        #expect(result[0].value == "-a -b -c")
        #expect(result[0].location.line == 1)
        #expect(result[1].location.line == 4)
        #expect(result[2].value == "x \\")
    }

    @Test func returnsTheLinesXcodeSkipsWithTheirLinesInsteadOfRefusingThem() throws {
        let statements = try XCConfigParser.parse("export FIREBASE_ENV=dev\n#import \"Other.xcconfig\"\n#pragma once\n"
                                                  + "A = 1\n", file: file)
        #expect(statements.prefix(3) == [
            .skipped(XCConfigSkippedLine(reason: .export(name: "FIREBASE_ENV"), location: SourceLocation(file: file, line: 1))),
            .skipped(XCConfigSkippedLine(reason: .directive("#import"), location: SourceLocation(file: file, line: 2))),
            .skipped(XCConfigSkippedLine(reason: .directive("#pragma"), location: SourceLocation(file: file, line: 3))),
        ])
        #expect(try assignments("export = 1\n").map(\.name) == ["export"])
    }

    @Test func refusesAValueLongerThanOneMebibyte() {
        let long = String(repeating: "a", count: AuditLimits.valueBytes + 1)
        for text in ["A = \(long)\n", "A = \\\n\(long)\n"] {
            do {
                _ = try XCConfigParser.parse(text, file: file)
                Issue.record("a value of \(long.count) bytes was read")
            } catch {
                #expect(error.kind == .malformedInput)
                #expect(error.line == 1)
                #expect(error.message.contains("1 MiB"), "\(error.message)")
            }
        }
    }
}
