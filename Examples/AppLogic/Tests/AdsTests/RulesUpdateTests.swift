import Ads
import ConsentEngine
import Foundation
import Testing

/// Rules the app's server delivers after the release, handed to the engine as bytes with the public API
/// alone: kept, in force at the next launch, never rolled back, and logged in the chain.
struct RulesUpdateTests {
    let environment = AppEnvironment(appID: "com.example.Shopping", build: .release)
    /// The repository's files, as the app's server would send them.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func coordinator(_ manager: ConsentManager, log: SDKLog) -> AdsCoordinator {
        AdsCoordinator(
            manager: manager, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(.default))),
            tracking: FakeATT(log: log, answer: .denied), ads: FakeMobileAds(log: log),
            regionService: FixedRegion(region: "FR"), environment: environment)
    }

    @Test func aNewerPolicyIsInForceAtTheNextLaunchAnOlderOneIsRefusedAndTheLogShowsTheUpdate() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let receipts = ReceiptQueue()
        func manager() throws -> ConsentManager {
            ConsentManager(policy: .default, store: try FileConsentStore(appID: "com.example.Shopping", stateDirectory: folder.path),
                           receiptSink: receipts)
        }
        // The first launch answers under the policy the app shipped.
        let first = SDKLog()
        _ = try await coordinator(try manager(), log: first).start()
        #expect(await first.lines.first == "UMP.consentForm")

        // The server delivers revision 2, which adds a partner.
        let newer = try Data(contentsOf: Self.repository.appendingPathComponent("fixtures/updates/policy-revision-2.json"))
        #expect(try manager().updateRules(newer, kind: .policy))

        // A relaunch, a new process: the new rules are in force, and the new partner is asked for.
        let relaunch = SDKLog()
        _ = try await coordinator(try manager(), log: relaunch).start()
        #expect(await relaunch.lines.first == "UMP.consentForm")

        // The policy the app shipped, delivered again, is older than the one in force: refused, by kind.
        let older = try Data(contentsOf: Self.repository.appendingPathComponent("policies/default.json"))
        let current = try manager()
        var refusal: RulesUpdateError?
        do { try current.updateRules(older, kind: .policy) } catch { refusal = error }
        #expect(refusal?.kind == .older)
        let unchanged = SDKLog()
        _ = try await coordinator(try manager(), log: unchanged).start()
        #expect(await unchanged.lines.first != "UMP.consentForm", "still revision 2, answered: nothing to ask")

        // The backend's check of what it received: one chain, the update's line in it.
        let lines = receipts.lines
        #expect(lines.contains { $0.text.contains(#""event":"rulesUpdated""#) && $0.text.contains(#""version":2"#) })
        #expect(ConsentLogVerification(lines: lines).isIntact)
    }
}
