import ConsentEngine
import Foundation
import Testing

/// An app's own store (say, over the Keychain), written against the engine's public API alone: this
/// package sees nothing the engine keeps `package`.
final class OwnStore: ConsentStore, @unchecked Sendable {
    // @unchecked: `record` and `pending` are only touched under `lock`.
    private let lock = NSLock()
    private var record = ConsentRecord.empty
    private var pending: [ConsentWarning] = []
    private let failure: StoreError?

    init(failing failure: StoreError? = nil) {
        self.failure = failure
    }

    func load() throws(StoreError) -> StoreSnapshot {
        if let failure { throw failure }
        return lock.withLock { StoreSnapshot(record: record) }
    }

    func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) throws(StoreError) -> ConsentRecord {
        if let failure { throw failure }
        return lock.withLock {
            _ = change(&record)
            pending.append(ConsentWarning(.appFolderTightened, "the keychain item was readable by other apps; it was tightened"))
            return record
        }
    }

    func takeWarnings() -> [ConsentWarning] {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }
}

struct OwnStoreTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    func context() throws -> DecisionContext {
        DecisionContext(region: try RegionInput(parsing: "DE"), now: now, build: .release)
    }

    @Test func aStoreOfTheAppThrowsTheEnginesStoreErrorAndTheCallerSeesItsKindAndPath() throws {
        let failure = StoreError(kind: .cannotWrite, path: "keychain:consent", message: "the keychain is locked")
        let manager = ConsentManager(policy: .default, store: OwnStore(failing: failure), clock: .fixed(now))
        #expect(throws: failure) { try manager.evaluate(try context()) }
    }

    @Test func aWarningOfTheAppsStoreReachesTheLaunchReportByItsID() async throws {
        let manager = ConsentManager(policy: .default, store: OwnStore(), clock: .fixed(now))
        let log = SDKLog()
        let report = try await manager.launch(
            context: try context(), forms: FakeUMPForm(log: log, answer: .answered(.consentAll(.default))),
            tracking: FakeATT(log: log, answer: .denied), ads: FakeMobileAds(log: log)
        ).run()
        #expect(report.decision.canRequestAds)
        #expect(report.decision.warnings.map(\.id) == [.appFolderTightened], "told once, however many writes")
    }

    @Test func theContextAnAppBuiltCanBeReadBack() throws {
        let context = try context()
        #expect(context.region.region == .eea)
        #expect(context.build == .release)
        #expect(context.now == now)
    }

    @Test func choicesKeepTheirListsSortedWithoutDuplicates() {
        let choices = ConsentChoices(choice: .custom, purposes: [4, 1, 4, 3], partners: [.vendor(755), .vendor(1), .vendor(755)])
        #expect(choices.purposes == [1, 3, 4])
        #expect(choices.partners == [.vendor(1), .vendor(755)])
    }
}
