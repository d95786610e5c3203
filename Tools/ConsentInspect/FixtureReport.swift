import ConsentCLI
import ConsentAudit
import ConsentJSON
import ConsentEngine
import ConsentFixtures

/// Renders a run for the terminal (one line per failure, then the counts and the rule coverage) or as
/// the JSON object of `consentctl test --json`.
enum FixtureReport {
    static let loadHint = "  hint: fix the field at the path shown; fixtures/README.md describes the fixture format"

    static func render(_ suite: FixtureSuiteResult, verbose: Bool, json: Bool) -> FixtureRunResult {
        FixtureRunResult(
            exitCode: TestCommand.exitCode(for: suite),
            output: json ? JSONWriter.text(self.json(suite)) + "\n" : text(suite, verbose: verbose),
            errors: errors(suite))
    }

    /// `FAIL <file>: <case>: <field>: expected <x>, got <y>` per failure (with `verbose`, every case with
    /// its time and trace first), then `N passed, N failed[, N skipped]`, `rules exercised: N of M` and
    /// `audit rules exercised: N of M`.
    static func text(_ suite: FixtureSuiteResult, verbose: Bool) -> String {
        var lines: [String] = []
        for result in suite.cases {
            if verbose {
                lines.append(statusLine(result))
                lines += result.trace.map { "    \($0.rule.rawValue)/\($0.outcome): \($0.reason)" }
            }
            lines += result.failures.map { "FAIL \(result.file): \(result.name): \($0.text)" }
        }
        if !lines.isEmpty { lines.append("") }
        var counts = "\(suite.passed) passed, \(suite.failed) failed"
        if suite.skipped > 0 { counts += ", \(suite.skipped) skipped" }
        lines.append(counts)
        lines.append("rules exercised: \(suite.exercised.count) of \(RuleRegistry.pairs.count)")
        lines.append("audit rules exercised: \(suite.auditRulesExercised.count) of \(AuditRule.allCases.count)")
        if verbose && !suite.missing.isEmpty {
            lines.append("not exercised: " + suite.missing.map(\.description).joined(separator: ", "))
        }
        if verbose && !suite.auditRulesMissing.isEmpty {
            lines.append("audit rules not exercised: " + suite.auditRulesMissing.map(\.rawValue).joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines for stderr: fixtures that could not be loaded, or why nothing ran.
    static func errors(_ suite: FixtureSuiteResult) -> String {
        var lines = suite.loadErrors.map { "consentctl: error: \($0)" }
        if !lines.isEmpty { lines.append(loadHint) }
        if let problem = suite.problem {
            lines.append("consentctl: error: \(problem)")
            lines.append("  hint: pass fixture folders or *.test.json files (default: fixtures/); --run matches case names")
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// `{"cases": [...], "errors": [...], "passed", "failed", "skipped", "rules": {...}, "auditRules": {...}}`.
    static func json(_ suite: FixtureSuiteResult) -> JSONValue {
        .members([
            "cases": .array(suite.cases.map(caseJSON)),
            "errors": .array(suite.loadErrors.map { error in
                .members(["file": .string(error.file), "path": error.path.map(JSONValue.string) ?? .null,
                          "message": .string(error.message)])
            } + (suite.problem.map { [.members(["file": .null, "path": .null, "message": .string($0)])] } ?? [])),
            "passed": .integer(suite.passed),
            "failed": .integer(suite.failed),
            "skipped": .integer(suite.skipped),
            "exitCode": .integer(Int(TestCommand.exitCode(for: suite).rawValue)),
            "rules": .members([
                "exercised": .integer(suite.exercised.count),
                "total": .integer(RuleRegistry.pairs.count),
                "exercisedPairs": .strings(suite.exercised.map(\.description)),
                "missingPairs": .strings(suite.missing.map(\.description)),
            ]),
            "auditRules": .members([
                "exercised": .integer(suite.auditRulesExercised.count),
                "total": .integer(AuditRule.allCases.count),
                "exercisedRules": .strings(suite.auditRulesExercised.map(\.rawValue)),
                "missingRules": .strings(suite.auditRulesMissing.map(\.rawValue)),
            ]),
        ])
    }

    private static func caseJSON(_ result: FixtureCaseResult) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init(key: "file", value: .string(result.file)),
            .init(key: "name", value: .string(result.name)),
            .init(key: "kind", value: .string(result.kind.rawValue)),
            .init(key: "status", value: .string(result.status.rawValue)),
        ]
        if let nanoseconds = result.nanoseconds {
            members.append(.init(key: "durationMs", value: .number((milliseconds(nanoseconds) * 1000).rounded() / 1000)))
        }
        if result.status != .skipped {
            members.append(.init(key: "failures", value: .array(result.failures.map(failureJSON))))
            members.append(.init(key: "trace", value: .strings(result.trace.map { "\($0.rule.rawValue)/\($0.outcome)" })))
        }
        return .object(members)
    }

    private static func failureJSON(_ failure: FixtureFailure) -> JSONValue {
        let field = failure.field.map(JSONValue.string) ?? .null
        switch failure.detail {
        case .mismatch(let expected, let actual):
            return .members(["field": field, "expected": expected, "actual": actual])
        case .message(let text):
            return .members(["field": field, "message": .string(text)])
        }
    }

    private static func statusLine(_ result: FixtureCaseResult) -> String {
        let word: String
        switch result.status {
        case .passed: word = "PASS"
        case .failed: word = "FAIL"
        case .skipped: word = "SKIP"
        }
        let time = result.nanoseconds.map { " (\(formatted($0)))" } ?? ""
        return "\(word) \(result.file): \(result.name)\(time)"
    }

    private static func milliseconds(_ nanoseconds: UInt64) -> Double {
        Double(nanoseconds) / 1e6
    }

    private static func formatted(_ nanoseconds: UInt64) -> String {
        let ms = milliseconds(nanoseconds)
        return ms < 1 ? "\(Int((ms * 1000).rounded())) µs" : "\((ms * 100).rounded() / 100) ms"
    }
}

/// What `consentctl test` prints and exits with.
struct FixtureRunResult: Sendable, Equatable {
    /// ``TestCommand/exitCode(for:)``.
    var exitCode: ExitCode
    /// For stdout: failures, the counts and the rule coverage (or the JSON object).
    var output: String
    /// For stderr: one `consentctl: error:` line per fixture that could not be loaded, then a hint; empty
    /// when every fixture loaded.
    var errors: String
}

