import Foundation
@testable import ConsentEngine

/// A fresh directory for one test, removed when the test ends.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("consent-store-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// ``withTemporaryDirectory(_:)`` for an async body.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("consent-store-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}

/// 2026-11-29T10:15:00Z, the time every test store reads.
let testNow = UTCCalendar.parse("2026-11-29T10:15:00Z")!

/// The store's app folder as the store itself makes it (0700), for a test that puts files in it first.
func makeAppFolder(_ store: FileConsentStore) throws {
    try FileManager.default.createDirectory(
        atPath: store.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
}

func makeStore(_ stateDirectory: String, appID: String = "com.example.Shopping") throws -> FileConsentStore {
    try FileConsentStore(appID: appID, stateDirectory: stateDirectory, clock: .fixed(testNow))
}

/// A consent answer told apart from others by its policy revision.
func storedAnswer(revision: Int, policyID: String = "default") -> ConsentAnswer {
    ConsentAnswer(
        choices: ConsentChoices(choice: .custom, purposes: [1, 3], legitimateInterestObjections: [2], specialFeatures: [1],
            partners: [755]), disclosedPartners: [1, 755], answeredAt: testNow.addingTimeInterval(Double(revision)),
        policyID: policyID, policyRevision: revision, tcfPolicyVersion: 5, region: .eea, regulation: .gdpr,
        language: "en")
}

extension FileConsentStore {
    /// Stores `storedAnswer(revision:)` with its log line, as the launch flow stores a consent answer.
    @discardableResult
    func storeConsent(revision: Int) throws -> ConsentRecord {
        let given = storedAnswer(revision: revision)
        return try update { record in
            record.consent = given
            return .consent(given)
        }
    }
}

func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

func permissions(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
