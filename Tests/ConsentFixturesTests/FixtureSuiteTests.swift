import ConsentAudit
import ConsentEngine
import Foundation
import Testing
@testable import ConsentFixtures
@testable import ConsentInspect

/// The repository's fixtures/ suite: a failing fixture fails `swift test`, and so does a rule pair or an
/// audit rule no fixture exercises.
struct FixtureSuiteTests {
    @Test func theWholeFixturesSuitePassesAndExercisesEveryRulePair() async throws {
        let options = TestCommand.runOptions(paths: ["fixtures"], currentDirectory: packageRoot)
        let suite = try await FixtureRunner.runSuite(options)
        let failures = suite.cases.flatMap { result in result.failures.map { "\(result.file): \(result.name): \($0.text)" } }
        #expect(failures == [])
        #expect(suite.loadErrors.map(\.description) == [])
        #expect(TestCommand.exitCode(for: suite) == .success)
        #expect(suite.cases.count { $0.kind != .audit } >= 80)
        #expect(suite.missing.map(\.description) == [])
        #expect(suite.exercised.count == RuleRegistry.pairs.count)
        #expect(suite.auditRulesMissing.map(\.rawValue) == [])
        #expect(suite.auditRulesExercised.count == AuditRule.allCases.count)
    }
}

/// The package's folder, found from this file's path, so tests read the real fixtures/.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
