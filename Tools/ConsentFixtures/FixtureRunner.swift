import ConsentAudit
import ConsentEngine
import Foundation
import ConsentJSON

/// What `consentctl test` was asked to do.
package struct FixtureRunOptions: Sendable {
    /// Fixture files and folders (searched recursively for `*.test.json`); empty means `fixtures/`.
    package var paths: [String] = []
    /// `--run REGEX`: only cases whose name this matches (anywhere in the name); the rest are skipped.
    package var runPattern: String?
    /// `-v`: every case with its time and trace.
    package var verbose = false
    /// `--json`: the whole result as one JSON object.
    package var json = false
    /// Where relative paths start.
    package var currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    /// The status `consentctl audit` ends with for an audit that ran or stopped, which an audit case
    /// states what it expects in (§8): the command line decides it, and hands it in here.
    package var auditExitStatus: AuditExitStatus

    package init(paths: [String] = [], runPattern: String? = nil, verbose: Bool = false, json: Bool = false,
                 currentDirectory: URL? = nil, auditExitStatus: @escaping AuditExitStatus) {
        self.paths = paths
        self.runPattern = runPattern
        self.verbose = verbose
        self.json = json
        if let currentDirectory { self.currentDirectory = currentDirectory }
        self.auditExitStatus = auditExitStatus
    }
}

/// The status `consentctl audit` ends with, for the report of an audit that ran or the error that stopped it.
package typealias AuditExitStatus = @Sendable (Result<AuditReport, AuditError>) -> Int32

/// Why `consentctl test` cannot run as asked.
package enum FixtureUsageError: Error, Sendable, Equatable {
    /// `--run` is not a regular expression; carries the pattern.
    case invalidPattern(String)
    /// `--run` takes longer than ``FixtureRunner/matchTimeLimitMilliseconds`` to match a case's name.
    case slowPattern(String, caseName: String)
}

