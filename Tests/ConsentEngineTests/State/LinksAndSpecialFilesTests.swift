import Foundation
import Testing
@testable import ConsentEngine

/// Nothing in the app folder is followed through a link, and nothing but a regular file is read or written
/// there (§4): a write must never escape the folder, and a FIFO must never make the store wait.
struct LinksAndSpecialFilesTests {
    static let appFiles = ["state.json", "state.json.tmp", "state.lock", "consent-log.jsonl", "device.json", "device.json.tmp"]

    @Test(arguments: appFiles)
    func aLinkInTheAppFolderIsRefusedAndLeftAsItIsAndItsTargetIsNotWritten(name: String) throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            let target = directory + "/outside-\(name)"
            try write("untouched", to: target)
            let link = store.directory + "/" + name
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

            let error = #expect(throws: StoreError.self) { try store.storeConsent(revision: 1) }

            #expect(error?.kind == .cannotWrite)
            #expect(error?.path == link, "the message names the link")
            #expect(error?.message.contains("symbolic link") == true)
            #expect(fileBytes(target) == Array("untouched".utf8))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
            if name != "consent-log.jsonl" && name != "state.lock" {
                #expect(!FileManager.default.fileExists(atPath: store.logFile), "nothing is logged for a change that cannot be stored")
            }
        }
    }

    @Test func aLinkNamedStateJSONIsRefusedOnReadingToo() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            try write(#"{"schema": 2, "record": {"changeCount": 1}}"#, to: directory + "/elsewhere.json")
            try FileManager.default.createSymbolicLink(atPath: store.stateFile, withDestinationPath: directory + "/elsewhere.json")

            let error = #expect(throws: StoreError.self) { try store.load() }

            #expect(error?.kind == .cannotWrite)
            #expect(error?.path == store.stateFile)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.stateFile) == directory + "/elsewhere.json")
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["load", "update"])
    func aFIFONamedStateJSONIsRefusedWithoutWaiting(operation: String) throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            #expect(mkfifo(store.stateFile, 0o600) == 0)

            let error = #expect(throws: StoreError.self) {
                if operation == "load" { _ = try store.load() } else { try store.storeConsent(revision: 1) }
            }

            #expect(error?.kind == .cannotWrite)
            #expect(error?.message.contains("FIFO") == true)
            #expect(FileManager.default.fileExists(atPath: store.stateFile), "the FIFO is left in place")
        }
    }

    @Test func anAppFolderThatIsALinkIsRefused() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            let elsewhere = directory + "/elsewhere"
            try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createSymbolicLink(atPath: store.directory, withDestinationPath: elsewhere)

            let error = #expect(throws: StoreError.self) { try store.storeConsent(revision: 1) }

            #expect(error?.kind == .cannotWrite)
            #expect(error?.path == store.directory)
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        }
    }

    @Test(arguments: ["load", "update"])
    func anAppFolderOpenToOthersIsTightenedTo0700WithAWarning(operation: String) throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])

            let warnings: [ConsentWarning]
            if operation == "load" {
                warnings = try store.load().warnings
            } else {
                try store.storeConsent(revision: 1)
                warnings = store.takeWarnings()
            }

            #expect(try permissions(store.directory) == 0o700)
            #expect(warnings.map(\.id) == [.appFolderTightened])
            #expect(warnings.first?.message.contains("0755") == true)
            #expect(warnings.first?.message.contains("0700") == true)
            #expect(try store.load().warnings.isEmpty, "a tightened folder is told once")
        }
    }
}

/// The seam itself: any file written through ``FileSystemCalls`` gets the same treatment, whatever its
/// name, so a file the folder comes to hold (`preferences.plist` and its temporary file) is covered too.
struct FileSystemCallsSeamTests {
    @Test(arguments: ["target", "temporary"])
    func anAtomicReplaceThroughALinkIsRefusedForAnyName(linked: String) throws {
        try withTemporaryDirectory { directory in
            let outside = directory + "/outside"
            try write("untouched", to: outside)
            let path = directory + "/preferences.plist", temporary = path + ".tmp"
            let link = linked == "target" ? path : temporary
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)

            let error = #expect(throws: SystemCallError.self) {
                try AtomicFileWriter(calls: .live).replace(path, with: Array("new".utf8), through: temporary)
            }

            #expect(error?.isRefusedFileKind == true)
            #expect(fileBytes(outside) == Array("untouched".utf8))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == outside, "the link is left as it is")
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: [FileSystemCalls.OpenMode.read, .createOrTruncate, .createOrAppend, .createForLocking])
    func everyFileModeRefusesAFIFOWithoutWaiting(mode: FileSystemCalls.OpenMode) throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/preferences.plist"
            #expect(mkfifo(fifo, 0o600) == 0)
            let error = #expect(throws: SystemCallError.self) { _ = try FileSystemCalls.live.open(fifo, mode) }
            #expect(error?.isRefusedFileKind == true, "\(String(describing: error))")
        }
    }
}
