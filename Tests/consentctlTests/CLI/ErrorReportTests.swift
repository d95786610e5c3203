@testable import ConsentCLI
@testable import ConsentEngine
import ConsentReports
import ConsentImpact
import ConsentVocabulary
import ConsentSignals
import ConsentFiles
import ConsentJSON
import Testing

/// Every error case of the libraries `consentctl` links becomes the exit code the README gives it ("The command line"), in
/// `ErrorReport`, the one place; hints follow the case, not the wording of the message.
struct ErrorReportTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var error: any Error & Sendable
        var code: ExitCode
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "a missing policy", error: PolicyError(kind: .missingFile, file: "p.json", path: "$", message: "no such policy file"), code: .noInput),
        Row(name: "a missing vendor list", error: PolicyError(kind: .missingFile, file: "v.json", path: "$", message: "no such vendor list", isVendorList: true), code: .noInput),
        Row(name: "a policy that is not JSON", error: PolicyError(kind: .invalidJSON, file: "p.json", path: "$", message: "not valid JSON at line 1, column 2"), code: .config),
        Row(name: "a vendor list that is not JSON", error: PolicyError(kind: .invalidJSON, file: "v.json", path: "$", message: "not valid JSON at line 1, column 2", isVendorList: true), code: .dataError),
        Row(name: "an empty policy", error: PolicyError(kind: .invalid, file: "p.json", path: "$", message: "is empty"), code: .config),
        Row(name: "a policy with a wrong value", error: PolicyError(kind: .invalid, file: "p.json", path: "$.purposes[0].id", message: "expected a whole number"), code: .config),
        Row(name: "a vendor list with a wrong value", error: PolicyError(kind: .invalid, file: "v.json", path: "$.vendors", message: "expected an object", isVendorList: true), code: .dataError),
        Row(name: "an invalid app id", error: StoreError(kind: .invalidAppID, path: "../x", message: "not reverse-DNS"), code: .usage),
        Row(name: "a state folder that cannot be created", error: StoreError(kind: .cannotCreateDirectory, path: "/f/state", message: "not a folder"), code: .cannotCreate),
        Row(name: "a state that cannot be written", error: StoreError(kind: .cannotWrite, path: "/s/state.json", message: "is a directory"), code: .ioError),
        Row(name: "a state of a newer schema", error: StoreError(kind: .newerSchema, path: "/s/state.json", message: "schema 9"), code: .dataError),
        Row(name: "a missing state folder to diff over", error: StoredStatesError(kind: .missing, path: "qa-states", reason: "no such folder"), code: .noInput),
        Row(name: "a file where the state folder to diff over belongs", error: StoredStatesError(kind: .notAFolder, path: "qa-states", reason: "not a folder"), code: .noInput),
        Row(name: "a state folder that cannot be listed", error: StoredStatesError(kind: .cannotList, path: "qa-states", reason: "cannot list it"), code: .ioError),
        Row(name: "an unknown region", error: RegionError.unknownRegion("Europe"), code: .usage),
        Row(name: "an unknown US state", error: RegionError.unknownUSState("US-XX"), code: .usage),
        Row(name: "privacy options where none are required", error: FlowError.privacyOptionsNotRequired(region: .other, regulation: .none), code: .unavailable),
        Row(name: "a string that does not decode", error: ErrorReportTests.decodingError, code: .dataError),
        Row(name: "a scripted answer that does not fit", error: ScriptedAnswers.Mismatch(answer: "allow", prompt: .consentForm, hint: "consent, reject or manage"), code: .usage),
        Row(name: "an interrupt", error: TerminalInterrupt.interrupted, code: .interrupted),
        Row(name: "no terminal", error: TerminalUnavailable(path: "/dev/tty", reason: "no such device"), code: .unavailable),
        Row(name: "a failed write", error: OutputError(stream: "standard output", reason: "no space left on device"), code: .ioError),
        Row(name: "a usage error of the command line", error: CLIError.usage("--app needs a value (ID)", hint: "write --app ID"), code: .usage),
        Row(name: "a value a string cannot carry", error: SignalEncodingError(field: "cmpId", reason: "5000 does not fit in 12 bits"), code: .dataError),
        Row(name: "JSON that does not parse", error: JSONSyntaxError(message: "expected ',' or '}'", line: 3, column: 7), code: .dataError),
        Row(name: "a JSON value that does not belong", error: JSONFieldError(path: "$.cmpId", message: "expected a whole number"), code: .dataError),
        Row(name: "a consent log given to log --verify that is missing", error: InputFileError(.missing, path: "log.jsonl", kind: .consentLog), code: .noInput),
        Row(name: "a consent log given to log --verify that is too large", error: InputFileError(.tooLarge(bound: 64), path: "log.jsonl", kind: .consentLog), code: .dataError),
        Row(name: "no answer to prove", error: ConsentReceiptError.noAnswer("the stored answer was given by another CMP"), code: .failure),
    ]

    static var decodingError: SignalDecodingError {
        do {
            _ = try TCString(decoding: "")
        } catch {
            return error
        }
        fatalError("an empty TC string decoded")
    }

    @Test(arguments: rows)
    func eachErrorCaseExitsWithTheCodeTheContractGivesIt(row: Row) {
        let report = ErrorReport.describe(row.error)
        #expect(report.code == row.code)
        #expect(!report.message.isEmpty)
        #expect(!report.message.contains("Error("), "a Swift type name in \(report.message)")
    }

    @Test func everyErrorCaseButAnInterruptComesWithAHint() {
        for row in Self.rows where row.code != .interrupted {
            #expect(ErrorReport.describe(row.error).hint != nil, "\(row.name)")
        }
    }

    @Test func aPolicyThatIsNotJSONGetsTheSyntaxHintWhateverItsMessageSays() {
        let error = PolicyError(kind: .invalidJSON, file: "p.json", path: "$", message: "unexpected end of input")
        #expect(ErrorReport.describe(error).hint?.hasPrefix("fix the JSON syntax at that line and column") == true)
    }

    @Test func aWrongValueInAPolicyGetsTheHintNamingItsPathEvenWhenItsMessageMentionsJSON() {
        let error = PolicyError(kind: .invalid, file: "p.json", path: "$.id", message: "not valid JSON at heart")
        #expect(ErrorReport.describe(error).hint?.hasPrefix("fix the value at $.id") == true)
    }

    @Test(arguments: rows)
    func eachErrorTypeOfThePackageIsDescribedByItsOwnRow(row: Row) throws {
        let reportable = try #require(row.error as? any ReportableError, "\(row.name) has no row")
        #expect(ErrorReport.describe(row.error) == reportable.report)
    }

    @Test func anErrorFromOutsideThePackageTakesTheOneFallbackInItsOwnWords() {
        struct Outside: Error, CustomStringConvertible { var description: String { "something else broke" } }
        #expect(ErrorReport.describe(Outside()) == ErrorReport("something else broke", hint: nil, code: .failure))
        #expect(ErrorReport.describe(CancellationError()).code == .failure)
    }

    @Test(arguments: [
        (Region.other, Regulation.none, "privacy options are not required outside the EEA, the UK, Switzerland and the regulated US states (region other, regulation none): there is no form to reopen"),
        (.unknown, .unknown, "privacy options are not required while the region is unknown (region unknown, regulation unknown): there is no form to reopen"),
        (.usState("TX"), .none, "privacy options are not required in US-TX, a US state this policy does not regulate (region US-TX, regulation none): there is no form to reopen"),
    ])
    func privacyOptionsWhereNoneAreRequiredNameTheRegionAsTheReadmeDoes(region: Region, regulation: Regulation, message: String) {
        #expect(ErrorReport.describe(FlowError.privacyOptionsNotRequired(region: region, regulation: regulation)).message == message)
    }
}
