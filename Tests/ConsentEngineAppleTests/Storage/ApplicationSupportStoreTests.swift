import ConsentEngine
import ConsentEngineApple
import Foundation
import Testing

struct ApplicationSupportStoreTests {
    @Test func theStoreKeepsTheAppsFolderInsideApplicationSupport() throws {
        let applicationSupport = try #require(FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
        let store = try FileConsentStore.inApplicationSupport(appID: "com.example.Shopping")
        #expect(store.directory == applicationSupport.path + "/ConsentEngine/com.example.Shopping")
        #expect(try FileConsentStore.applicationSupportStateDirectory() == applicationSupport.path + "/ConsentEngine")
    }

    @Test func anAppIDThatIsNotReverseDNSIsRefused() {
        #expect(throws: StoreError.self) { try FileConsentStore.inApplicationSupport(appID: "../elsewhere") }
    }
}
