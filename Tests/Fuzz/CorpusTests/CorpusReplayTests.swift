import Foundation
import FuzzTargets
import Testing

/// Every input in `Tests/Fuzz/Corpus/<target>/` — the seeds, and every input that ever made a fuzzer
/// fail — goes through its target's entry point on every `swift test`, without a sanitizer: a parser that
/// crashes or breaks a promise on one of them fails here too.
@Suite struct CorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    static func inputs(of target: String) -> [URL] {
        let folder = corpus.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func everyInputOfTheCorpusGoesThroughItsTargetKeepingItsPromises(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        let inputs = Self.inputs(of: name)
        #expect(!inputs.isEmpty, "\(name) has no seed corpus in Tests/Fuzz/Corpus/\(name)")
        for input in inputs {
            let violations = target.run(Array(try Data(contentsOf: input)))
            #expect(violations.isEmpty, "\(input.lastPathComponent): \(violations)")
        }
    }

    @Test func theCorpusHasAFolderForEachTargetAndNoOther() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(FuzzTarget.all.map(\.name)))
        let total = FuzzTarget.all.map { Self.inputs(of: $0.name).count }.reduce(0, +)
        #expect(total >= 100, "the corpus holds \(total) inputs")
        #expect(FuzzTarget.all.count >= 12)
    }

    @Test func aBrokenPromiseIsReportedNotSwallowed() throws {
        let roundTrip = try #require(FuzzTarget.named("json"))
        #expect(roundTrip.run(Array(#"{"a": [1, 2.5, "x", null, true]}"#.utf8)).isEmpty)
        #expect(roundTrip.run(Array("not json".utf8)).isEmpty, "refused input is an ordinary outcome")
    }
}
