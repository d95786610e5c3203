import Foundation
import Testing
@testable import ConsentEngine
import ConsentReports

/// The chain checked line by line: each way of tampering with a log is found at its line, and what a crash
/// leaves is only warned about.
struct ConsentLogVerificationTests {
    /// A store with six chained lines: answers, an explainer, a region, a reset.
    private func sixLines(_ directory: String) throws -> FileConsentStore {
        let store = try makeStore(directory)
        try store.storeConsent(revision: 1)
        try store.update { record in
            record.lastKnownRegion = .eea
            return .regionLearned(.eea, at: testNow)
        }
        try store.storeConsent(revision: 2)
        try store.update { record in
            record.explainerShownAt = testNow
            return .explainerShown(at: testNow)
        }
        try store.update { record in
            record.tracking = TrackingAnswer(status: .denied, answeredAt: testNow)
            return .tracking(TrackingAnswer(status: .denied, answeredAt: testNow))
        }
        try store.storeConsent(revision: 3)
        return store
    }

    /// A tampering: what it does to the lines, and the first problem it must be found by.
    struct Tampering: CustomTestStringConvertible, Sendable {
        var name: String
        var change: @Sendable ([ArraySlice<UInt8>]) -> [ArraySlice<UInt8>]
        var line: Int
        var kind: ConsentLogVerification.Finding.Kind
        var testDescription: String { name }
    }

    static let tamperings: [Tampering] = [
        Tampering(name: "a line edited", change: { lines in
            var lines = lines
            lines[2] = ArraySlice(Array(String(decoding: lines[2], as: UTF8.self).replacingOccurrences(of: "\"policyRevision\":2", with: "\"policyRevision\":9").utf8))
            return lines
        }, line: 4, kind: .prevMismatch),
        Tampering(name: "a line deleted", change: { lines in
            var lines = lines
            lines.remove(at: 2)
            return lines
        }, line: 3, kind: .prevMismatch),
        Tampering(name: "a line inserted, its prev forged to fit", change: { lines in
            var lines = lines
            let forged = #"{"prev":"\#(SHA256Hash.hex(lines[1]))","event":"reset","at":"2026-11-29T10:15:00Z","change":3}"#
            lines.insert(ArraySlice(Array(forged.utf8)), at: 2)
            return lines
        }, line: 4, kind: .prevMismatch),
        Tampering(name: "two lines swapped", change: { lines in
            var lines = lines
            lines.swapAt(2, 3)
            return lines
        }, line: 3, kind: .prevMismatch),
        Tampering(name: "the last line dropped", change: { lines in Array(lines.dropLast()) }, line: 6, kind: .countMismatch),
        Tampering(name: "the last two lines dropped", change: { lines in Array(lines.dropLast(2)) }, line: 5, kind: .countMismatch),
        Tampering(name: "the last line edited", change: { lines in
            var lines = lines
            lines[5] = ArraySlice(Array(String(decoding: lines[5], as: UTF8.self)
                .replacingOccurrences(of: "\"purposes\":[1,3]", with: "\"purposes\":[1,2,3,4]").utf8))
            return lines
        }, line: 6, kind: .headMismatch),
        Tampering(name: "the first line deleted", change: { lines in Array(lines.dropFirst()) }, line: 1, kind: .prevMismatch),
        Tampering(name: "a line's prev removed", change: { lines in
            var lines = lines
            let text = String(decoding: lines[3], as: UTF8.self)
            lines[3] = ArraySlice(Array(("{" + text.drop { $0 != "," }.dropFirst()).utf8))
            return lines
        }, line: 4, kind: .prevMismatch),
    ]

