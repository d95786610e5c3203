import ConsentEngine
import ConsentVocabulary
import ConsentSignals
import InputFiles

/// What an error a command ended with becomes: one line that says what and where, a hint, an exit code.
package struct ErrorReport: Sendable, Equatable {
    package var message: String
    package var hint: String?
    package var code: ExitCode

    package init(_ message: String, hint: String?, code: ExitCode) {
        self.message = message
        self.hint = hint
        self.code = code
    }
}

/// Describes the errors of libraries that only another executable links (the inspect tool's audit,
/// preferences and fixtures), or returns `nil` for an error that is not theirs.
package typealias LibraryErrorReport = @Sendable (any Error) -> ErrorReport?

extension ErrorReport {
    /// Turns every error a command can end with into its message, hint and exit code: the one place where
    /// that mapping lives, by error case (never by the text of a message). Errors of the libraries only
    /// the inspect tool links are described by `libraries`, its own one mapping.
    package static func describe(_ error: any Error, libraries: LibraryErrorReport? = nil) -> ErrorReport {
        switch error {
        case let error as CLIError:
            return ErrorReport(error.message, hint: error.hint, code: error.exitCode)
        case let error as SignalDecodingError:
            return ErrorReport("the string does not decode: \(error)", hint: "check that it was copied whole; consentctl decode reads TC, GPP, AC and US Privacy strings", code: .dataError)
        case let error as RegionError:
            return ErrorReport(error.description, hint: "pass --geo with one of: \(RegionError.validForms)", code: .usage)
        case let error as PolicyError:
            return describe(error)
        case let error as StoreError:
            return describe(error)
        case let error as StoredStatesError:
            return describe(error)
        case let error as FlowError:
            return ErrorReport(error.description, hint: "privacy options exist under the GDPR (EEA, UK, CH) and in regulated US states", code: .unavailable)
        case let error as ConsentReceiptError:
            return describe(error)
        case let error as InputFileError:
            // A file a command reads itself (`log --verify FILE`): too large is bad input data.
            return describe(error, message: error.description, option: nil, content: .dataError)
        case let error as ScriptedAnswers.Mismatch:
            return ErrorReport(error.description, hint: "check the answer flags; 'consentctl prompt --help' lists them", code: .usage)
        case is TerminalInterrupt:
            return ErrorReport("interrupted: nothing was stored for the open prompt", hint: nil, code: .interrupted)
        case let error as TerminalUnavailable:
            return ErrorReport(error.description, hint: "run in a terminal, pipe answers on stdin, or pass the answer flags", code: .unavailable)
        case let error as OutputError:
            return ErrorReport(error.description, hint: "the output was cut short (a full disk, a closed descriptor or pipe); anything stored before stays stored", code: .ioError)
        default:
            if let report = libraries?(error) { return report }
            // Never a Swift type name: an error that does not describe itself is named by what failed.
            // (Asked of the error's own type: on Linux every error bridges to a describable NSError.)
            let described = type(of: error) is any CustomStringConvertible.Type ? "\(error)" : "the command failed unexpectedly"
            return ErrorReport(described, hint: nil, code: .failure)
        }
    }

    /// A policy is configuration (78); a vendor list is input data (65); either missing is 66.
    private static func describe(_ error: PolicyError) -> ErrorReport {
        let option = error.isVendorList ? "--vendor-list" : "--policy"
        if let file = error.fileError {
            // A base policy is named by the policy's `extends`, not by the flag.
            return describe(file, message: error.description, option: error.path == "$" ? option : nil,
                            content: error.isVendorList ? .dataError : .config)
        }
        switch error.kind {
        case .missingFile:
            return ErrorReport(error.description, hint: "check the path given to \(option)", code: .noInput)
        case .invalidJSON where error.isVendorList, .invalid where error.isVendorList:
            return ErrorReport(error.description, hint: "the vendor list must be an IAB Global Vendor List v3 JSON file; fix the value at \(error.path)", code: .dataError)
        case .invalidJSON:
            return ErrorReport(error.description, hint: "fix the JSON syntax at that line and column; 'consentctl policy check FILE' checks a policy", code: .config)
        case .invalid where error.path == "$":
            return ErrorReport(error.description, hint: "a policy file holds one JSON object (policies/README.md); 'consentctl policy check FILE' checks a policy", code: .config)
        case .invalid:
            return ErrorReport(error.description, hint: "fix the value at \(error.path); 'consentctl policy check FILE' checks a policy", code: .config)
        }
    }