/// Runs policy regression fixtures (§7): finds and loads `*.test.json` files, runs their decision, flow
/// and audit cases, compares them with what they expect, and counts the (rule, outcome) pairs of the
/// registry that the decisions went through and the audit rules that the audits fired.
package enum FixtureRunner {
    package static let defaultPaths = ["fixtures"]

    /// Runs the fixtures and returns every case's result, the load errors and the coverage.
    package static func runSuite(_ options: FixtureRunOptions) async throws(FixtureUsageError) -> FixtureSuiteResult {
        let filter = try options.runPattern.map { pattern throws(FixtureUsageError) in try regex(pattern) }
        let paths = options.paths.isEmpty ? defaultPaths : options.paths
        let discovery = FixtureDiscovery.files(in: paths, currentDirectory: options.currentDirectory)
        var suite = FixtureSuiteResult(loadErrors: discovery.errors)
        guard !discovery.files.isEmpty || !discovery.errors.isEmpty else {
            suite.problem = "no fixture files (*\(FixtureDiscovery.suffix)) found in \(paths.joined(separator: ", "))"
            return suite
        }

        let policies = PolicyCache()
        var cases: [FixtureCase] = []
        for location in discovery.files {
            let contents = FixtureFile.load(location.url, displayPath: location.displayPath, policies: policies)
            cases += contents.cases
            suite.loadErrors += contents.errors
        }

        // Every name is matched before any case runs, so that a pattern too slow to match is refused at once.
        var selected: [Bool] = []
        for fixtureCase in cases {
            selected.append(try filter.map { regex throws(FixtureUsageError) in
                try Self.matches(regex, fixtureCase.name, pattern: options.runPattern ?? "")
            } ?? true)
        }
        var exercised: Set<RuleRegistry.Pair> = []
        var auditRules: Set<AuditRule> = []
        for (fixtureCase, isSelected) in zip(cases, selected) {
            guard isSelected else {
                suite.cases.append(FixtureCaseResult(fixtureCase, status: .skipped))
                continue
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let (failures, decisions, fired) = await execute(fixtureCase, auditExitStatus: options.auditExitStatus)
            auditRules.formUnion(fired)
            var result = FixtureCaseResult(fixtureCase, status: failures.isEmpty ? .passed : .failed)
            result.nanoseconds = DispatchTime.now().uptimeNanoseconds - start
            result.failures = failures
            result.trace = decisions.last?.trace ?? []
            suite.cases.append(result)
            for decision in decisions {
                for entry in decision.trace { exercised.insert(RuleRegistry.Pair(rule: entry.rule, outcome: entry.outcome)) }
            }
        }
        suite.exercised = RuleRegistry.pairs.filter(exercised.contains)
        suite.missing = RuleRegistry.pairs.filter { !exercised.contains($0) }
        suite.auditRulesExercised = AuditRule.allCases.filter(auditRules.contains)
        suite.auditRulesMissing = AuditRule.allCases.filter { !auditRules.contains($0) }
        if let pattern = options.runPattern, !cases.isEmpty, suite.cases.allSatisfy({ $0.status == .skipped }) {
            suite.problem = "no case name matches --run '\(pattern)'"
        }
        return suite
    }

    /// Runs one case: its failures, the decisions it evaluated (the last one's trace is shown with -v),
    /// and the audit rules its findings came from.
    static func execute(_ fixtureCase: FixtureCase, auditExitStatus: AuditExitStatus) async
        -> (failures: [FixtureFailure], decisions: [Decision], auditRules: Set<AuditRule>) {
        switch fixtureCase.body {
        case .explain(let explain):
            return (explain.run(), [], [])
        case .decision(let decisionCase):
            var decision = DecisionEngine.decide(policy: decisionCase.policy, context: decisionCase.context,
                                                 record: decisionCase.record)
            // A case that expects signals is decided as a command that writes them: with their warnings.
            let signals = decisionCase.expect.signals.map { _ in
                SignalBuilder.signals(policy: decisionCase.policy, context: decisionCase.context,
                                      record: decisionCase.record, decision: decision)
            }
            decision.warnings += signals?.warnings ?? []
            return (decisionCase.expect.failures(against: decision, signals: signals), [decision], [])
        case .flow(let flow):
            let (failures, decisions) = await FlowRunner.run(flow)
            return (failures, decisions, [])
        case .audit(let audit, let directory):
            let (failures, rules) = audit.run(in: directory, exitStatus: auditExitStatus)
            return (failures, [], rules)
        }
    }

    private static func regex(_ pattern: String) throws(FixtureUsageError) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            throw .invalidPattern(pattern)
        }
    }

    /// How long `--run` may take to match one case name, in milliseconds: a pattern that backtracks
    /// without end (`(a+)+$`) is refused instead of taking minutes. (Measured on Dispatch's monotonic
    /// clock: `ContinuousClock` needs iOS 16.)
    package static let matchTimeLimitMilliseconds: UInt64 = 100

    /// Whether `regex` matches `name` anywhere, within ``matchTimeLimit``.
    private static func matches(_ regex: NSRegularExpression, _ name: String, pattern: String) throws(FixtureUsageError) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + matchTimeLimitMilliseconds * 1_000_000
        var found = false
        var timedOut = false
        // `.reportProgress` calls back during a long match, which is where it can be stopped.
        regex.enumerateMatches(in: name, options: [.reportProgress], range: NSRange(name.startIndex..., in: name)) { match, _, stop in
            if match != nil {
                found = true
                stop.pointee = true
            } else if DispatchTime.now().uptimeNanoseconds > deadline {
                timedOut = true
                stop.pointee = true
            }
        }
        guard !timedOut else { throw .slowPattern(pattern, caseName: name) }
        return found
    }
}

/// The outcome of a whole run, before it is rendered.
package struct FixtureSuiteResult {
    package var cases: [FixtureCaseResult] = []
    package var loadErrors: [FixtureLoadError] = []
    /// Why nothing could be run (no fixture files, or no case matching `--run`), which fails the run.
    package var problem: String?
    /// The registry's pairs that some decision went through, in registry order.
    package var exercised: [RuleRegistry.Pair] = []
    /// The registry's pairs no decision went through.
    package var missing: [RuleRegistry.Pair] = []
    /// The audit rules some audit case's findings came from, in `AuditRule.allCases` order.
    package var auditRulesExercised: [AuditRule] = []
    /// The audit rules no audit case fired.
    package var auditRulesMissing: [AuditRule] = []

    package var passed: Int { cases.count { $0.status == .passed } }
    package var failed: Int { cases.count { $0.status == .failed } }
    package var skipped: Int { cases.count { $0.status == .skipped } }
}

/// The result of one case.
package struct FixtureCaseResult {
    package enum Status: String {
        case passed, failed, skipped
    }

    package var file: String
    package var name: String
    package var kind: FixtureKind
    package var status: Status
    /// How long the case took, in nanoseconds; `nil` when it was skipped.
    package var nanoseconds: UInt64?
    package var failures: [FixtureFailure] = []
    /// The trace of the case's last decision (none for audits).
    package var trace: [TraceEntry] = []

    init(_ fixtureCase: FixtureCase, status: Status) {
        file = fixtureCase.file
        name = fixtureCase.name
        kind = fixtureCase.kind
        self.status = status
    }
}
