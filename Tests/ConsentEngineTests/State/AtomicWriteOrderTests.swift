import Foundation
import Testing
@testable import ConsentEngine

/// Records each system call the store makes, by file name, then makes it.
final class CallRecorder: @unchecked Sendable {
    // @unchecked: `calls` and `names` are only touched under `lock`.
    private let lock = NSLock()
    private var calls: [String] = []
    private var names: [Int32: String] = [:]

    var recorded: [String] { lock.withLock { calls } }

    private func note(_ call: String, _ path: String) {
        lock.withLock { calls.append("\(call) \(URL(fileURLWithPath: path).lastPathComponent)") }
    }

    private func note(_ call: String, descriptor: Int32) {
        lock.withLock { calls.append("\(call) \(names[descriptor] ?? "fd \(descriptor)")") }
    }

    /// The live calls, each noted before it runs.
    func wrapping(_ live: FileSystemCalls) -> FileSystemCalls {
        var calls = live
        calls.open = { [self] path, mode throws(SystemCallError) in
            let descriptor = try live.open(path, mode)
            lock.withLock { names[descriptor] = URL(fileURLWithPath: path).lastPathComponent }
            note("open", path)
            return descriptor
        }
        calls.read = { [self] descriptor, offset, count throws(SystemCallError) in
            note("read", descriptor: descriptor)
            return try live.read(descriptor, offset, count)
        }
        calls.write = { [self] descriptor, bytes throws(SystemCallError) in
            note("write", descriptor: descriptor)
            try live.write(descriptor, bytes)
        }
        calls.fsync = { [self] descriptor throws(SystemCallError) in
            note("fsync", descriptor: descriptor)
            try live.fsync(descriptor)
        }
        calls.rename = { [self] from, to throws(SystemCallError) in
            note("rename", to)
            try live.rename(from, to)
        }
        calls.lock = { [self] descriptor throws(SystemCallError) in
            note("lock", descriptor: descriptor)
            try live.lock(descriptor)
        }
        calls.unlock = { [self] descriptor in
            note("unlock", descriptor: descriptor)
            live.unlock(descriptor)
        }
        calls.excludeFromBackup = { [self] path throws(SystemCallError) in
            note("excludeFromBackup", path)
            try live.excludeFromBackup(path)
        }
        return calls
    }
}

struct AtomicWriteOrderTests {
    @Test func anUpdateWritesSyncsTheTemporaryFileThenRenamesThenSyncsTheDirectory() throws {
        try withTemporaryDirectory { directory in
            let recorder = CallRecorder()
            let store = try FileConsentStore(
                appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                calls: recorder.wrapping(.live))
            try store.storeConsent(revision: 1)
            let before = recorder.recorded.count
            // Another launch's store, which has not read the state yet.
            let next = try FileConsentStore(
                appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                calls: recorder.wrapping(.live))
            try next.storeConsent(revision: 2)
            let calls = Array(recorder.recorded[before...])

            let order = try [
                "lock state.lock", "read state.json", "write consent-log.jsonl", "fsync consent-log.jsonl",
                "write state.json.tmp", "fsync state.json.tmp", "rename state.json", "fsync com.example.Shopping",
                "unlock state.lock",
            ].map { call in try #require(calls.firstIndex(of: call), "\(call) missing from \(calls)") }
            #expect(order == order.sorted(), "calls out of order: \(calls)")
            #expect(calls.last == "unlock state.lock")
            #expect(calls.filter { $0.hasPrefix("lock") }.count == 1)
        }
    }

    @Test func aFailedRenameRemovesTheTemporaryFileAndKeepsTheState() throws {
        try withTemporaryDirectory { directory in
            var calls = FileSystemCalls.live
            calls.rename = { _, to throws(SystemCallError) in throw SystemCallError(call: "rename", path: to, code: 5) }
            let path = directory + "/file"
            try write("old", to: path)
            #expect(throws: SystemCallError.self) {
                try AtomicFileWriter(calls: calls).replace(path, with: Array("new".utf8), through: path + ".tmp")
            }
            #expect(fileBytes(path) == Array("old".utf8))
            #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        }
    }
}
