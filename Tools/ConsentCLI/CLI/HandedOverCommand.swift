/// A command that an executable beside `consentctl` runs, as git and cargo hand over subcommands: the
/// audit, the device diagnosis and the fixture runner read property lists with libxml2, and the binary
/// that answers `status` at every launch should not load it.
package struct HandedOverCommand: Sendable {
    /// The command's name (`audit`).
    package let name: String
    /// One line for the command list.
    package let summary: String
    /// Its help, word for word as the executable prints it (`HandedOverHelp`), which `consentctl` prints
    /// itself so that the help works without the executable.
    package let help: String
    /// The executable that runs it, found in the folder of `consentctl` itself.
    package let executable: String

    package init(name: String, summary: String, help: String, executable: String) {
        self.name = name
        self.summary = summary
        self.help = help
        self.executable = executable
    }

    /// Replaces this process with the executable, given `arguments` after its name; returns only when it
    /// cannot start, with the error (exit 69) naming where it looked and the command that builds it.
    /// Nothing is built here: `swift run consentctl` builds `consentctl` alone, and building the package is
    /// the developer's step, not a side effect of a command.
    package func handOver(_ arguments: [String]) -> CLIError {
        guard let folder = ExecutableLocation.folder() else {
            return CLIError(message: "consentctl \(name) is run by \(executable), and consentctl cannot tell its own folder",
                            hint: "run \(executable) \(name) directly", exitCode: .unavailable)
        }
        let path = folder + "/" + executable
        let reason = ExecutableLocation.replaceProcess(with: path, arguments: [executable, name] + arguments)
        return CLIError(message: "consentctl \(name) is run by \(executable), which is not beside consentctl: \(path) (\(reason))",
                        hint: "build it in the package with '\(buildCommand(in: folder))' (or 'swift build', which builds both), "
                            + "or install it in the same folder as consentctl",
                        exitCode: .unavailable)
    }

    /// The command that builds the executable, in the configuration of a build folder named after one
    /// (`.build/<triple>/release`).
    func buildCommand(in folder: String) -> String {
        "swift build" + (folder.hasSuffix("/release") ? " -c release" : "") + " --product \(executable)"
    }
}
