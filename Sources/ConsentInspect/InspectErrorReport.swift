import ConsentAudit
import ConsentCLI
import ConsentFixtures
import ConsentPreferences

/// The inspect tool's one mapping of the errors of the libraries only it links (the audit, the device's
/// preferences, the fixture runner) to messages, hints and exit codes; every other error goes through
/// ``ErrorReport`` as in `consentctl`.
enum InspectErrorReport {
    /// The report for `error`, or `nil` when it is not an error of these libraries.
    @Sendable static func describe(_ error: any Error) -> ErrorReport? {
        switch error {
        case let error as AuditError: describe(error)
        case let error as PreferencesError: describe(error)
        case let error as FixtureUsageError: describe(error)
        default: nil
        }
    }

    /// §8: a request that cannot run is 64, a file that cannot be parsed 65, a missing one 66.
    static func describe(_ error: AuditError) -> ErrorReport {
        if let file = error.fileError {
            return ErrorReport.describe(file, message: error.description, option: nil, content: .dataError)
        }
        let code: ExitCode = switch error.kind {
        case .usage: .usage
        case .malformedInput: .dataError
        case .missingFile: .noInput
        }
        return ErrorReport(error.description, hint: error.hint, code: code)
    }

    /// §10: a file that is not preferences is 65, a missing one 66.
    static func describe(_ error: PreferencesError) -> ErrorReport {
        if let file = error.fileError {
            return ErrorReport.describe(file, message: error.description, option: nil, content: .dataError)
        }
        let code: ExitCode = switch error.kind {
        case .notPreferences: .dataError
        case .missingFile: .noInput
        }
        return ErrorReport(error.description, hint: error.hint, code: code)
    }

    static func describe(_ error: FixtureUsageError) -> ErrorReport {
        switch error {
        case .invalidPattern(let pattern):
            ErrorReport("--run '\(pattern)' is not a valid regular expression",
                        hint: "--run takes an ICU regular expression matched anywhere in case names, e.g. --run 'expir' or --run '^GDPR'",
                        code: .usage)
        case .slowPattern(let pattern, let name):
            ErrorReport("--run '\(pattern)' takes longer than \(FixtureRunner.matchTimeLimitMilliseconds) ms to match the case name '\(name)'",
                        hint: "simplify the pattern (nested repetition such as (a+)+ backtracks without end), e.g. --run 'expir'",
                        code: .usage)
        }
    }
}
