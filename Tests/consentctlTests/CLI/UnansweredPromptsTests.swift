@testable import ConsentCLI
import ConsentEngine
import Foundation
import Testing

/// The check `--no-input` makes before a launch names the prompt the launch itself would meet first without
/// an answer, over every combination of region, system tracking answer, reset, earlier state and flags:
/// the launch, run on a copy of the record with every unflagged prompt refused, is the oracle.
struct UnansweredPromptsTests {
    static let now = "2026-06-01T10:00:00Z"

    /// What a case runs: `prompt` or `privacy-options`, with its options after the command word.
    struct Case: CustomStringConvertible {
        var step: UnansweredPrompts.Step
        var arguments: [String]
        var prior: String

        var description: String { "\(step == .run ? "prompt" : "privacy-options") \(arguments.joined(separator: " ")) after \(prior)" }
    }

    /// The parts a launch is made of, as the command line builds them from `arguments`.
    private struct Launching {
        let options: CommonOptions
        let flags: AnswerFlags
        let policy: Policy

        init(_ step: UnansweredPrompts.Step, _ arguments: [String]) throws {
            let command: any Command.Type = step == .run ? PromptCommand.self : PrivacyOptionsCommand.self
            let parsed = try ParsedArguments.parse(arguments + ["--now", UnansweredPromptsTests.now, "--no-input"],
                                                   options: command.allOptions, command: command.name)
            options = try CommonOptions(parsed)
            flags = try AnswerFlags(parsed)
            policy = try options.loadPolicy()
        }

        func manager(_ record: ConsentRecord) -> ConsentManager {
            ConsentManager(policy: policy, store: InMemoryConsentStore(record: record), clock: options.clock)
        }

        var context: DecisionContext { options.context(now: options.clock.now()) }
    }

    /// The first prompt no flag answers, the slow way: the launch itself on a copy of `record`, answered by the
    /// command line's own presenters, `--no-input`'s refusing every prompt the flags leave.
    private static func oracle(_ step: UnansweredPrompts.Step, _ launching: Launching, _ record: ConsentRecord) async throws -> PromptKind? {
        let presenter = RoutingPresenter(flags: launching.flags, forms: NoInputPresenter(), tracking: NoInputPresenter())
        let launch = launching.manager(record).launch(context: launching.context, forms: presenter, tracking: presenter, ads: NoAdsSDK())
        do {
            _ = try await step == .run ? launch.run() : launch.openPrivacyOptions()
            return nil
        } catch let error as CLIError {
            guard let kind = PromptKind.allCases.first(where: { AnswerFlags.missing($0).message == error.message }) else { throw error }
            return kind
        } catch FlowError.privacyOptionsNotRequired {
            return nil
        }
    }

    /// Earlier states, each left by a launch answered as a user would have answered it months before.
    private static func priors() async throws -> [(String, ConsentRecord)] {
        func after(_ geo: String, _ flags: [String], explainer: ExplainerResult? = nil, at now: String) async throws -> ConsentRecord {
            let store = InMemoryConsentStore()
            let parsed = try ParsedArguments.parse(["--geo", geo, "--now", now] + flags, options: PromptCommand.allOptions, command: "prompt")
            let options = try CommonOptions(parsed)
            let answers = Answers(flags: try AnswerFlags(parsed), explainer: explainer)
            let manager = ConsentManager(policy: try options.loadPolicy(), store: store, clock: options.clock)
            _ = try await manager.launch(context: options.context(now: options.clock.now()), forms: answers, tracking: answers, ads: NoAdsSDK()).run()
            return store.load().record
        }
        let months = "2026-03-01T09:00:00Z", years = "2024-01-01T09:00:00Z"
        return [
            ("nothing stored", .empty),
            ("consent and tracking answered", try await after("DE", ["--consent", "all", "--explainer", "continue", "--tracking", "allow"], at: months)),
            ("a rejection with the explainer left", try await after("DE", ["--consent", "none"], explainer: .dismissed, at: months)),
            ("a custom answer without purpose 1", try await after("DE", ["--consent", "custom", "--vendors", "755"], at: months)),
            ("an answer that has expired", try await after("DE", ["--consent", "all", "--explainer", "continue", "--tracking", "deny"], at: years)),
            ("tracking answered in Japan", try await after("JP", ["--explainer", "continue", "--tracking", "deny"], at: months)),
        ]
    }

    static let regions = ["DE", "US-CA", "JP", "unknown"]
    static let systems: [[String]] = [[], ["--tracking-system", "denied"], ["--tracking-system", "notDetermined"]]
    static let consents: [[String]] = [
        [], ["--consent", "all"], ["--consent", "none"], ["--consent", "custom"],
        ["--consent", "custom", "--purposes", "1,3,4", "--vendors", "755"],
    ]

    static func cases(priors: [String]) -> [Case] {
        var cases: [Case] = []
        for prior in priors {
            for geo in regions {
                for system in systems {
                    for consent in consents {
                        let base = ["--geo", geo] + system + consent
                        for reset in [[], ["--reset-consent"]] {
                            for explainer in [[], ["--explainer", "continue"]] {
                                for tracking in [[], ["--tracking", "deny"]] {
                                    cases.append(Case(step: .run, arguments: base + reset + explainer + tracking, prior: prior))
                                }
                            }
                        }
                        for optOut in [[], ["--opt-out", "sale"]] {
                            cases.append(Case(step: .privacyOptions, arguments: base + optOut, prior: prior))
                        }
                    }
                }
            }
        }
        return cases
    }

    @Test func theCheckNamesThePromptTheLaunchWouldMeetFirstWithoutAnAnswer() async throws {
        let priors = try await Self.priors()
        let records = Dictionary(uniqueKeysWithValues: priors)
        var disagreements: [String] = []
        var met: [PromptKind?: Int] = [:]
        for item in Self.cases(priors: priors.map(\.0)) {
            let record = try #require(records[item.prior])
            let launching = try Launching(item.step, item.arguments)
            let expected = try await Self.oracle(item.step, launching, record)
            let checked = try UnansweredPrompts.first(item.step, flags: launching.flags, manager: launching.manager(record),
                                                      context: launching.context, record: record)
            met[expected, default: 0] += 1
            if checked != expected {
                disagreements.append("\(item): the launch meets \(expected.map(\.rawValue) ?? "no unanswered prompt"), the check says \(checked.map(\.rawValue) ?? "none")")
            }
        }
        #expect(disagreements.count == 0, "the first of them:\n\(disagreements.prefix(5).joined(separator: "\n"))")
        // Not vacuous: the launches met every kind of unanswered prompt, and often none.
        for kind in [PromptKind?.none] + PromptKind.allCases.map(Optional.some) {
            #expect(met[kind, default: 0] > 10, "\(kind.map(\.rawValue) ?? "none"): \(met[kind, default: 0]) cases")
        }
    }
}

/// Answers a launch from the flags, and the explainer as given (a user who left it).
private struct Answers: ConsentFormPresenter, TrackingAuthorizer {
    let flags: AnswerFlags
    let explainer: ExplainerResult?

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        try flags.consentChoices(for: request).map(ConsentFormResult.answered) ?? .dismissed
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        flags.optOutChoices(for: request).map(OptOutFormResult.answered) ?? .dismissed
    }

    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        explainer ?? flags.explainer ?? .dismissed
    }

    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        flags.tracking ?? .dismissed
    }
}
