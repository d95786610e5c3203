import ConsentCLI
import ConsentFixtures
import Foundation

/// `consentctl test [PATH…]`: run policy regression fixtures.
enum TestCommand: Command {
    static let name = "test"
    static let summary = "run policy regression fixtures (default: fixtures/)"
    static let usage = "consentctl test [PATH…] [-v] [--run REGEX] [--json]"
    static let about = """
    Runs the *.test.json fixtures under the given files and folders (default: fixtures/): decision cases
    (a context and stored answers → the expected decision fields), flow cases (scripted answers → what was
    shown, whether ads started, what was stored, the final decision) and audit cases. Prints one line per
    failure with the expected and actual values, then "N passed, N failed" and how many of the engine's
    (rule, outcome) pairs the suite exercised. Exits 0 when every case passed, 2 when a case failed, and 1
    when a fixture could not be loaded or none was found. The format is documented in fixtures/README.md.
    """
    static let takesCommonOptions = false
    static let takesOperands = true
    static let options: [OptionSpec] = [
        .flag(.verbose), .option(.run), .flag(.json, help: "print the results as JSON"),
    ]
    static let examples = [
        "consentctl test",
        "consentctl test fixtures/decisions --run expiry -v",
        "consentctl test fixtures/flows/first-launch.test.json --json",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let options = runOptions(paths: arguments.positionals, runPattern: arguments[Option.run],
                                 verbose: arguments[Flag.verbose], json: arguments[Flag.json])
        let result = FixtureReport.render(try await FixtureRunner.runSuite(options), verbose: options.verbose, json: options.json)
        invocation.console.out(result.output)
        if !result.errors.isEmpty { invocation.console.error(result.errors) }
        return result.exitCode
    }

    /// What the runner is asked to do, with how `consentctl audit` exits for the audit cases to compare.
    static func runOptions(paths: [String], runPattern: String? = nil, verbose: Bool = false, json: Bool = false,
                           currentDirectory: URL? = nil) -> FixtureRunOptions {
        FixtureRunOptions(paths: paths, runPattern: runPattern, verbose: verbose, json: json,
                          currentDirectory: currentDirectory, auditExitStatus: AuditCommand.exitStatus)
    }

    /// §5: 1 when a fixture could not be loaded or nothing was found (this wins), 2 when a case failed.
    static func exitCode(for suite: FixtureSuiteResult) -> ExitCode {
        if !suite.loadErrors.isEmpty || suite.problem != nil { return .failure }
        return suite.failed > 0 ? .testFailed : .success
    }
}

extension Flag {
    static let verbose = Flag("verbose", help: "every case with its time and trace", short: "v")
}

extension Option where Value == String {
    static var run: Option<String> { Option("run", "REGEX", help: "only the cases whose name matches REGEX; the others are skipped") }
}
