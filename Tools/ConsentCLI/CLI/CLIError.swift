/// The exit codes of `consentctl` (sysexits-style where one fits).
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// `audit` found errors; `test` could not load a fixture or found none; `log --verify` found the chain
    /// broken; `receipt` has no answer to prove.
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

/// An error of the command line itself, with a hint on how to fix it and its exit code.
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
