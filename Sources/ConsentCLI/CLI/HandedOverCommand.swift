/// A command that an executable beside `consentctl` runs, as git and cargo hand over subcommands: the
/// audit, the device diagnosis and the fixture runner read property lists with libxml2, and the binary
/// that answers `status` at every launch should not load it.
package struct HandedOverCommand: Sendable {
    /// The command's name (`audit`).
    package let name: String
    /// One line for the command list.
    package let summary: String
    /// The executable that runs it, found in the folder of `consentctl` itself.
    package let executable: String

    package init(name: String, summary: String, executable: String) {
        self.name = name
        self.summary = summary
        self.executable = executable
    }

    /// Replaces this process with the executable, given `arguments` after its name; returns only when it
    /// cannot start, with the error (exit 69) naming where it looked.
    package func handOver(_ arguments: [String]) -> CLIError {
        guard let folder = ExecutableLocation.folder() else {
            return CLIError(message: "consentctl \(name) is run by \(executable), and consentctl cannot tell its own folder",
                            hint: "run \(executable) \(name) directly", exitCode: .unavailable)
        }
        let path = folder + "/" + executable
        let reason = ExecutableLocation.replaceProcess(with: path, arguments: [executable, name] + arguments)
        return CLIError(message: "consentctl \(name) is run by \(executable), which is not beside consentctl: \(path) (\(reason))",
                        hint: "install \(executable) in the same folder as consentctl ('swift build' builds both)",
                        exitCode: .unavailable)
    }
}
