import ConsentEngine
import ConsentReports
import ConsentImpact
import ConsentVocabulary
import ConsentSignals
import ConsentWeb
import ConsentFiles
import ConsentJSON

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

/// An error type of the package, with its row of the command line's one mapping: its message, hint and
/// exit code, decided by its case (never by the text of a message).
///
/// Every error type the package declares conforms, here for the libraries `consentctl` links and in
/// `Tools/ConsentInspect/InspectErrorReport.swift` for those only the inspect tool links;
/// `Tests/PackageTests/ErrorMappingTests.swift` reads the sources and fails on an error type without a row.
package protocol ReportableError: Error {
    /// The error's message, hint and exit code.
    var report: ErrorReport { get }
}

extension ErrorReport {
    /// Turns every error a command can end with into its message, hint and exit code: the error's own row,
    /// or, for an error from outside the package, the one fallback.
    package static func describe(_ error: any Error) -> ErrorReport {
        if let error = error as? any ReportableError { return error.report }
        return unexpected(error)
    }

    /// An error no row describes (the standard library's or a system framework's): its own words, exit 1.
    private static func unexpected(_ error: any Error) -> ErrorReport {
        // Never a Swift type name: an error that does not describe itself is named by what failed.
        // (Asked of the error's own type: on Linux every error bridges to a describable NSError.)
        let described = type(of: error) is any CustomStringConvertible.Type ? "\(error)" : "the command failed unexpectedly"
        return ErrorReport(described, hint: nil, code: .failure)
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
}

// MARK: - The command line's own errors

extension CLIError: ReportableError {
    package var report: ErrorReport { ErrorReport(message, hint: hint, code: exitCode) }
}

extension OutputError: ReportableError {
    package var report: ErrorReport {
        ErrorReport(description, hint: "the output was cut short (a full disk, a closed descriptor or pipe); anything stored before stays stored", code: .ioError)
    }
}

extension TerminalInterrupt: ReportableError {
    var report: ErrorReport { ErrorReport("interrupted: nothing was stored for the open prompt", hint: nil, code: .interrupted) }
}

extension TerminalUnavailable: ReportableError {
    var report: ErrorReport {
        ErrorReport(description, hint: "run in a terminal, pipe answers on stdin, or pass the answer flags", code: .unavailable)
    }
}

// MARK: - The libraries consentctl links

extension SignalDecodingError: ReportableError {
    package var report: ErrorReport {
        ErrorReport("the string does not decode: \(self)", hint: "check that it was copied whole; consentctl decode reads TC, GPP, AC and US Privacy strings", code: .dataError)
    }
}

/// An answer of the consent form's web page that cannot be stored: bad input data.
extension ConsentFormRefusal: ReportableError {
    package var report: ErrorReport {
        ErrorReport("the form's answer was refused (\(kind.rawValue)): \(reason)",
                    hint: "nothing was stored; an answer is the JSON message the form's page sends", code: .dataError)
    }
}

/// Choices a form returned that do not answer the policy's form (an id it does not show): bad input data.
extension ConsentChoicesError: ReportableError {
    package var report: ErrorReport {
        ErrorReport("the form's choices were refused: \(description)",
                    hint: "nothing was stored; the choices may name only the purposes, special features and partners of the policy's form", code: .dataError)
    }
}

/// A value a string's field cannot carry comes from the stored answer or the policy: bad input data.
extension SignalEncodingError: ReportableError {
    package var report: ErrorReport {
        ErrorReport(description, hint: "the stored answer or the policy holds a value the string cannot carry; 'consentctl policy check FILE' checks a policy", code: .dataError)
    }
}

/// JSON that reached a command without a file's own error around it is bad input data.
extension JSONSyntaxError: ReportableError {
    package var report: ErrorReport {
        ErrorReport("not valid JSON at \(description)", hint: "fix the JSON syntax at that line and column", code: .dataError)
    }
}

extension JSONFieldError: ReportableError {
    package var report: ErrorReport {
        ErrorReport(description, hint: "fix the value at \(path)", code: .dataError)
    }
}

extension RegionError: ReportableError {
    package var report: ErrorReport {
        ErrorReport(description, hint: "pass --geo with one of: \(RegionError.validForms)", code: .usage)
    }
}

extension FlowError: ReportableError {
    package var report: ErrorReport {
        switch self {
        case .privacyOptionsNotRequired(let region, let regulation):
            ErrorReport("privacy options are not required \(Self.place(region)) (region \(region), regulation \(regulation.rawValue)): there is no form to reopen",
                        hint: "privacy options exist under the GDPR (EEA, UK, CH) and in regulated US states", code: .unavailable)
        }
    }

