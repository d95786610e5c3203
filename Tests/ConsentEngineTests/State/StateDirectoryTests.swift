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
        "../x", "a/b", "..", "", ".hidden", "com..example", "com.example/../x", "com example", "café", "a\u{0}b",
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

    @Test func filesAre0600AndTheDirectoriesTheStoreCreatesAre0700() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory + "/nested/state")
            try store.storeConsent(revision: 1)

            for created in [directory + "/nested", directory + "/nested/state", store.directory] {
                #expect(try permissions(created) == 0o700, "\(created)")
            }
            for file in [store.stateFile, store.logFile, store.directory + "/state.lock"] {
                #expect(try permissions(file) == 0o600, "\(file)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).sorted()
                    == ["consent-log.jsonl", "state.json", "state.lock"])
        }
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
