import Foundation
import Testing
@testable import ConsentEngine

/// Writers in separate processes, run one test at a time: they share the machine's cores and disk.
@Suite(.serialized)
struct StoreWriterProcessTests {
    @Test func twoWritersMakingTwoHundredChangesEachLoseNone() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            let writers = try ["a", "b"].map {
                try StoreWriterProcess(stateDirectory: directory, appID: store.appID, count: 200, tag: $0)
            }
            for writer in writers { #expect(writer.wait() == 0) }

            let log = try store.readLog()
            let record = try store.load().record
            #expect(record.changeCount == 400)
            #expect(log.count == 400)
            #expect(log.map(\.change) == Array(1...400))
            #expect(record.consent == log.last?.consent)
            for tag in ["a", "b"] {
                let answers = log.compactMap(\.consent).filter { $0.policyID == "writer-\(tag)" }
                let revisions = answers.map(\.policyRevision)
                #expect(revisions == Array(1...200), "writer \(tag)'s changes are all logged, in order")
            }
            // Each append hashed the line the other writer had just appended: one unbroken chain.
            let chain = try store.verifyLog()
            #expect(chain.isIntact && chain.warnings.isEmpty, "\(chain.problems) \(chain.warnings)")
            #expect(chain.lineCount == 400)
        }
    }

    @Test func aWriterKilledAtAnyPointLeavesAReadableStateAndLog() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            var generator = SystemRandomNumberGenerator()
            var behindRounds = 0
            for round in 1...25 {
                let writer = try StoreWriterProcess(
                    stateDirectory: directory, appID: store.appID, count: 10_000, tag: "round\(round)")
                let seen = try #require(writer.nextWrite(), "round \(round): the writer completed no write")
                Thread.sleep(forTimeInterval: Double.random(in: 0...0.02, using: &generator))
                writer.killAbruptly()

                let stateBytes = try #require(fileBytes(store.stateFile))
                guard case .record(let record) = StateFile.decode(stateBytes) else {
                    Issue.record("round \(round): state.json does not parse after SIGKILL")
                    return
                }
                let lines = try logLinesAllowingOnlyAMissingNewline(store.logFile, round: round)
                let last = try #require(lines.last)
                let previous = lines.dropLast().last
                let current = try #require(record.consent)
                #expect(current.policyID == "writer-round\(round)")
                #expect(current.policyRevision >= seen, "round \(round): a reported write is kept")
                #expect(
                    current == last.consent && record.changeCount == last.change
                        || current == previous?.consent && record.changeCount == previous?.change,
                    "round \(round): the state holds the last logged answer or the one before")
                // Killed anywhere, the chain holds; a state left one line behind is only a warning.
                let chain = try store.verifyLog()
                #expect(chain.isIntact, "round \(round): \(chain.problems)")
                #expect(chain.warnings.allSatisfy { $0.kind == .stateBehind && $0.line == chain.lineCount }, "round \(round): \(chain.warnings)")
                if !chain.warnings.isEmpty { behindRounds += 1 }
            }
            // Not every kill falls between an append and the state write: say how many did.
            print("a writer killed at random: the state was one line behind after \(behindRounds) of 25 rounds")
            // The next append repairs a missing newline; after it every line parses and the numbers rise.
            try store.storeConsent(revision: 1)
            let log = try #require(fileBytes(store.logFile))
            #expect(log.last == UInt8(ascii: "\n"))
            let lines = log.split(separator: UInt8(ascii: "\n"))
            let entries = try lines.map { try StateJSON.logEntry(from: $0) }
            #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.change < $1.change })
            #expect(try store.load().record.changeCount == entries.last?.change)
            let chain = try store.verifyLog()
            #expect(chain.isIntact && chain.warnings.isEmpty, "the next write brought the state up to date: \(chain.warnings)")
        }
    }

    /// The log's entries; every line must parse, and only the last may lack its newline.
    private func logLinesAllowingOnlyAMissingNewline(_ path: String, round: Int) throws -> [ConsentLogEntry] {
        let bytes = try #require(fileBytes(path))
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return try lines.enumerated().map { index, line in
            do {
                return try StateJSON.logEntry(from: line)
            } catch {
                let text = String(decoding: line, as: UTF8.self)
                Issue.record("round \(round): log line \(index + 1) of \(lines.count) is torn: \(text)")
                throw error
            }
        }
    }
}
