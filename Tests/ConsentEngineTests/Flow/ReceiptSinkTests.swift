import ConsentSignals
import Foundation
import Testing
@testable import ConsentEngine

/// A sink that keeps every line it is handed.
final class CollectingSink: ConsentReceiptSink, @unchecked Sendable {
    // @unchecked: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var received: [ConsentLogLine] = []

    var lines: [ConsentLogLine] { lock.withLock { received } }

    func receive(_ line: ConsentLogLine) {
        lock.withLock { received.append(line) }
    }
}

/// The launch flow hands every line it appends to the app's receipt sink, and a line that records an
/// answer carries its proof.
struct ReceiptSinkTests {
    private func entry(_ line: ConsentLogLine) throws -> ConsentLogEntry {
        try StateJSON.logEntry(from: Array(line.text.utf8))
    }

    @Test func everyLineALaunchAppendsReachesTheSinkChainedAndEachAnswerCarriesItsProof() async throws {
        let sink = CollectingSink()
        let store = InMemoryConsentStore(installIDs: .fixed("3b241101-e2bb-4255-8caf-4136c566a962"))
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(date("2026-06-01T12:00:00Z")), receiptSink: sink)
        let prompts = FakePrompts(log: EventLog())
        let launch = manager.launch(context: context("DE"), forms: prompts, tracking: prompts, ads: FakeAds(log: EventLog()))
        _ = try await launch.run()

        let lines = sink.lines
        #expect(lines == store.logLines(), "the sink gets the lines exactly as written")
        let entries = try lines.map(entry)
        #expect(entries.map(\.event) == ["regionLearned", "consent", "explainerShown", "tracking"])
        #expect(ConsentLogVerification(lines: lines).isIntact)
        #expect(lines.map(\.number) == [1, 2, 3, 4])

        let answers = entries.filter { $0.proof != nil }
        #expect(answers.map(\.event) == ["consent", "tracking"], "a receipt per answer, none for the other lines")
        for answer in answers {
            let proof = try #require(answer.proof)
            #expect(answer.policyID == "publisher-test-ads" && answer.policyRevision == 1)
            #expect(proof.policyFiles == [PolicyFileHash(path: "embedded:default", sha256: EmbeddedDefaultPolicy.sha256)])
            #expect(proof.language == "en")
            #expect(proof.collectionMethod == .appForm, "an app's own presenter")
            #expect(proof.engineVersion == EngineVersion.current)
            #expect(answer.installID == "3b241101-e2bb-4255-8caf-4136c566a962")
        }
        // The strings are those the launch wrote to the keys.
        let signals = try manager.evaluateWithSignals(context("DE")).signals
        #expect(answers[0].proof?.tcString == signals.tcString && signals.tcString != nil)
        #expect(answers[0].proof?.acString == signals.acString)
        #expect(answers[0].proof?.gppString == signals.gppString)
    }

    @Test func optOutsChosenInPrivacyOptionsCarryTheGPPStringTheyProduced() async throws {
        let sink = CollectingSink()
        let manager = ConsentManager(policy: .default, store: InMemoryConsentStore(), clock: .fixed(date("2026-06-01T12:00:00Z")),
                                     receiptSink: sink)
        let prompts = FakePrompts(log: EventLog(), optOut: .answered(OptOutChoices(sale: true, sharing: true)))
        let launch = manager.launch(context: context("US-CA"), forms: prompts, tracking: prompts, ads: FakeAds(log: EventLog()))
        _ = try await launch.openPrivacyOptions()

        let optOuts = try #require(try sink.lines.map(entry).first { $0.event == "usOptOuts" })
        #expect(optOuts.proof?.gppString == "DBABL~BVQWAAAAAg")
        #expect(optOuts.proof?.tcString == nil && optOuts.proof?.acString == nil)
        let text = try #require(sink.lines.first { $0.text.contains("usOptOuts") }).text
        #expect(text.contains(#""tcString":null"#) && text.contains(#""acString":null"#), "null where none: \(text)")
    }

    @Test func anAnswerReadFromAnotherCMPsKeysHasNoProofButItsLinesStillReachTheSink() async throws {
        let sink = CollectingSink()
        let base = InMemoryConsentStore()
        let manager = ConsentManager(policy: .default, keysOf: NoKeys(), base: base, clock: .fixed(date("2026-06-01T12:00:00Z")),
                                     receiptSink: sink)
        let prompts = FakePrompts(log: EventLog())
        _ = try await manager.launch(context: context("JP"), forms: prompts, tracking: prompts, ads: FakeAds(log: EventLog())).run()

        let entries = try sink.lines.map(entry)
        #expect(entries.map(\.event) == ["regionLearned", "explainerShown", "tracking"])
        #expect(entries.allSatisfy { $0.proof == nil })
        #expect(sink.lines == base.logLines())
    }

    @Test func aResetOutsideTheLaunchReachesTheSinkToo() throws {
        let sink = CollectingSink()
        let manager = ConsentManager(policy: .default, store: InMemoryConsentStore(), receiptSink: sink)
        try manager.reset(region: .eea)
        #expect(try sink.lines.map(entry).map(\.event) == ["reset"])
    }

    @Test func aPolicyFileAndTheFilesItReadsAreNamedWithTheHashesOfTheirBytes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("proof-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try Data(contentsOf: repositoryRoot.appendingPathComponent("policies/default.json"))
        try base.write(to: folder.appendingPathComponent("base.json"))
        let list = try Data(contentsOf: repositoryRoot.appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json"))
        try list.write(to: folder.appendingPathComponent("gvl.json"))
        let own = Data(#"{"extends": "base.json", "id": "shopping", "revision": 2, "vendorList": {"path": "gvl.json", "vendors": [755]}}"#.utf8)
        let file = folder.appendingPathComponent("shopping.json")
        try own.write(to: file)

        let policy = try PolicyLoader.load(contentsOf: file)
        #expect(policy.sourceFiles.map(\.hashed) == [
            PolicyFileHash(path: file.path, sha256: SHA256Hash.hex(Array(own))),
            PolicyFileHash(path: folder.appendingPathComponent("base.json").path, sha256: SHA256Hash.hex(Array(base))),
            PolicyFileHash(path: folder.appendingPathComponent("gvl.json").path, sha256: SHA256Hash.hex(Array(list))),
        ])

        let sink = CollectingSink()
        let manager = ConsentManager(policy: policy, store: InMemoryConsentStore(), clock: .fixed(date("2026-06-01T12:00:00Z")), receiptSink: sink)
        let prompts = FakePrompts(log: EventLog(), form: .answered(.consentAll(policy)))
        _ = try await manager.launch(context: context("DE"), forms: prompts, tracking: prompts, ads: FakeAds(log: EventLog())).run()
        let consent = try #require(try sink.lines.map(entry).first { $0.event == "consent" })
        #expect(consent.proof?.policyFiles == policy.sourceFiles.map(\.hashed))
        #expect(consent.policyID == "shopping" && consent.policyRevision == 2)
    }

    @Test func theDefaultPolicyIsNamedWithTheHashOfPoliciesDefaultJSON() throws {
        let bytes = try Data(contentsOf: repositoryRoot.appendingPathComponent("policies/default.json"))
        #expect(EmbeddedDefaultPolicy.sha256 == SHA256Hash.hex(Array(bytes)), "run scripts/embed-default-policy after editing policies/default.json")
        #expect(Policy.default.sourceFiles.map(\.hashed) == [PolicyFileHash(path: "embedded:default", sha256: SHA256Hash.hex(Array(bytes)))])
    }
}

