import Foundation
import Testing
@testable import ConsentAudit

struct XCConfigResolverTests {
    @Test func followsIncludesRelativeToTheIncludingFileInReadingOrder() throws {
        let root = try TestFiles.directory([
            "Apps/Shop/Shop.xcconfig": "A = app\n#include \"../Config/Shared.xcconfig\"\nC = app\n",
            "Apps/Config/Shared.xcconfig": "B = shared\n#include \"Deeper\"\n",
            "Apps/Config/Deeper.xcconfig": "D = deeper\n",
        ])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("Apps/Shop/Shop.xcconfig"))
        #expect(resolution.assignments.map(\.name) == ["A", "B", "D", "C"])
        #expect(resolution.assignments[1].location.file.lastPathComponent == "Shared.xcconfig")
        #expect(resolution.problems.isEmpty)
    }

    @Test func skipsAMissingOptionalIncludeSilently() throws {
        let root = try TestFiles.directory(["App.xcconfig": "#include? \"Local.xcconfig\"\nA = 1\n"])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
        #expect(resolution.problems.isEmpty)
        #expect(resolution.assignments.map(\.name) == ["A"])
    }

    @Test func reportsAMissingIncludeAtItsLineAndReadsOn() throws {
        let root = try TestFiles.directory(["App.xcconfig": "A = 1\n#include \"Gone.xcconfig\"\nB = 2\n"])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
        #expect(resolution.assignments.map(\.name) == ["A", "B"])
        guard case .missing(let include, let path)? = resolution.problems.first else {
            Issue.record("no missing include reported: \(resolution.problems)")
            return
        }
        #expect(include.location.line == 2)
        #expect(path.hasSuffix("/Gone.xcconfig"))
    }

    @Test func reportsAnIncludeCycleWhereItClosesAndSkipsIt() throws {
        let root = try TestFiles.directory([
            "A.xcconfig": "X = a\n#include \"B.xcconfig\"\n",
            "B.xcconfig": "Y = b\n\n#include \"A.xcconfig\"\n",
        ])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("A.xcconfig"))
        #expect(resolution.assignments.map(\.name) == ["X", "Y"])
        guard case .cycle(let include, let chain)? = resolution.problems.first else {
            Issue.record("no cycle reported: \(resolution.problems)")
            return
        }
        #expect(include.location.file.lastPathComponent == "B.xcconfig")
        #expect(include.location.line == 3)
        #expect(chain == ["A.xcconfig", "B.xcconfig", "A.xcconfig"])
    }

    @Test func readsAFileIncludedTwiceWithoutACycleTwice() throws {
        let root = try TestFiles.directory([
            "App.xcconfig": "#include \"Common.xcconfig\"\nA = 1\n#include \"Common.xcconfig\"\n",
            "Common.xcconfig": "C = c\n",
        ])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
        #expect(resolution.assignments.map(\.name) == ["C", "A", "C"])
        #expect(resolution.problems.isEmpty)
    }

    @Test func stopsAtAnIncludedFileThatCannotBeParsed() throws {
        let root = try TestFiles.directory(["App.xcconfig": "#include \"Bad.xcconfig\"\n", "Bad.xcconfig": "\nnot a line\n"])
        do {
            _ = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
            Issue.record("a broken include was accepted")
        } catch {
            #expect(error.kind == .malformedInput)
            #expect(error.file?.hasSuffix("/Bad.xcconfig") == true)
            #expect(error.line == 2)
        }
    }

    @Test func collectsTheLinesXcodeSkipsAndTheFilesItRead() throws {
        let root = try TestFiles.directory([
            "App.xcconfig": "\u{FEFF}export TOOLS=1\n#include \"Shared\"\n",
            "Shared.xcconfig": "#pragma mark settings\nA = 1\n",
        ])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("App.xcconfig"))
        #expect(resolution.skippedLines.map(\.location.line) == [1, 1])
        #expect(resolution.skippedLines.map(\.location.file.lastPathComponent) == ["App.xcconfig", "Shared.xcconfig"])
        #expect(resolution.files.map(\.lastPathComponent) == ["App.xcconfig", "Shared.xcconfig"])
        #expect(XCConfigRules.findings(resolution).map(\.rule) == [.xcconfigLineSkipped, .xcconfigLineSkipped])
    }

    @Test(arguments: [
        ("/app/ios/Flutter/Generated.xcconfig", "flutter pub get"),
        ("/app/macos/Flutter/ephemeral/Flutter-Generated.xcconfig", "flutter pub get"),
        ("/app/Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig", "pod install"),
        ("/app/ios/Flutter/Pods/Target Support Files/Pods-Runner/Pods-Runner.debug.xcconfig", "pod install"),
        ("/app/Config/Generated.xcconfig", nil),
        ("/app/Config/Shared.xcconfig", nil),
    ] as [(String, String?)])
    func aMissingIncludeThatABuildStepWritesNamesTheStep(_ path: String, _ step: String?) {
        #expect(XCConfigRules.generatingStep(for: path) == step)
    }

    @Test func aMissingGeneratedIncludeIsAWarningAndAnyOtherAnError() throws {
        let root = try TestFiles.directory([
            "ios/Flutter/Debug.xcconfig": "#include \"Generated.xcconfig\"\n#include \"Secrets.xcconfig\"\n",
        ])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("ios/Flutter/Debug.xcconfig"))
        let findings = XCConfigRules.findings(resolution)
        #expect(findings.map(\.rule) == [.includeGeneratedMissing, .includeMissing])
        #expect(findings.map(\.severity) == [.warning, .error])
        #expect(findings.first?.hint.contains("flutter pub get") == true)
    }
}
