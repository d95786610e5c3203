/// The package build that `consentctl` came from, when it runs from a package's build folder
/// (`<package>/.build/<triple>/<configuration>/consentctl`, as `swift run consentctl` starts it): there
/// it can build the executable it hands a command to, which `swift run consentctl` does not build.
///
/// SwiftPM offers no way to have `swift run consentctl` build `consentctl-inspect` too without linking
/// it: an executable target that depends on another executable target links that target's library
/// dependencies (here libxml2 and all of Foundation) into the binary every launch runs, a product of the
/// same package cannot be a dependency, and a build-tool plugin builds a second copy of the tool for
/// itself (`consentctl-inspect-tool`), not the one beside `consentctl`.
struct PackageBuild: Equatable {
    /// The package's folder, where `Package.swift` is.
    let packageFolder: String
    /// `debug` or `release`, the build folder's configuration.
    let configuration: String

    init(packageFolder: String, configuration: String) {
        self.packageFolder = packageFolder
        self.configuration = configuration
    }

    /// The build of the executables in `folder`, or `nil` when `folder` is not the build folder of a
    /// package (an installed `consentctl`, which must find its helper beside it).
    ///
    /// - Parameter exists: whether something is at a path (injected for the tests).
    init?(executableFolder folder: String, exists: (String) -> Bool) {
        let components = folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard components.count >= 4, let configuration = components.last, ["debug", "release"].contains(configuration),
              components[components.count - 3] == ".build" else { return nil }
        let package = components.dropLast(3).joined(separator: "/")
        guard !package.isEmpty, exists(package + "/Package.swift") else { return nil }
        packageFolder = package
        self.configuration = configuration
    }

    /// `swift build` for `product` alone, in the same configuration.
    func command(product: String) -> [String] {
        ["swift", "build", "--package-path", packageFolder, "--product", product]
            + (configuration == "release" ? ["-c", "release"] : [])
    }

    /// Builds `executable`, which runs `consentctl command`, saying so on `console`'s stderr first; the
    /// build's own output goes to stderr too. Returns the error to report (exit 69) when the build did not
    /// leave the executable at `path`, `nil` when it did.
    func build(_ executable: String, at path: String, runs command: String, _ console: Console,
               run: ([String]) -> ChildProcess.Outcome = ChildProcess.run, exists: (String) -> Bool = ChildProcess.isExecutable) -> CLIError? {
        let arguments = self.command(product: executable)
        let shown = arguments.joined(separator: " ")
        console.error("consentctl: \(executable), which runs 'consentctl \(command)', is not built yet; building it once: \(shown)")
        let subject = "consentctl \(command) is run by \(executable), which is not built yet"
        let hint = "'swift build' in \(packageFolder) builds every executable of the package"
        switch run(arguments) {
        case .exited(0):
            guard exists(path) else {
                return CLIError(message: "\(subject), and '\(shown)' did not write it at \(path)", hint: hint, exitCode: .unavailable)
            }
            return nil
        case .exited(let status):
            return CLIError(message: "\(subject), and '\(shown)' failed (exit \(status))",
                            hint: "its output is above; \(hint)", exitCode: .unavailable)
        case .signalled(let signal):
            return CLIError(message: "\(subject), and '\(shown)' was ended by signal \(signal)", hint: hint, exitCode: .unavailable)
        case .notStarted(let reason):
            return CLIError(message: "\(subject), and swift could not start to build it: \(reason)",
                            hint: "put the Swift toolchain's bin folder on PATH, or build \(executable) in \(packageFolder) yourself",
                            exitCode: .unavailable)
        }
    }
}