    /// A file the bounded reader refused, however it reached the command: `message` is the error that
    /// carries it, described; `option` is the flag that named the file, for the hint; `content` is the
    /// code of a file too large for its kind (78 for a policy, 65 for other input). Every other case is a
    /// missing input (66).
    package static func describe(_ error: InputFileError, message: String, option: String?, content: ExitCode) -> ErrorReport {
        let path = option.map { "the path given to \($0)" } ?? "the path"
        switch error.problem {
        case .missing:
            return ErrorReport(message, hint: "check \(path); a relative path starts at the current directory", code: .noInput)
        case .unreadable:
            return ErrorReport(message, hint: "check that this user may read the file", code: .noInput)
        case .directory:
            return ErrorReport(message, hint: "name the file itself, not its folder", code: .noInput)
        case .notRegularFile:
            return ErrorReport(message, hint: "give a regular file, or a pipe such as <(cat FILE)", code: .noInput)
        case .pipeDidNotEnd(let seconds):
            return ErrorReport(message, hint: "the program writing to the pipe must finish within \(seconds) seconds; write its output to a file first", code: .noInput)
        case .tooLarge:
            return ErrorReport(message, hint: "check that \(path) names the \(error.name)", code: content)
        }
    }

    /// `policy diff --state-dir`: a folder that is not there is missing input (66), like a missing file.
    private static func describe(_ error: StoredStatesError) -> ErrorReport {
        switch error.kind {
        case .missing, .notAFolder:
            return ErrorReport(error.description, hint: "give --state-dir the folder that holds the apps' state folders (<state dir>/<app id>/state.json)", code: .noInput)
        case .cannotList:
            return ErrorReport(error.description, hint: "check that this user may read \(error.path)", code: .ioError)
        }
    }

    /// No answer to prove is an outcome (1); a policy that cannot make a Kantara receipt is configuration (78).
    private static func describe(_ error: ConsentReceiptError) -> ErrorReport {
        switch error {
        case .noAnswer:
            return ErrorReport(error.description, hint: "an answer given through consentctl prompt or privacy-options (or an app's form) has a receipt", code: .failure)
        case .controllerMissing:
            return ErrorReport(error.description, hint: "add a controller block to the policy (policies/README.md) and pass it with --policy", code: .config)
        case .notAConsent:
            return ErrorReport(error.description, hint: "print the opt-outs' receipt with --format json", code: .failure)
        }
    }

    private static func describe(_ error: StoreError) -> ErrorReport {
        switch error.kind {
        case .invalidAppID:
            return ErrorReport(error.description, hint: "an app id is reverse-DNS: letters, digits, '.', '-' and '_' (e.g. com.example.Shopping)", code: .usage)
        case .cannotCreateDirectory:
            return ErrorReport(error.description, hint: "choose another --state-dir (or CONSENTCTL_STATE_DIR)", code: .cannotCreate)
        case .cannotWrite:
            return ErrorReport(error.description, hint: "check \(error.path): the app's state folder may hold only regular files this user can write (no links, folders, FIFOs or devices)", code: .ioError)
        case .newerSchema:
            return ErrorReport(error.description, hint: "a newer consentctl wrote this state; upgrade consentctl (the file was left untouched)", code: .dataError)
        }
    }
}