    @Test(arguments: tamperings)
    func eachTamperingIsFoundAtItsLine(tampering: Tampering) throws {
        try withTemporaryDirectory { directory in
            let store = try sixLines(directory)
            let files = try store.readOnlyFiles()
            let original = LogLines.split(try #require(files.log)[...])
            #expect(ConsentLogVerification(log: try #require(files.log), state: files.head, isWholeLog: true).isIntact)

            let changed = tampering.change(original)
            #expect(changed.map(Array.init) != original.map(Array.init), "the tampering changed nothing")
            let log = changed.flatMap { Array($0) + [UInt8(ascii: "\n")] }
            let verification = ConsentLogVerification(log: log, state: files.head, isWholeLog: true)

            #expect(!verification.isIntact)
            let first = try #require(verification.problems.first)
            #expect(first.line == tampering.line, "\(verification.problems)")
            #expect(first.kind == tampering.kind, "\(verification.problems)")
        }
    }

    @Test func anIntactLogGivesItsCountItsHeadAndNoFinding() throws {
        try withTemporaryDirectory { directory in
            let store = try sixLines(directory)
            let verification = try store.verifyLog()
            let log = try #require(fileBytes(store.logFile))
            #expect(verification.isIntact && verification.warnings.isEmpty && verification.problems.isEmpty)
            #expect(verification.lineCount == 6)
            #expect(verification.unchainedLineCount == 0)
            #expect(verification.head == SHA256Hash.hex(LogLines.split(log[...]).last!))
            #expect(verification.startsAfter == nil)
        }
    }

    @Test func aPieceOfALogIsVerifiedFromWhereItStarts() throws {
        try withTemporaryDirectory { directory in
            let store = try sixLines(directory)
            let lines = LogLines.split(try #require(fileBytes(store.logFile))[...])
            let piece = lines[2...].flatMap { Array($0) + [UInt8(ascii: "\n")] }

            let verification = ConsentLogVerification(log: piece)
            #expect(verification.isIntact, "\(verification.problems)")
            #expect(verification.lineCount == 4)
            #expect(verification.startsAfter == SHA256Hash.hex(lines[1]))

            let asTheAppsOwn = ConsentLogVerification(log: piece, state: nil, isWholeLog: true)
            #expect(asTheAppsOwn.problems.map(\.kind) == [.prevMismatch], "the app's own log must begin with its first line")
        }
    }

    @Test func linesWrittenBeforeTheChainAreCountedAndATornLineIsAWarning() {
        let old = #"{"event":"reset","at":"2026-11-01T10:00:00Z","change":1}"#
        let torn = #"{"event":"cons"#
        let first = #"{"prev":"\#(SHA256Hash.hex(Array(old.utf8)))","event":"reset","at":"2026-11-02T10:00:00Z","change":2}"#
        let second = #"{"prev":"\#(SHA256Hash.hex(Array(first.utf8)))","event":"reset","at":"2026-11-03T10:00:00Z","change":3}"#
        let third = #"{"prev":"\#(SHA256Hash.hex(Array(torn.utf8)))","event":"reset","at":"2026-11-04T10:00:00Z","change":4}"#
        let log = Array([old, first, second, torn, third].joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]

        let verification = ConsentLogVerification(log: log)
        #expect(verification.isIntact, "\(verification.problems)")
        #expect(verification.lineCount == 5)
        #expect(verification.unchainedLineCount == 1)
        #expect(verification.warnings.map(\.kind) == [.torn])
        #expect(verification.warnings.map(\.line) == [4])
        #expect(verification.head == SHA256Hash.hex(Array(third.utf8)))
    }

    @Test func aLineAfterTheChainBeganWithoutAPrevIsAProblem() {
        let first = #"{"prev":"\#(SHA256Hash.zero)","event":"reset","at":"2026-11-02T10:00:00Z","change":1}"#
        let unchained = #"{"event":"reset","at":"2026-11-03T10:00:00Z","change":2}"#
        let verification = ConsentLogVerification(log: Array("\(first)\n\(unchained)\n".utf8))
        #expect(verification.problems.map(\.kind) == [.prevMismatch])
        #expect(verification.problems.map(\.line) == [2])
    }

    @Test func theStateBehindByOneLineIsAWarningAndAheadOfTheLogAProblem() throws {
        try withTemporaryDirectory { directory in
            let store = try sixLines(directory)
            let files = try store.readOnlyFiles()
            let log = try #require(files.log)
            let head = try #require(files.head)
            let hashes = LogLines.split(log[...]).map { SHA256Hash.hex($0) }

            let behind = ConsentLogVerification(log: log, state: LogHead(hash: hashes[4], lines: 5), isWholeLog: true)
            #expect(behind.isIntact)
            #expect(behind.warnings.map(\.kind) == [.stateBehind])

            let wrongHead = ConsentLogVerification(log: log, state: LogHead(hash: hashes[3], lines: 5), isWholeLog: true)
            #expect(wrongHead.problems.map(\.kind) == [.headMismatch])
            #expect(wrongHead.problems.map(\.line) == [5])

            let ahead = ConsentLogVerification(log: log, state: LogHead(hash: head.hash, lines: 9), isWholeLog: true)
            #expect(ahead.problems.map(\.kind) == [.countMismatch])
            #expect(ahead.problems.map(\.line) == [7])

            let noLog = ConsentLogVerification(log: [], state: head, isWholeLog: true)
            #expect(noLog.problems.map(\.kind) == [.countMismatch])
        }
    }

    @Test func theLinesASinkReceivedVerifyAsTheFileDoes() throws {
        let store = InMemoryConsentStore(installIDs: .fixed("id"))
        for revision in 1...3 {
            _ = store.update { record in
                record.consent = storedAnswer(revision: revision)
                return .consent(storedAnswer(revision: revision))
            }
        }
        let lines = store.logLines()
        #expect(lines.map(\.number) == [1, 2, 3])
        #expect(lines.first?.prev == SHA256Hash.zero)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $1.prev == $0.sha256 })
        let verification = ConsentLogVerification(lines: lines)
        #expect(verification.isIntact && verification.lineCount == 3 && verification.head == lines.last?.sha256)
        let withoutTheMiddle = ConsentLogVerification(lines: [lines[0], lines[2]])
        #expect(withoutTheMiddle.problems.map(\.line) == [2])
    }
}
