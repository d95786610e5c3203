import Foundation
import Testing
@testable import ConsentEngine

struct StateDirectoryTests {
    @Test func theStoreKeepsItsFilesInTheAppsFolderUnderTheStateDirectory() throws {
        let store = try FileConsentStore(appID: "default", stateDirectory: "/xdg/consentctl")
        #expect(store.directory == "/xdg/consentctl/default")
        #expect(store.stateFile == "/xdg/consentctl/default/state.json")
        #expect(store.logFile == "/xdg/consentctl/default/consent-log.jsonl")
    }

    @Test(arguments: [
        "../x", "a/b", "..", "", ".hidden", "com..example", "com.example..", "com.example/../x", "com example", "café", "a\u{0}b",
    ])
    func anAppIDThatIsNotAReverseDNSNameIsRefused(appID: String) {
        let error = #expect(throws: StoreError.self) { try FileConsentStore(appID: appID, stateDirectory: "/tmp") }
        #expect(error?.kind == .invalidAppID)
    }

    @Test(arguments: ["com.example.Shopping", "default", "com.example.my-app_2", "A1"])
    func aReverseDNSAppIDIsAccepted(appID: String) throws {
        let store = try FileConsentStore(appID: appID, stateDirectory: "/state")
        #expect(store.directory == "/state/\(appID)")
    }

    @Test func filesAre0600AndTheEnginesOwnFoldersAre0700() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory + "/nested/state")
            try store.storeConsent(revision: 1)

            for created in [directory + "/nested/state", store.directory] {
                #expect(try permissions(created) == 0o700, "\(created)")
            }
            // A missing folder above the state directory is the system's kind: its mode is the umask's.
            #expect(try permissions(directory + "/nested") == 0o777 & ~currentUmask(), "\(directory)/nested")
            for file in [store.stateFile, store.logFile, store.directory + "/state.lock", store.markerFile] {
                #expect(try permissions(file) == 0o600, "\(file)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted()
                    == ["consent-log.jsonl", "device.json", "state.json", "state.lock"])
        }
    }

    /// Every folder the store makes, with whose it is, and every permission change, through its calls.
    final class FolderCalls: @unchecked Sendable {
        // @unchecked: `made` and `modes` are only touched under `lock`.
        private let lock = NSLock()
        private var made: [(String, FileSystemCalls.NewDirectory)] = []
        private var modes: [String] = []
        var madeFolders: [(String, FileSystemCalls.NewDirectory)] { lock.withLock { made } }
        var permissionChanges: [String] { lock.withLock { modes } }

        func wrapping(_ live: FileSystemCalls) -> FileSystemCalls {
            var calls = live
            calls.makeDirectory = { [self] path, kind throws(SystemCallError) in
                lock.withLock { made.append((path, kind)) }
                try live.makeDirectory(path, kind)
            }
            calls.changePermissions = { [self] descriptor, mode throws(SystemCallError) in
                lock.withLock { modes.append("fd \(descriptor) \(String(mode, radix: 8))") }
                try live.changePermissions(descriptor, mode)
            }
            return calls
        }
    }

    @Test func aMissingApplicationSupportIsMadeAsTheSystemMakesItAndOnlyTheEnginesFoldersAreItsOwn() throws {
        try withTemporaryDirectory { container in
            // A new app container: Library exists, Application Support not yet.
            try FileManager.default.createDirectory(atPath: container + "/Library", withIntermediateDirectories: false)
            let support = container + "/Library/Application Support"
            let recorder = FolderCalls()
            let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: support + "/ConsentEngine",
                                             clock: .fixed(testNow), calls: recorder.wrapping(.live))
            try store.storeConsent(revision: 1)

            let made = recorder.madeFolders.map { "\($0.1) \($0.0.dropFirst(container.count))" }
            #expect(made == [
                "parent /Library/Application Support",
                "engines /Library/Application Support/ConsentEngine",
                "engines /Library/Application Support/ConsentEngine/com.example.Shopping",
            ])
            #expect(recorder.permissionChanges.isEmpty, "a folder the store makes 0700 needs no tightening")
            #expect(try permissions(support) == 0o777 & ~currentUmask(), "Application Support keeps the system's mode")
            #expect(try permissions(support + "/ConsentEngine") == 0o700)
            #expect(try permissions(store.directory) == 0o700)
        }
    }

    @Test(arguments: [
        ("/a/ConsentEngine", "/a/ConsentEngine", true), ("/a/ConsentEngine/app", "/a/ConsentEngine", true),
        ("/a/ConsentEngine/app", "/a/ConsentEngine/", true), ("/a", "/a/ConsentEngine", false),
        ("/a/ConsentEngineOld", "/a/ConsentEngine", false), ("/x", "/", true),
    ])
    func aFolderIsTheEnginesWhenItIsTheStateDirectoryOrBelowIt(path: String, root: String, within: Bool) {
        #expect(StateDirectory.isWithin(path, root) == within)
    }

    @Test func aStateDirectoryUnderARegularFileCannotBeCreated() throws {
        try withTemporaryDirectory { directory in
            try write("a file", to: directory + "/file")
            let store = try makeStore(directory + "/file/state")

            let error = #expect(throws: StoreError.self) { try store.storeConsent(revision: 1) }

            #expect(error?.kind == .cannotCreateDirectory)
            #expect(error?.path == store.directory)
            #expect(try store.load() == StoreSnapshot(record: .empty), "reading finds nothing stored")
        }
    }

    @Test func anAppFolderThatIsARegularFileCannotBeCreated() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try write("a file", to: store.directory)

            let error = #expect(throws: StoreError.self) { try store.storeConsent(revision: 1) }

            #expect(error?.kind == .cannotCreateDirectory)
        }
    }

    @Test(arguments: ["load", "update"])
    func aDirectoryNamedStateJSONMeansTheStateCannotBeWritten(operation: String) throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try FileManager.default.createDirectory(atPath: store.stateFile, withIntermediateDirectories: true)

            let error = #expect(throws: StoreError.self) {
                if operation == "load" { _ = try store.load() } else { try store.storeConsent(revision: 1) }
            }

            #expect(error?.kind == .cannotWrite)
            #expect(error?.path == store.stateFile)
            #expect(!FileManager.default.fileExists(atPath: store.logFile), "nothing is logged")
            #expect(!FileManager.default.fileExists(atPath: store.directory + "/state.json.tmp"))
        }
    }
}

/// The process's file-creation mask, read by setting it and putting it back.
func currentUmask() -> Int {
    let mask = umask(0o022)
    umask(mask)
    return Int(mask)
}
