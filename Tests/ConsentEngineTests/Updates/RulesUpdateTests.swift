import ConsentImpact
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import ConsentEngine

/// Rules delivered after the release: a newer policy kept in the store's folder, in force from the next
/// evaluation and across restarts, never an older one, and named in the log and in each answer's proof.
struct RulesUpdateTests {
    /// The default policy at `revision`, with `change` made to it, as the file a server would deliver.
    static func policyBytes(revision: Int, _ change: (inout Policy) -> Void = { _ in }) -> Data {
        var policy = Policy.default
        policy.revision = revision
        change(&policy)
        return Data(policy.jsonText.utf8)
    }

    /// A manager over a file store in `directory`, the default policy its base.
    static func manager(_ directory: String, base: Policy = .default) throws -> ConsentManager {
        ConsentManager(policy: base, store: try makeStore(directory), clock: .fixed(testNow))
    }

    /// Every file of the app folder and its bytes, to show that a refusal changed nothing.
    static func snapshot(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in FileManager.default.subpaths(atPath: directory) ?? [] {
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    @Test func aNewerRevisionIsKeptAndInForceFromTheNextEvaluationAndAfterARestart() throws {
        try withTemporaryDirectory { directory in
            let newer = Self.policyBytes(revision: 2) { $0.consent.maximumAgeMonths = 6 }
            #expect(try Self.manager(directory).updateRules(newer, kind: .policy))
            // A new process: a new store and manager over the same folder.
            let restarted = try Self.manager(directory)
            let (policy, warnings) = try restarted.policyInForce()
            #expect(policy.revision == 2)
            #expect(policy.consent.maximumAgeMonths == 6)
            #expect(warnings.isEmpty)
            #expect(policy.sourceFiles.map(\.hashed) == [PolicyFileHash(path: "kept:policy", sha256: SHA256Hash.hex(Array(newer)))])
        }
    }

    @Test func theUpdateIsLoggedInTheChainAndAnswersGivenUnderItNameTheKeptCopy() async throws {
        try await withTemporaryDirectory { directory in
            let newer = Self.policyBytes(revision: 3)
            let manager = try Self.manager(directory)
            try manager.updateRules(newer, kind: .policy)
            let prompts = FakePrompts(log: EventLog())
            _ = try await manager.launch(context: context("DE"), forms: prompts, tracking: prompts, ads: FakeAds(log: EventLog())).run()
            let store = try makeStore(directory)
            let log = try store.readLog()
            let update = try #require(log.first)
            #expect(update.event == "rulesUpdated")
            #expect(update.rules == RulesUpdate(kind: .policy, policyID: Policy.default.id, version: 3, language: nil,
                                                sha256: SHA256Hash.hex(Array(newer)), at: testNow))
            let answer = try #require(log.first { $0.event == "consent" })
            #expect(answer.policyRevision == 3)
            #expect(answer.proof?.policyFiles == [PolicyFileHash(path: "kept:policy", sha256: SHA256Hash.hex(Array(newer)))])
            let chain = try store.verifyLog()
            #expect(chain.isIntact && chain.warnings.isEmpty, "\(chain.problems) \(chain.warnings)")
            let line = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: store.logFile)), encoding: .utf8)?.split(separator: "\n").first)
            #expect(line.contains(#""event":"rulesUpdated","at":"2026-11-29T10:15:00Z","change":1,"kind":"policy","id":"publisher-test-ads","version":3,"sha256":""#))
        }
    }

    @Test func theVeryBytesInForceKeepNothingAndLogNothing() throws {
        try withTemporaryDirectory { directory in
            let newer = Self.policyBytes(revision: 2)
            let manager = try Self.manager(directory)
            #expect(try manager.updateRules(newer, kind: .policy))
            let before = try Self.snapshot(directory)
            #expect(try manager.updateRules(newer, kind: .policy) == false)
            #expect(try Self.snapshot(directory) == before)
        }
    }

    @Test(arguments: [
        ("older", RulesUpdateError.Kind.older), ("same revision, other bytes", .sameVersionOtherBytes),
        ("another policy", .otherPolicy), ("not a policy", .invalid), ("a base file named", .invalid),
        ("invalid once applied", .invalid), ("base's revision, other bytes", .sameVersionOtherBytes),
    ])
    func aRefusedFileIsATypedErrorAndChangesNothing(_ what: String, _ kind: RulesUpdateError.Kind) throws {
        try withTemporaryDirectory { directory in
            let manager = try Self.manager(directory)
            try manager.updateRules(Self.policyBytes(revision: 3), kind: .policy)
            let before = try Self.snapshot(directory)
            let file: Data = switch what {
            case "older": Self.policyBytes(revision: 2)
            case "same revision, other bytes": Self.policyBytes(revision: 3) { $0.consent.maximumAgeMonths = 12 }
            case "another policy": Self.policyBytes(revision: 9) { $0.id = "someone-else" }
            case "not a policy": Data(#"{"vendors": {}}"#.utf8)
            case "a base file named": Data(#"{"extends": "base.json", "id": "publisher-test-ads", "revision": 9}"#.utf8)
            case "invalid once applied": Self.policyBytes(revision: 9) { $0.consent.maximumAgeMonths = 500 }
            default: Self.policyBytes(revision: 3) { $0.consent.showCloseButton = true }
            }
            let refusal = #expect(throws: RulesUpdateError.self) { try manager.updateRules(file, kind: .policy) }
            #expect(refusal?.kind == kind, "\(what): \(String(describing: refusal))")
            #expect(try Self.snapshot(directory) == before, "\(what) changed the folder")
            #expect(try manager.policyInForce().policy.revision == 3)
        }
    }

    @Test func aBasePolicyOfTheSameOrAHigherRevisionWinsOverTheKeptCopy() throws {
        try withTemporaryDirectory { directory in
            try Self.manager(directory).updateRules(Self.policyBytes(revision: 3) { $0.consent.maximumAgeMonths = 6 }, kind: .policy)
            // The app updates and ships revision 3 itself, then 4: the kept copy never runs over it.
            for revision in [3, 4] {
                var shipped = Policy.default
                shipped.revision = revision
                let (policy, warnings) = try Self.manager(directory, base: shipped).policyInForce()
                #expect(policy.revision == revision)
                #expect(policy.consent.maximumAgeMonths == 13)
                #expect(warnings.isEmpty)
            }
        }
    }

    @Test func aKeptCopyOfAnotherPolicyIsIgnoredWithAWarningAndLeftInPlace() throws {
        try withTemporaryDirectory { directory in
            try Self.manager(directory).updateRules(Self.policyBytes(revision: 3), kind: .policy)
            var renamed = Policy.default
            renamed.id = "a-new-id"
            let (policy, warnings) = try Self.manager(directory, base: renamed).policyInForce()
            #expect(policy.id == "a-new-id")
            #expect(warnings.map(\.id) == [.keptRulesNotInForce])
            let names = try FileManager.default.contentsOfDirectory(atPath: try makeStore(directory).rulesDirectory)
            #expect(names.count == 1 && names[0].hasPrefix("policy-"))
        }
    }

    @Test func aKeptCopyEditedByHandIsSetAsideAndTheBasePolicyIsInForce() throws {
        try withTemporaryDirectory { directory in
            let manager = try Self.manager(directory)
            try manager.updateRules(Self.policyBytes(revision: 2), kind: .policy)
            let store = try makeStore(directory)
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: store.rulesDirectory).first)
            let path = store.rulesDirectory + "/" + file
            try write(String(decoding: try #require(fileBytes(path)), as: UTF8.self).replacingOccurrences(of: "Publisher Test Ads", with: "Someone Else"), to: path)

            let (policy, _) = try manager.policyInForce()
            #expect(policy.revision == 1)
            let names = try FileManager.default.contentsOfDirectory(atPath: store.rulesDirectory)
            #expect(names.count == 1 && names[0].contains(".corrupt-"), "\(names)")
            // The state no longer names it: the next launch meets no spoilt copy and warns of none.
            #expect(try manager.policyInForce().warnings.isEmpty)
            // The evaluation after the read that set it aside tells it once; the next tells nothing.
            #expect(try manager.evaluate(context("DE")).warnings.map(\.id).contains(.keptRulesSetAside))
            #expect(!(try manager.evaluate(context("DE")).warnings.map(\.id).contains(.keptRulesSetAside)))
        }
    }

    @Test func aKeptCopyIsHashedOnlyWhenItsFileIdentityChanged() throws {
        try withTemporaryDirectory { directory in
            let manager = try Self.manager(directory)
            try manager.updateRules(Self.policyBytes(revision: 2) { $0.publisher.name = "Publisher AAAA" }, kind: .policy)
            let store = try makeStore(directory)
            let path = store.rulesDirectory + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: store.rulesDirectory).first))
            var written = stat()
            #expect(stat(path, &written) == 0)
            // The same size, in place, the time put back: the identity is the recorded one, so the copy is read
            // as it was kept, without a hash (which would have caught the edit).
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            let text = String(decoding: try #require(fileBytes(path)), as: UTF8.self)
            let offset = try #require(text.range(of: "Publisher AAAA")).lowerBound.utf16Offset(in: text)
            try handle.seek(toOffset: UInt64(offset))
            handle.write(Data("Publisher BBBB".utf8))
            try handle.close()
            #if canImport(Darwin)
            var times = [written.st_atimespec, written.st_mtimespec]
            #else
            var times = [written.st_atim, written.st_mtim]
            #endif
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
            #expect(try manager.policyInForce().policy.publisher.name == "Publisher BBBB")
            // Any change of identity (here the time) and the hash is taken: the edit is caught.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: path)
            #expect(try manager.policyInForce().policy.revision == 1)
        }
    }

    @Test func anInMemoryStoreKeepsRulesAsTheFileStoreDoes() throws {
        let store = InMemoryConsentStore()
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(testNow))
        #expect(try manager.updateRules(Self.policyBytes(revision: 2), kind: .policy))
        #expect(try manager.policyInForce().policy.revision == 2)
        #expect(store.readLog().map(\.event) == ["rulesUpdated"])
        #expect(throws: RulesUpdateError.self) { try manager.updateRules(Self.policyBytes(revision: 1), kind: .policy) }
    }

    @Test func aStoreThatKeepsNoRulesRefusesAnUpdateByName() throws {
        struct OwnStore: ConsentStore {
            func load() -> StoreSnapshot { StoreSnapshot(record: .empty) }
            func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) -> ConsentRecord { .empty }
        }
        let manager = ConsentManager(policy: .default, store: OwnStore())
        let refusal = #expect(throws: RulesUpdateError.self) { try manager.updateRules(Self.policyBytes(revision: 2), kind: .policy) }
        #expect(refusal?.kind == .notKept)
        #expect(try manager.policyInForce().policy.revision == 1)
    }
}
