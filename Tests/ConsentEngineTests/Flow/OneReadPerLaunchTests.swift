import Foundation
import Testing
@testable import ConsentEngine

/// A launch reads `state.json` once and replaces it once per event it records, and makes at most two full
/// decisions (ARCHITECTURE.md, "Rules of dependency"), counted through the store's injected file-system calls.
struct OneReadPerLaunchTests {
    private func opens(of name: String, in calls: [String]) -> Int { calls.filter { $0 == "open \(name)" }.count }
    private func renames(onto name: String, in calls: [String]) -> Int { calls.filter { $0 == "rename \(name)" }.count }

    @Test func aFirstLaunchWithAnAnswerReadsTheStateOnceReplacesItPerEventAndDecidesTwice() async throws {
        try await withTemporaryDirectory { directory async throws in
            // A state an earlier launch left, so that this launch has one to read.
            try makeStore(directory).update { record in
                record.lastKnownRegion = .other
                return .regionLearned(.other, at: testNow)
            }
            let recorder = CallRecorder()
            let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                                             calls: recorder.wrapping(.live))
            let manager = ConsentManager(policy: .default, store: store, clock: .fixed(testNow), receiptSink: CollectingSink())
            let prompts = FakePrompts(log: EventLog())
            let before = recorder.recorded.count
            let count = DecisionCount()
            let report = try await DecisionCount.$current.withValue(count) {
                try await manager.launch(context: context("DE", now: "2026-11-29T10:15:00Z"), forms: prompts, tracking: prompts,
                                         ads: FakeAds(log: EventLog())).run()
            }
            let calls = Array(recorder.recorded.dropFirst(before))

            #expect(report.shown == [.consentForm, .explainer, .trackingPrompt])
            #expect(opens(of: "state.json", in: calls) == 1, "state.json is read once: \(calls.filter { $0.contains("state.json") })")
            // regionLearned, consent, explainerShown, tracking: one replacement each, none more.
            #expect(renames(onto: "state.json", in: calls) == 4)
            #expect(count.decisions <= 2, "\(count.decisions) full decisions")
            #expect(try store.load().record.tracking?.status == .authorized)
        }
    }

    @Test func anotherProcessReplacingTheStateIsReadAgainUnderTheLock() throws {
        try withTemporaryDirectory { directory in
            let recorder = CallRecorder()
            let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                                             calls: recorder.wrapping(.live))
            try store.storeConsent(revision: 1)
            _ = try store.load()
            // Another process's store for the same folder writes in between.
            let other = try makeStore(directory)
            try other.storeConsent(revision: 2)
            let before = recorder.recorded.count
            let written = try store.update { record in
                record.explainerShownAt = testNow
                return .explainerShown(at: testNow)
            }
            let calls = Array(recorder.recorded.dropFirst(before))
            #expect(opens(of: "state.json", in: calls) == 1, "the replaced file is read again")
            #expect(written.consent?.policyRevision == 2, "the other process's answer is kept")
            #expect(written.changeCount == 3)
        }
    }

    @Test func aStateAsTheStoreLeftItIsNotReadAgain() throws {
        try withTemporaryDirectory { directory in
            let recorder = CallRecorder()
            let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                                             calls: recorder.wrapping(.live))
            try store.storeConsent(revision: 1)
            let before = recorder.recorded.count
            _ = try store.load()
            try store.storeConsent(revision: 2)
            _ = try store.load()
            let calls = Array(recorder.recorded.dropFirst(before))
            #expect(opens(of: "state.json", in: calls) == 0, "\(calls)")
            #expect(opens(of: "consent-log.jsonl", in: calls) == 1, "the log is only appended to: \(calls)")
        }
    }
}