    /// Where the user is, in the README's words: `other` is everywhere outside the regulated regions.
    private static func place(_ region: Region) -> String {
        switch region {
        case .eea: "in the EEA under this policy"
        case .uk: "in the UK under this policy"
        case .ch: "in Switzerland under this policy"
        case .usState(let state): "in US-\(state), a US state this policy does not regulate"
        case .unitedStates: "in the United States without a state, which this policy does not regulate"
        case .other: "outside the EEA, the UK, Switzerland and the regulated US states"
        case .unknown: "while the region is unknown"
        }
    }
}

/// A policy is configuration (78); a vendor list is input data (65); either missing is 66.
extension PolicyError: ReportableError {
    package var report: ErrorReport {
        let option = isVendorList ? "--vendor-list" : "--policy"
        if let fileError {
            // A base policy is named by the policy's `extends`, not by the flag.
            return ErrorReport.describe(fileError, message: description, option: path == "$" ? option : nil,
                                        content: isVendorList ? .dataError : .config)
        }
        switch kind {
        case .missingFile:
            return ErrorReport(description, hint: "check the path given to \(option)", code: .noInput)
        case .invalidJSON where isVendorList, .invalid where isVendorList:
            return ErrorReport(description, hint: "the vendor list must be an IAB Global Vendor List v3 JSON file; fix the value at \(path)", code: .dataError)
        case .invalidJSON:
            return ErrorReport(description, hint: "fix the JSON syntax at that line and column; 'consentctl policy check FILE' checks a policy", code: .config)
        case .invalid where path == "$":
            return ErrorReport(description, hint: "a policy file holds one JSON object (policies/README.md); 'consentctl policy check FILE' checks a policy", code: .config)
        case .invalid:
            return ErrorReport(description, hint: "fix the value at \(path); 'consentctl policy check FILE' checks a policy", code: .config)
        case .newerFormat where isVendorList:
            return ErrorReport(description, hint: "fix the value at \(path); 'consentctl policy check FILE' checks a policy", code: .config)
        case .newerFormat:
            return ErrorReport(description, hint: "upgrade consentctl to read it, or write the policy in format \(Policy.newestFormatVersion)", code: .config)
        }
    }
}

/// `policy update` (and an app's `updateRules`): a refusal changed nothing. A policy that is not valid, or
/// would make one that is not, is configuration (78); any other refusal is the file's content (65).
extension RulesUpdateError: ReportableError {
    package var report: ErrorReport {
        switch kind {
        case .invalid where rules == .policy, .invalidPolicy:
            ErrorReport(description, hint: "'consentctl policy check FILE' checks a policy; nothing was kept", code: .config)
        case .invalid:
            ErrorReport(description, hint: rules == .vendorList
                ? "the file must be an IAB Global Vendor List v3 with its vendorListVersion; nothing was kept"
                : "the file must be an IAB translation of the vendor list's texts (purposes-fr.json); nothing was kept", code: .dataError)
        case .otherPolicy:
            ErrorReport(description, hint: "an update is a newer revision of the app's own policy (its id); nothing was kept", code: .dataError)
        case .older, .sameVersionOtherBytes:
            ErrorReport(description, hint: "deliver a newer revision or version; the rules in force stay, nothing was kept", code: .dataError)
        case .notKept:
            ErrorReport(description, hint: "keep rules with a FileConsentStore", code: .unavailable)
        case .store:
            storeError?.report ?? ErrorReport(description, hint: nil, code: .ioError)
        }
    }
}

extension StoreError: ReportableError {
    package var report: ErrorReport {
        switch kind {
        case .invalidAppID:
            ErrorReport(description, hint: "an app id is reverse-DNS: letters, digits, '.', '-' and '_' (e.g. com.example.Shopping)", code: .usage)
        case .cannotCreateDirectory:
            ErrorReport(description, hint: "choose another --state-dir (or CONSENTCTL_STATE_DIR)", code: .cannotCreate)
        case .cannotWrite:
            ErrorReport(description, hint: "check \(path): the app's state folder may hold only regular files this user can write (no links, folders, FIFOs or devices)", code: .ioError)
        case .newerSchema:
            ErrorReport(description, hint: "a newer consentctl wrote this state; upgrade consentctl (the file was left untouched)", code: .dataError)
        case .corrupt:
            ErrorReport(description, hint: "the bytes are not a record the engine serialized; the file store sets such a state.json aside itself", code: .dataError)
        }
    }
}

/// `policy diff --state-dir`: a folder that is not there is missing input (66), like a missing file.
extension StoredStatesError: ReportableError {
    package var report: ErrorReport {
        switch kind {
        case .missing, .notAFolder:
            ErrorReport(description, hint: "give --state-dir the folder that holds the apps' state folders (<state dir>/<app id>/state.json)", code: .noInput)
        case .cannotList:
            ErrorReport(description, hint: "check that this user may read \(path)", code: .ioError)
        }
    }
}

/// No answer to prove is an outcome (1); a policy that cannot make a Kantara receipt is configuration (78).
extension ConsentReceiptError: ReportableError {
    package var report: ErrorReport {
        switch self {
        case .noAnswer:
            ErrorReport(description, hint: "an answer given through consentctl prompt or privacy-options (or an app's form) has a receipt", code: .failure)
        case .controllerMissing:
            ErrorReport(description, hint: "add a controller block to the policy (policies/README.md) and pass it with --policy", code: .config)
        case .notAConsent:
            ErrorReport(description, hint: "print the opt-outs' receipt with --format json", code: .failure)
        }
    }
}

/// A file a command reads itself (`log --verify FILE`): too large is bad input data.
extension InputFileError: ReportableError {
    package var report: ErrorReport {
        ErrorReport.describe(self, message: description, option: nil, content: .dataError)
    }
}

/// A fixture's scripted answer that does not fit its prompt (the fixture runner reports it as the case's
/// failure; this row is for any other caller).
extension ScriptedAnswers.Mismatch: ReportableError {
    package var report: ErrorReport {
        ErrorReport(description, hint: "check the script's answers against the vocabulary in fixtures/README.md", code: .usage)
    }
}
