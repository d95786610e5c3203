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
    /// cannot start, with the error (exit 69) naming where it looked. Where `consentctl` runs from a
    /// package's build folder without the executable (after `swift run consentctl`), it builds it first,
    /// once, saying so on `console`'s stderr.
    package func handOver(_ arguments: [String], _ console: Console) -> CLIError {
        guard let folder = ExecutableLocation.folder() else {
            return CLIError(message: "consentctl \(name) is run by \(executable), and consentctl cannot tell its own folder",
                            hint: "run \(executable) \(name) directly", exitCode: .unavailable)
        }
        let path = folder + "/" + executable
        if !ChildProcess.isExecutable(path), let build = PackageBuild(executableFolder: folder, exists: ChildProcess.exists),
           let failure = build.build(executable, at: path, runs: name, console) {
            return failure
        }
        let reason = ExecutableLocation.replaceProcess(with: path, arguments: [executable, name] + arguments)
        return CLIError(message: "consentctl \(name) is run by \(executable), which is not beside consentctl: \(path) (\(reason))",
                        hint: "install \(executable) in the same folder as consentctl ('swift build' builds both)",
                        exitCode: .unavailable)
    }
}
