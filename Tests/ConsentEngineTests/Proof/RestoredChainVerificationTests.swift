import Foundation
import Testing
@testable import ConsentEngine

/// A log with a `restored` line is two chains, each verified, the restored line between them naming the head
/// and the line count of the log before it (docs/restore.md); a restored line anywhere else, or naming
/// anything else, breaks the chain at its line.
struct RestoredChainVerificationTests {
    static let first = "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f", second = "0d9a3b7c-2e41-4f6a-8b5c-1d2e3f4a5b6c"
    static let zero = SHA256Hash.zero

    /// Three lines of the first install, its restore as the second (line 4), and two lines of the second.
    static func restoredLog() -> [ArraySlice<UInt8>] {
        var old = ConsentLogChain(installID: first)
        var lines = (1...3).map { old.append(.explainerShown(at: testNow), change: $0, proof: nil).bytes }
        let restoring = ConsentLogChain.restoring(old, as: second, change: 4, at: testNow)
        var new = restoring.chain
        lines.append(restoring.line.bytes)
        lines += (5...6).map { new.append(.explainerShown(at: testNow), change: $0, proof: nil).bytes }
        return lines.map { $0[...] }
    }

    static func bytes(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
        lines.flatMap { Array($0) + [UInt8(ascii: "\n")] }
    }

    static func text(_ line: ArraySlice<UInt8>) -> String { String(decoding: line, as: UTF8.self) }

