import ConsentImpact
import Foundation
import Testing
@testable import ConsentEngine

/// Kept rules under faults: a writer killed anywhere in an update, two writers updating at once, a disk that
/// fills up. Each leaves the old copy or the new one in force, whole, and loses no answer.
@Suite(.serialized)
struct RulesKeepingProcessTests {
    /// A folder with the writer's template policy, the default's file form, its updates starting at `first`.
    static func rulesFolder(first: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let template = Policy.default.jsonText
        #expect(template.contains(#""revision": 1,"#))
        try Data(template.utf8).write(to: folder.appendingPathComponent("template.json"))
        try Data("\(first)".utf8).write(to: folder.appendingPathComponent("first"))
        return folder.path
    }

    /// The kept copy in force has the bytes it was kept with, and no copy was set aside.
    static func expectWhole(_ store: FileConsentStore, round: Int) throws -> Int {
        let kept = try store.keptRules()
        #expect(store.takeWarnings().filter { $0.id == .keptRulesSetAside }.isEmpty, "round \(round): a kept copy was torn")
        let policy = try #require(kept.first { $0.rule.kind == .policy }, "round \(round): no policy is kept")
        #expect(SHA256Hash.hex(policy.bytes) == policy.rule.sha256, "round \(round)")
        let (inForce, _) = try ConsentManager(policy: .default, store: store).policyInForce()
        #expect(inForce.revision == policy.rule.version, "round \(round): the kept copy does not read as the revision it was kept as")
        return inForce.revision
    }

    @Test func aWriterKilledAtTwoHundredRandomPointsOfUpdatesLeavesOneCopyWholeAndLosesNoAnswer() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            var generator = SystemRandomNumberGenerator()
            var revision = 1
            for round in 1...200 {
                let rules = try Self.rulesFolder(first: revision + 1)
                defer { try? FileManager.default.removeItem(atPath: rules) }
                let writer = try StoreWriterProcess(stateDirectory: directory, appID: store.appID, count: 100_000, tag: "round\(round)", rules: rules)
                let seen = try #require(writer.nextWrite(), "round \(round): the writer completed no update")
                Thread.sleep(forTimeInterval: Double.random(in: 0...0.015, using: &generator))
                writer.killAbruptly()

                let kept = try Self.expectWhole(store, round: round)
                #expect(kept >= revision + seen, "round \(round): an update the writer reported is in force")
                let record = try store.load().record
                let answer = try #require(record.consent, "round \(round): no answer")
                #expect(answer.policyID == "writer-round\(round)")
                #expect(answer.policyRevision >= seen, "round \(round): a reported answer is kept")
                let chain = try store.verifyLog()
                #expect(chain.isIntact, "round \(round): \(chain.problems)")
                revision = kept
            }
            // The next update goes on from the copy in force.
            let manager = ConsentManager(policy: .default, store: store)
            var next = Policy.default
            next.revision = revision + 1
            #expect(try manager.updateRules(Data(next.jsonText.utf8), kind: .policy))
            #expect(try Self.expectWhole(store, round: 201) == revision + 1)
            let names = try FileManager.default.contentsOfDirectory(atPath: store.rulesDirectory)
            #expect(names.count == 1, "the files of replaced copies are removed, and temporaries a kill left: \(names)")
        }
    }

    @Test func twoWritersKeepingTheSameUpdatesAtOnceKeepEachOnceAndLoseNoAnswer() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            let rules = try Self.rulesFolder(first: 2)
            defer { try? FileManager.default.removeItem(atPath: rules) }
            let writers = try ["a", "b"].map {
                try StoreWriterProcess(stateDirectory: directory, appID: store.appID, count: 100, tag: $0, rules: rules)
            }
            for writer in writers { #expect(writer.wait() == 0) }

            #expect(try Self.expectWhole(store, round: 0) == 101)
            let log = try store.readLog()
            let versions = log.compactMap(\.rules?.version)
            #expect(versions == versions.sorted() && Set(versions).count == versions.count, "each revision kept once, in order")
            #expect(versions.last == 101)
            for tag in ["a", "b"] {
                #expect(log.compactMap(\.consent).filter { $0.policyID == "writer-\(tag)" }.map(\.policyRevision) == Array(1...100))
            }
            let chain = try store.verifyLog()
            #expect(chain.isIntact && chain.warnings.isEmpty, "\(chain.problems) \(chain.warnings)")
        }
    }

    @Test func aFullDiskAtAnyWriteOfAnUpdateLeavesTheOldCopyOrTheNewOneWhole() throws {
        for failing in 1...8 {
            try withTemporaryDirectory { directory in
                let live = try makeStore(directory)
                let manager = ConsentManager(policy: .default, store: live, clock: .fixed(testNow))
                try manager.updateRules(RulesUpdateTests.policyBytes(revision: 2), kind: .policy)
                // The same folder, through calls whose `failing`th write finds the disk full.
                let writes = Counter()
                var calls = FileSystemCalls.live
                let write = calls.write
                calls.write = { descriptor, bytes throws(SystemCallError) in
                    if writes.next() == failing { throw SystemCallError(call: "write", path: "fd \(descriptor)", code: ENOSPC) }
                    try write(descriptor, bytes)
                }
                let full = try FileConsentStore(appID: live.appID, stateDirectory: directory, clock: .fixed(testNow), calls: calls)
                let result = Result { () throws(RulesUpdateError) in
                    try ConsentManager(policy: .default, store: full).updateRules(RulesUpdateTests.policyBytes(revision: 3), kind: .policy)
                }
                let fresh = try makeStore(directory)
                let revision = try Self.expectWhole(fresh, round: failing)
                switch result {
                case .success: #expect(revision == 3, "write \(failing): a kept update is in force")
                case .failure(let error):
                    #expect(error.kind == .store, "write \(failing): \(error)")
                    #expect(error.storeError?.message.contains("No space left on device") == true, "write \(failing): \(error)")
                    #expect(revision == 2 || revision == 3, "write \(failing)")
                }
                #expect(try fresh.verifyLog().isIntact)
            }
        }
    }
}

/// Counts calls across the threads the store may use.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.withLock { count += 1; return count } }
}
