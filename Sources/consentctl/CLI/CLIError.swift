import ConsentAudit
import ConsentEngine
import ConsentPreferences
import ConsentSignals

/// The exit codes of `consentctl` (sysexits-style where one fits).
enum ExitCode: Int32, Sendable {
    case success = 0
    /// `audit` found errors; `test` could not load a fixture or found none.
    case failure = 1
    /// A fixture case failed.
    case testFailed = 2
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case cannotCreate = 73
    case ioError = 74
    case config = 78
    case interrupted = 130
    case terminated = 143
}

/// An error of the command line itself, with a hint on how to fix it.
struct CLIError: Error, Sendable {
    var message: String
    var hint: String?
    var exitCode: ExitCode

    static func usage(_ message: String, hint: String? = nil) -> CLIError {
        CLIError(message: message, hint: hint, exitCode: .usage)
    }
}

/// Turns every error a command can end with into its message, hint and exit code: the one place where
/// that mapping lives.
enum ErrorReport {
    static func describe(_ error: any Error) -> (message: String, hint: String?, code: ExitCode) {
        switch error {
        case let error as CLIError:
            return (error.message, error.hint, error.exitCode)
        case let error as SignalDecodingError:
            return ("the string does not decode: \(error)", "check that it was copied whole; consentctl decode reads TC, GPP, AC and US Privacy strings", .dataError)
        case let error as RegionError:
            return (error.description, "pass --geo with one of: \(RegionError.validForms)", .usage)
        case let error as PolicyError:
            switch error.kind {
            case .missingFile:
                return (error.description, "check the path given to --policy or --vendor-list", .noInput)
            case .invalid:
                return (error.description, "fix the value at \(error.path); 'consentctl policy check FILE' checks a policy", .config)
            }
        case let error as StoreError:
            switch error.kind {
            case .invalidAppID:
                return (error.description, "an app id is reverse-DNS: letters, digits, '.', '-' and '_' (e.g. com.example.Shopping)", .usage)
            case .cannotCreateDirectory:
                return (error.description, "choose another --state-dir (or CONSENTCTL_STATE_DIR)", .cannotCreate)
            case .cannotWrite:
                return (error.description, "check that the state directory holds a writable state.json file", .ioError)
            case .newerSchema:
                return (error.description, "a newer consentctl wrote this state; upgrade consentctl (the file was left untouched)", .dataError)
            }
        case let error as FlowError:
            return (error.description, "privacy options exist under the GDPR (EEA, UK, CH) and in regulated US states", .unavailable)
        case let error as ScriptedAnswers.Mismatch:
            return (error.description, "check the answer flags; 'consentctl prompt --help' lists them", .usage)
        case is TerminalInterrupt:
            return ("interrupted: nothing was stored for the open prompt", nil, .interrupted)
        case let error as TerminalUnavailable:
            return (error.description, "run in a terminal, pipe answers on stdin, or pass the answer flags", .unavailable)
        case let error as AuditError:
            return AuditErrorReport.describe(error)
        case let error as PreferencesError:
            return (error.description, error.hint, error.kind == .missingFile ? .noInput : .dataError)
        default:
            return (String(describing: error), nil, .failure)
        }
    }
}
