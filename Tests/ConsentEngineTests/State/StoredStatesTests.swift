import Foundation
import Testing
@testable import ConsentEngine
import ConsentImpact

struct StoredStatesTests {
    /// Every path under `directory` with its bytes (a folder's as nil) and permissions: what must not change.
    private func snapshot(_ directory: String) throws -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let path = enumerator?.nextObject() as? String {
            let full = StateDirectory.join(directory, path)
            let attributes = try FileManager.default.attributesOfItem(atPath: full)
            let bytes = FileManager.default.contents(atPath: full).map { String(decoding: $0, as: UTF8.self) } ?? "(folder)"
            result[path] = "\(attributes[.posixPermissions] ?? "?") \(bytes)"
        }
        return result
    }

    @Test func everyAppFolderIsReadByAppIDAndNothingIsWrittenMovedOrTightened() throws {
        try withTemporaryDirectory { directory in
            let answered = try makeStore(directory, appID: "com.example.b")
            try answered.storeConsent(revision: 2)
            let corrupt = try makeStore(directory, appID: "com.example.a")
            try FileManager.default.createDirectory(atPath: corrupt.directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
            try write("{\"schema\": 3, \"record\": ", to: corrupt.stateFile)
            let newer = try makeStore(directory, appID: "com.example.c")
            try makeAppFolder(newer)
            try write(#"{"schema": 99, "record": {}}"#, to: newer.stateFile)
            let empty = try makeStore(directory, appID: "com.example.d")
            try makeAppFolder(empty)
            try FileManager.default.createDirectory(atPath: directory + "/.hidden", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: directory + "/not an app", withIntermediateDirectories: true)
            try write("notes", to: directory + "/notes.txt")
            try FileManager.default.createSymbolicLink(atPath: directory + "/com.example.link", withDestinationPath: answered.directory)
            let before = try snapshot(directory)

            let entries = try StoredStates.read(stateDirectory: directory)

            try #require(entries.map(\.appID) == ["com.example.a", "com.example.b", "com.example.c", "com.example.d", "com.example.link"])
            #expect(entries[1].state == .readable(try answered.load().record))
            #expect(entries[3].state == .readable(.empty))
            for index in [0, 2, 4] {
                guard case .unreadable(let reason) = entries[index].state else {
                    Issue.record("\(entries[index].appID) should be unreadable")
                    continue
                }
                #expect(reason.contains(entries[index].appID), "the reason names the file: \(reason)")
            }
            #expect(try snapshot(directory) == before, "reading wrote, moved or tightened nothing")
            #expect(!FileManager.default.fileExists(atPath: corrupt.directory + "/state.lock"))
        }
    }

    @Test func oneAppIsReadAloneAndAMissingFolderIsAnEmptyState() throws {
        try withTemporaryDirectory { directory in
            try makeStore(directory, appID: "com.example.b").storeConsent(revision: 1)
            try makeStore(directory, appID: "com.example.c").storeConsent(revision: 1)
            #expect(try StoredStates.read(stateDirectory: directory, appID: "com.example.c").map(\.appID) == ["com.example.c"])
            #expect(try StoredStates.read(stateDirectory: directory, appID: "com.example.new")
                == [StoredStates.Entry(appID: "com.example.new", state: .readable(.empty))])
            #expect(!FileManager.default.fileExists(atPath: directory + "/com.example.new"))
            #expect(throws: StoreError.self) { try StoredStates.read(stateDirectory: directory, appID: "../etc") }
        }
    }

    @Test func aMissingStateDirectoryOrAFileInItsPlaceIsAnError() throws {
        try withTemporaryDirectory { directory in
            #expect { try StoredStates.read(stateDirectory: directory + "/missing") } throws: { error in
                (error as? StoredStatesError)?.kind == .missing
            }
            try write("x", to: directory + "/file")
            #expect { try StoredStates.read(stateDirectory: directory + "/file") } throws: { error in
                (error as? StoredStatesError)?.kind == .notAFolder
            }
        }
    }
}