/// Another CMP's keys with nothing stored in them.
private struct NoKeys: ConsentSignalsReader {
    func readKeys() -> InAppKeys { InAppKeys() }
}

/// What the sink is handed, and when, inside the store's locked write (README, "Proof of consent").
struct ReceiptHandOverTests {
    /// A sink that notes, with each line, the calls the store had made when it was handed over.
    final class OrderSink: ConsentReceiptSink, @unchecked Sendable {
        // @unchecked: `seen` is only touched under `lock`.
        private let lock = NSLock()
        private var seen: [(line: ConsentLogLine, callsBefore: [String])] = []
        let recorder: CallRecorder

        init(recorder: CallRecorder) { self.recorder = recorder }

        var received: [(line: ConsentLogLine, callsBefore: [String])] { lock.withLock { seen } }

        func receive(_ line: ConsentLogLine) {
            let calls = recorder.recorded
            lock.withLock { seen.append((line, calls)) }
        }
    }

    @Test func theLineIsHandedOverAfterItIsAppendedAndBeforeTheStateIsWritten() throws {
        try withTemporaryDirectory { directory in
            let recorder = CallRecorder()
            let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                                             calls: recorder.wrapping(.live))
            let sink = OrderSink(recorder: recorder)
            let manager = ConsentManager(policy: .default, store: store, clock: .fixed(testNow), receiptSink: sink)
            try manager.reset(region: .eea)
            let handed = try #require(sink.received.first)
            #expect(handed.callsBefore.contains("fsync consent-log.jsonl"), "appended and synced first")
            #expect(!handed.callsBefore.contains("rename state.json"), "the state is written after")
            #expect(recorder.recorded.contains("rename state.json"))
            #expect(handed.line.bytes == Array(handed.line.text.utf8))
            #expect(handed.line.sha256 == SHA256Hash.hex(handed.line.bytes), "the exact bytes, as hashed")
        }
    }

    @Test func aWriteThatFindsTheStateBehindItsLogHandsOverTheLinesItMissedFirst() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.storeConsent(revision: 1)
            let before = try Data(contentsOf: URL(fileURLWithPath: store.stateFile))
            try store.storeConsent(revision: 2)
            // A crash between the append and the state's write: the state is one line behind.
            try before.write(to: URL(fileURLWithPath: store.stateFile))
            let lines = try String(contentsOfFile: store.logFile, encoding: .utf8).split(separator: "\n")

            let sink = CollectingSink()
            let manager = ConsentManager(policy: .default, store: try makeStore(directory), clock: .fixed(testNow), receiptSink: sink)
            try manager.reset(region: .eea)

            #expect(sink.lines.map(\.number) == [2, 3])
            #expect(sink.lines.first?.text == String(lines[1]), "the missed line, as it is on disk")
            #expect(ConsentLogVerification(lines: sink.lines).startsAfter == SHA256Hash.hex(Array(lines[0].utf8)),
                    "what was handed over chains on from the state's head")
        }
    }

    @Test func anEmptyLogVerifiesAsEmptyNotAsIntact() {
        let verification = ConsentLogVerification(lines: [])
        #expect(verification.isEmpty)
        #expect(!verification.isIntact)
        #expect(verification.problems.isEmpty)
    }
}
