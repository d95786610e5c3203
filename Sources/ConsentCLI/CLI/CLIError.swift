import ConsentEngine
import ConsentSignals
import InputFiles

/// The exit codes of `consentctl` (sysexits-style where one fits).
package enum ExitCode: Int32, Sendable {
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
package struct CLIError: Error, Sendable {
    package var message: String
    package var hint: String?
    package var exitCode: ExitCode

    package init(message: String, hint: String? = nil, exitCode: ExitCode) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
    }

    package static func usage(_ message: String, hint: String? = nil) -> CLIError {
        CLIError(message: message, hint: hint, exitCode: .usage)
    }
}

/// An error of a library the commands of `consentctl-inspect` use, reporting itself; ``ErrorReport`` asks it
/// first, so the main binary need not link that library to map its errors.
package protocol ReportableError: Error {
    /// The message, the hint and the exit code.
    var report: (message: String, hint: String?, code: ExitCode) { get }
}

/// Turns every error a command can end with into its message, hint and exit code: the one place where
/// that mapping lives (errors of the inspect tool's libraries through ``ReportableError``).
package enum ErrorReport {
    static func describe(_ error: any Error) -> (message: String, hint: String?, code: ExitCode) {
        if let reportable = error as? any ReportableError { return reportable.report }
        switch error {
        case let error as CLIError:
            return (error.message, error.hint, error.exitCode)
        case let error as SignalDecodingError:
            return ("the string does not decode: \(error)", "check that it was copied whole; consentctl decode reads TC, GPP, AC and US Privacy strings", .dataError)
        case let error as RegionError:
            return (error.description, "pass --geo with one of: \(RegionError.validForms)", .usage)
        case let error as PolicyError:
            let option = error.isVendorList ? "--vendor-list" : "--policy"
            if let file = error.fileError {
                // A base policy is named by the policy's `extends`, not by the flag.
                return describe(file, message: error.description, option: error.path == "$" ? option : nil,
                                content: error.isVendorList ? .dataError : .config)
            }
            switch error.kind {
            case .missingFile:
                return (error.description, "check the path given to \(option)", .noInput)
            case .invalid where error.isVendorList:
                return (error.description, "the vendor list must be an IAB Global Vendor List v3 JSON file; fix the value at \(error.path)", .dataError)
            case .invalid where error.message.hasPrefix("not valid JSON at"):
                return (error.description, "fix the JSON syntax at that line and column; 'consentctl policy check FILE' checks a policy", .config)
            case .invalid where error.path == "$":
                return (error.description, "a policy file holds one JSON object (policies/README.md); 'consentctl policy check FILE' checks a policy", .config)
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
                return (error.description, "check \(error.path): the app's state folder may hold only regular files this user can write (no links, folders, FIFOs or devices)", .ioError)
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
        case let error as OutputError:
            return (error.description, "the output was cut short (a full disk, a closed descriptor or pipe); anything stored before stays stored", .ioError)
        default:
            // Never a Swift type name: an error that does not describe itself is named by what failed.
            // (Asked of the error's own type: on Linux every error bridges to a describable NSError.)
            let described = type(of: error) is any CustomStringConvertible.Type ? "\(error)" : "the command failed unexpectedly"
            return (described, nil, .failure)
        }
    }
}

extension ErrorReport {
    /// A file the bounded reader refused, however it reached the command: `message` is the error that
    /// carries it, described; `option` is the flag that named the file, for the hint; `content` is the
    /// code of a file too large for its kind (78 for a policy, 65 for other input). Every other case is a
    /// missing input (66).
    package static func describe(_ error: InputFileError, message: String, option: String?, content: ExitCode)
        -> (message: String, hint: String?, code: ExitCode) {
        let path = option.map { "the path given to \($0)" } ?? "the path"
        switch error.problem {
        case .missing:
            return (message, "check \(path); a relative path starts at the current directory", .noInput)
        case .unreadable:
            return (message, "check that this user may read the file", .noInput)
        case .directory:
            return (message, "name the file itself, not its folder", .noInput)
        case .notRegularFile:
            return (message, "give a regular file, or a pipe such as <(cat FILE)", .noInput)
        case .pipeDidNotEnd(let seconds):
            return (message, "the program writing to the pipe must finish within \(seconds) seconds; write its output to a file first", .noInput)
        case .tooLarge:
            return (message, "check that \(path) names the \(error.name)", content)
        }
    }
}
