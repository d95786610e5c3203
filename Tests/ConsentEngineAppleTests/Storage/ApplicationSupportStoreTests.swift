import ConsentEngine
import Foundation
import Testing

struct ApplicationSupportStoreTests {
    @Test func anAppsDefaultStoreKeepsItsFolderInsideApplicationSupport() throws {
        let applicationSupport = try #require(FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
        let store = try FileConsentStore(appID: "com.example.Shopping")
        #expect(store.directory == applicationSupport.path + "/ConsentEngine/com.example.Shopping")
    }

    #if os(Linux)
    @Test func onLinuxTheDefaultFolderIsTheXDGDataFolderNeverTheCommandLinesStateFolder() throws {
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        let store = try FileConsentStore(appID: "com.example.Shopping")
        #expect(store.directory == data + "/ConsentEngine/com.example.Shopping")
        #expect(!store.directory.contains("consentctl"))
    }
    #endif

    @Test func anAppIDThatIsNotReverseDNSIsRefused() {
        #expect(throws: StoreError.self) { try FileConsentStore(appID: "../elsewhere") }
    }
}
