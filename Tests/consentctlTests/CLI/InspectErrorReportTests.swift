import ConsentAudit
@testable import ConsentCLI
import ConsentEngine
import ConsentFixtures
@testable import ConsentInspect
import ConsentPreferences
import Foundation
import ConsentFiles
import ConsentPropertyLists
import Testing

/// Every error case of the libraries only `consentctl-inspect` links becomes the exit code the README gives
/// it ("The command line", "Auditing an app", "Diagnosing a device"), in the inspect tool's one mapping; an audit's outcome becomes its status in the command.
struct InspectErrorReportTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var error: any Error & Sendable
        var code: ExitCode
        var testDescription: String { name }
    }

    static let file = URL(fileURLWithPath: "/app/Info.plist")

    static let rows: [Row] = [
        Row(name: "an audit without a plist", error: AuditError(kind: .usage, file: nil, line: nil, message: "no plist", hint: "pass --plist"), code: .usage),
        Row(name: "a plist that cannot be parsed", error: AuditError(kind: .malformedInput, file: file, line: 3, message: "not well-formed", hint: "fix it"), code: .dataError),
        Row(name: "a missing xcconfig", error: AuditError(kind: .missingFile, file: file, line: nil, message: "no such file", hint: "check the path"), code: .noInput),
        Row(name: "a file that is not preferences", error: PreferencesError(kind: .notPreferences, file: "/d/x.txt", message: "looks like text", hint: "pass a plist"), code: .dataError),
        Row(name: "missing preferences", error: PreferencesError(kind: .missingFile, file: "/d/x.plist", message: "no such file", hint: "check the path"), code: .noInput),
        Row(name: "a --run that is not a regular expression", error: FixtureUsageError.invalidPattern("(unclosed"), code: .usage),
        Row(name: "a --run too slow to match", error: FixtureUsageError.slowPattern("(a+)+$", caseName: "aaaa!"), code: .usage),
        Row(name: "a plist that is not well-formed", error: PropertyListError(kind: .malformedInput, file: file, line: 2, message: "not well-formed", hint: "fix the XML"), code: .dataError),
        Row(name: "a plist that is missing", error: PropertyListError(kind: .missingFile, file: file, line: nil, message: "no such file", hint: "check the path"), code: .noInput),
        Row(name: "a plist over its bound", error: PropertyListError(InputFileError(.tooLarge(bound: 64), path: "/app/Info.plist", kind: .propertyList)), code: .dataError),
    ]

    @Test(arguments: rows)
    func eachErrorCaseExitsWithTheCodeTheContractGivesIt(row: Row) throws {
        let report = try #require(row.error as? any ReportableError, "\(row.name) has no row").report
        #expect(report.code == row.code)
        #expect(report.hint != nil)
        #expect(ErrorReport.describe(row.error) == report)
    }

    @Test func aRunPatternErrorSaysWhatIsWrongWithThePattern() {
        let invalid = FixtureUsageError.invalidPattern("(unclosed").report
        #expect(invalid.message == "--run '(unclosed' is not a valid regular expression")
        let slow = FixtureUsageError.slowPattern("(a+)+$", caseName: "aaaa!").report
        #expect(slow.message == "--run '(a+)+$' takes longer than \(FixtureRunner.matchTimeLimitMilliseconds) ms to match the case name 'aaaa!'")
    }

    @Test func anAuditFailsOnlyWhenAFindingIsAnError() {
        let error = Finding(rule: .adUnitNotTest, file: "/app/Info.plist", line: 8, message: "real unit")
        let warning = Finding(rule: .skAdNetworkThirdPartyMissing, file: "/app/Info.plist", line: 14, message: "lacks some")
        let info = Finding(rule: .appIDNotTest, file: "/app/App.xcconfig", line: nil, message: "real app id")
        #expect(AuditCommand.exitCode(for: AuditReport(findings: [error, warning, info])) == .failure)
        #expect(AuditCommand.exitCode(for: AuditReport(findings: [warning, info])) == .success)
        #expect(AuditCommand.exitCode(for: AuditReport(findings: [])) == .success)
    }

    @Test func theStatusAnAuditCaseComparesIsTheCommandsExitCode() {
        #expect(AuditCommand.exitStatus(of: .success(AuditReport(findings: []))) == 0)
        let stopped = AuditError(kind: .missingFile, file: Self.file, line: nil, message: "no such file", hint: "check the path")
        #expect(AuditCommand.exitStatus(of: .failure(stopped)) == 66)
    }
}
