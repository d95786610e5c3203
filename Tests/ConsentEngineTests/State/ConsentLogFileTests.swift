import Foundation
import Testing
@testable import ConsentEngine

struct ConsentLogFileTests {
    @Test func eachUpdateAppendsItsEntriesAsOneJSONObjectPerLineWithUTCDates() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.storeConsent(revision: 1)
            let denied = TrackingAnswer(status: .denied, answeredAt: testNow)
            try store.update { record in
                record.tracking = denied
                return .tracking(denied)
            }

            let text = String(decoding: try #require(fileBytes(store.logFile)), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3 && lines[2].isEmpty)
            let prev = SHA256Hash.hex(Array(lines[0].utf8))
            #expect(lines[1] == #"{"prev":"\#(prev)","event":"tracking","at":"2026-11-29T10:15:00Z","change":2,"#
                        + #""tracking":{"status":"denied","answeredAt":"2026-11-29T10:15:00Z"}}"#)
            var expected = [ConsentLogEntry(.consent(storedAnswer(revision: 1)), change: 1), ConsentLogEntry(.tracking(denied), change: 2)]
            expected[0].prev = SHA256Hash.zero
            expected[1].prev = prev
            #expect(try store.readLog() == expected)
        }
    }

    @Test func aLogLeftWithoutItsTrailingNewlineIsRepairedBeforeTheNextAppend() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.storeConsent(revision: 1)
            var bytes = try #require(fileBytes(store.logFile))
            bytes.removeLast()
            try Data(bytes).write(to: URL(fileURLWithPath: store.logFile))

            try store.storeConsent(revision: 2)

            let repaired = try #require(fileBytes(store.logFile))
            #expect(repaired.starts(with: bytes + [UInt8(ascii: "\n")]))
            #expect(repaired.last == UInt8(ascii: "\n"))
            #expect(try store.readLog().map(\.change) == [1, 2])
        }
    }

    @Test func aLineTornByACrashIsSkippedAndTheCounterContinues() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.storeConsent(revision: 1)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.logFile))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(#"{"at":"2026-11-29T10:15:00Z","cha"#.utf8))
            try handle.close()

            let record = try store.storeConsent(revision: 2)

            #expect(record.changeCount == 2)
            #expect(try store.readLog().map(\.change) == [1, 2])
        }
    }

    @Test func aLogAheadOfTheStateAfterACrashKeepsChangeNumbersUnique() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.storeConsent(revision: 1)
            let stateAfterOne = try #require(fileBytes(store.stateFile))
            try store.storeConsent(revision: 2)
            // As if the process died after appending change 2 but before replacing state.json.
            try Data(stateAfterOne).write(to: URL(fileURLWithPath: store.stateFile))

            let record = try store.storeConsent(revision: 3)

            #expect(record.changeCount == 3)
            #expect(try store.readLog().map(\.change) == [1, 2, 3])
        }
    }

    @Test func everyUpdateIsOneCountAndOneLogLine() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.storeConsent(revision: 1)
            let record = try store.update { record in
                record.explainerShownAt = testNow
                return .explainerShown(at: testNow)
            }
            #expect(record.changeCount == 2)
            #expect(try store.readLog().map(\.change) == [1, 2])
            #expect(try store.load().record == record)
        }
    }
}
