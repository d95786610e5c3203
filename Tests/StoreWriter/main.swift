import ConsentEngine
import Foundation

// A helper process for the state store's concurrency and crash tests:
//
//     StoreWriter <state-dir> <app-id> <count> [--tag NAME]
//
// makes `count` updates to the app's store, update i storing a consent answer with policy id
// `writer-<tag>` and policy revision i, and prints `wrote <i>` after each completed update, so a test can
// tell the last answer this writer stored and kill it right after a write.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("StoreWriter: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var tag = "main"
if let flag = arguments.firstIndex(of: "--tag") {
    guard flag + 1 < arguments.count else { fail("--tag needs a name") }
    tag = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
    fail("usage: StoreWriter <state-dir> <app-id> <count> [--tag NAME]")
}

do {
    let store = try FileConsentStore(appID: arguments[1], stateDirectory: arguments[0])
    for revision in stride(from: 1, through: count, by: 1) {
        let answer = ConsentAnswer(
            choice: .custom, purposes: [1, revision % 10 + 1], legitimateInterestObjections: [],
            specialFeatures: [], partners: [.vendor(revision)], disclosedPartners: [.vendor(revision)],
            answeredAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(revision)), policyID: "writer-\(tag)",
            policyRevision: revision, tcfPolicyVersion: 5, region: .eea, regulation: .gdpr, language: "en")
        try store.update { record in
            record.consent = answer
            return .consent(answer)
        }
        FileHandle.standardOutput.write(Data("wrote \(revision)\n".utf8))
    }
} catch {
    fail("\(error)")
}