    static func line(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    /// `lines` with line `index` replaced by `edit` of its text, and the lines after it chained to it again, as
    /// a forger who knows the chain would leave them: only the rule of the restored line can find it.
    static func rechained(_ lines: [ArraySlice<UInt8>], at index: Int, _ edit: (String) -> String) -> [ArraySlice<UInt8>] {
        var lines = lines
        lines[index] = line(edit(text(lines[index])))
        for next in (index + 1)..<lines.count {
            let prev = SHA256Hash.hex(lines[next - 1])
            lines[next] = line(#"{"prev":"\#(prev)""# + text(lines[next]).dropFirst(#"{"prev":""#.count + 65))
        }
        return lines
    }

    private func verify(_ lines: [ArraySlice<UInt8>]) -> ConsentLogVerification {
        let head = lines.last.map { LogHead(hash: SHA256Hash.hex($0), lines: lines.count) }
        return ConsentLogVerification(log: Self.bytes(lines), state: head, isWholeLog: true)
    }

    @Test func aRestoredLogIsTwoChainsEachVerifiedWithTheRestoreBetweenThem() {
        let lines = Self.restoredLog()
        let verification = verify(lines)
        #expect(verification.isIntact && verification.warnings.isEmpty, "\(verification.problems)")
        #expect(verification.restores == [ConsentLogVerification.Restore(line: 4, restoredFrom: Self.first, installID: Self.second)])
        #expect(verification.lineCount == 6 && verification.unchainedLineCount == 0)
        #expect(Self.text(lines[3]) == #"{"prev":"\#(Self.zero)","event":"restored","at":"2026-11-29T10:15:00Z","change":4,"installID":"\#(Self.second)","restoredFrom":"\#(Self.first)","restoredHead":"\#(SHA256Hash.hex(lines[2]))","restoredLines":3}"#)
    }

    @Test func theNewInstallsUploadBeginsAtItsRestoredLineAndIsAWholeChain() {
        let lines = Self.restoredLog()
        let upload = ConsentLogVerification(log: Self.bytes(Array(lines[3...])))
        #expect(upload.isIntact && upload.startsAfter == nil, "\(upload.problems)")
        #expect(upload.restores.map(\.line) == [1])

        // A piece that starts after a line it does not hold checks the restore's head, not its count.
        let piece = ConsentLogVerification(log: Self.bytes(Array(lines[1...])))
        #expect(piece.isIntact && piece.startsAfter == SHA256Hash.hex(lines[0]), "\(piece.problems)")
        #expect(piece.restores.map(\.line) == [3])
        let wrongHead = ConsentLogVerification(log: Self.bytes(Array(Self.rechained(lines, at: 3) {
            $0.replacingOccurrences(of: SHA256Hash.hex(lines[2]), with: SHA256Hash.hex(lines[1]))
        }[1...])))
        #expect(wrongHead.problems.map(\.line) == [3])
    }

    @Test func anUploadBeginningAtARestoredLineCountsALaterRestoreFromTheWholeLog() {
        var lines = Self.restoredLog()
        // The second install's folder restored again, onto a third device.
        let second = ConsentLogChain(installID: Self.second, head: SHA256Hash.hex(lines[5]), lines: 6)
        let third = ConsentLogChain.restoring(second, as: "11111111-2222-4333-8444-555555555555", change: 7, at: testNow)
        lines.append(third.line.bytes[...])
        let upload = ConsentLogVerification(log: Self.bytes(Array(lines[3...])))
        #expect(upload.isIntact, "\(upload.problems)")
        #expect(upload.restores.map(\.line) == [1, 4])
        #expect(verify(lines).restores.map(\.restoredFrom) == [Self.first, Self.second])

        let miscounted = Self.rechained(lines, at: 6) { $0.replacingOccurrences(of: #""restoredLines":6"#, with: #""restoredLines":5"#) }
        #expect(ConsentLogVerification(log: Self.bytes(Array(miscounted[3...]))).problems.map(\.line) == [4])
    }

    /// A tampering with the restore: what it does to the lines, and the line it must be found at first.
    struct Tampering: CustomTestStringConvertible, Sendable {
        var name: String
        var change: @Sendable ([ArraySlice<UInt8>]) -> [ArraySlice<UInt8>]
        var line: Int
        var testDescription: String { name }
    }

    static let tamperings: [Tampering] = [
        Tampering(name: "the restored head edited", change: { lines in
            rechained(lines, at: 3) { $0.replacingOccurrences(of: SHA256Hash.hex(lines[2]), with: SHA256Hash.hex(lines[1])) }
        }, line: 4),
        Tampering(name: "the restored count edited", change: { lines in
            rechained(lines, at: 3) { $0.replacingOccurrences(of: #""restoredLines":3"#, with: #""restoredLines":2"#) }
        }, line: 4),
        Tampering(name: "the restored line chained onto the old head", change: { lines in
            rechained(lines, at: 3) { $0.replacingOccurrences(of: zero, with: SHA256Hash.hex(lines[2])) }
        }, line: 4),
        Tampering(name: "the restored head removed", change: { lines in
            rechained(lines, at: 3) { $0.replacingOccurrences(of: #""restoredHead":"\#(SHA256Hash.hex(lines[2]))","#, with: "") }
        }, line: 4),
        Tampering(name: "the restored line's prev removed", change: { lines in
            rechained(lines, at: 3) { "{" + $0.dropFirst(#"{"prev":""#.count + 66) }
        }, line: 4),
        Tampering(name: "the restored chain's last line edited", change: { lines in
            var lines = lines
            lines[2] = line(text(lines[2]).replacingOccurrences(of: #""change":3"#, with: #""change":9"#))
            return lines
        }, line: 4),
        Tampering(name: "a line of the restored chain deleted", change: { lines in
            var lines = lines
            lines.remove(at: 1)
            return lines
        }, line: 2),
        Tampering(name: "the restored line deleted", change: { lines in
            var lines = lines
            lines.remove(at: 3)
            return lines
        }, line: 4),
        Tampering(name: "the restored line moved up", change: { lines in
            var lines = lines
            lines.swapAt(2, 3)
            return lines
        }, line: 3),
        Tampering(name: "a restored line forged in the middle, naming the head before it", change: { lines in
            var lines = lines
            let forged = #"{"prev":"\#(zero)","event":"restored","at":"2026-11-29T10:15:00Z","change":2,"installID":"\#(second)","restoredFrom":"\#(first)","restoredHead":"\#(SHA256Hash.hex(lines[0]))","restoredLines":1}"#
            lines.insert(line(forged), at: 1)
            return lines
        }, line: 3),
        Tampering(name: "a genesis line that is not a restore", change: { lines in
            rechained(lines, at: 3) { $0.replacingOccurrences(of: #""event":"restored""#, with: #""event":"explainerShown""#) }
        }, line: 4),
    ]

    @Test(arguments: tamperings)
    func eachTamperingWithARestoreIsFoundAtItsLine(tampering: Tampering) throws {
        let lines = Self.restoredLog()
        let changed = tampering.change(lines)
        #expect(changed.map(Array.init) != lines.map(Array.init), "the tampering changed nothing")
        let verification = ConsentLogVerification(
            log: Self.bytes(changed), state: LogHead(hash: SHA256Hash.hex(changed.last!), lines: changed.count), isWholeLog: true)
        #expect(!verification.isIntact)
        let first = try #require(verification.problems.first)
        #expect(first.line == tampering.line && first.kind == .prevMismatch, "\(verification.problems)")
    }

    @Test func aRestoredLineThatBeginsAWholeLogMayNameNoEarlierLine() {
        let restore = #"{"prev":"\#(Self.zero)","event":"restored","at":"2026-11-29T10:15:00Z","change":1,"installID":"\#(Self.second)","restoredFrom":"\#(Self.first)","restoredHead":"\#(Self.zero)","restoredLines":0}"#
        #expect(verify([Self.line(restore)]).isIntact)
        let naming = restore.replacingOccurrences(of: #""restoredLines":0"#, with: #""restoredLines":3"#)
        #expect(verify([Self.line(naming)]).problems.map(\.line) == [1], "lines removed from the log's start")
        // As an upload's first line it may: the lines before it are another install's.
        #expect(ConsentLogVerification(log: Self.bytes([Self.line(naming)])).isIntact)
    }

    @Test func aRestoreAfterLinesFromBeforeTheChainNamesTheLastOfThem() {
        let old = #"{"event":"reset","at":"2026-11-01T10:00:00Z","change":1}"#
        let chain = ConsentLogChain(installID: Self.first, head: SHA256Hash.hex(Array(old.utf8)), lines: 1)
        let restore = ConsentLogChain.restoring(chain, as: Self.second, change: 2, at: testNow)
        let verification = verify([Self.line(old), restore.line.bytes[...]])
        #expect(verification.isIntact && verification.unchainedLineCount == 1, "\(verification.problems)")
        #expect(verification.restores.map(\.line) == [2])
    }
}
