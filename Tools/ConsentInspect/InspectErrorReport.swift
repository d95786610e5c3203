import ConsentAudit
import ConsentCLI
import ConsentFixtures
import ConsentPreferences
import ConsentPropertyLists

// The rows of the errors of the libraries only the inspect tool links (the audit, the plist reader, the
// device's preferences, the fixture runner) in the command line's one mapping, `ReportableError`
// (`Tools/ConsentCLI/CLI/ErrorReport.swift`); every other error has its row there.

/// §8: a request that cannot run is 64, a file that cannot be parsed 65, a missing one 66.
extension AuditError: ReportableError {
    package var report: ErrorReport {
        if let fileError {
            return ErrorReport.describe(fileError, message: description, option: nil, content: .dataError)
        }
        let code: ExitCode = switch kind {
        case .usage: .usage
        case .malformedInput: .dataError
        case .missingFile: .noInput
        }
        return ErrorReport(description, hint: hint, code: code)
    }
}

/// §10: a file that is not preferences is 65, a missing one 66.
extension PreferencesError: ReportableError {
    package var report: ErrorReport {
        if let fileError {
            return ErrorReport.describe(fileError, message: description, option: nil, content: .dataError)
        }
        let code: ExitCode = switch kind {
        case .notPreferences: .dataError
        case .missingFile: .noInput
        }
        return ErrorReport(description, hint: hint, code: code)
    }
}

/// The audit and the diagnosis wrap the plist reader's error in their own; one that reaches a command
/// bare is read alike: a file that cannot be parsed is 65, a missing one 66.
extension PropertyListError: ReportableError {
    package var report: ErrorReport {
        if let fileError {
            return ErrorReport.describe(fileError, message: description, option: nil, content: .dataError)
        }
        let code: ExitCode = switch kind {
        case .malformedInput: .dataError
        case .missingFile: .noInput
        }
        return ErrorReport(description, hint: hint, code: code)
    }
}

extension FixtureUsageError: ReportableError {
    package var report: ErrorReport {
        switch self {
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
