import ConsentEngine
import Foundation

// A helper process for the state store's concurrency and crash tests:
//
//     StoreWriter <state-dir> <app-id> <count> [--tag NAME] [--rules FOLDER]
//
// makes `count` updates to the app's store, update i storing a consent answer with policy id
// `writer-<tag>` and policy revision i, and prints `wrote <i>` after each completed update, so a test can
// tell the last answer this writer stored and kill it right after a write. With `--rules`, each update is
// followed by keeping FOLDER/policy-<i + 1>.json as a newer revision of the default policy (a file already
// in force, or older than the one in force because another writer went ahead, is not an error); FOLDER
// holds `template.json`, a policy whose `"revision": 1` is replaced by the revision kept, and `first`, the
// revision the first update keeps (2 when there is none).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("StoreWriter: \(message)\n".utf8))
    exit(1)
}

/// Keeps a newer revision of the default policy; one that another writer already went past is not an error.
func keep(_ bytes: Data, in store: FileConsentStore) throws {
    let result = Result { () throws(RulesUpdateError) in try ConsentManager(policy: .default, store: store).updateRules(bytes, kind: .policy) }
    if case .failure(let error) = result, error.kind != .older { throw error }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var tag = "main"
if let flag = arguments.firstIndex(of: "--tag") {
    guard flag + 1 < arguments.count else { fail("--tag needs a name") }
    tag = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
var rules: String?
if let flag = arguments.firstIndex(of: "--rules") {
    guard flag + 1 < arguments.count else { fail("--rules needs a folder") }
    rules = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
    fail("usage: StoreWriter <state-dir> <app-id> <count> [--tag NAME] [--rules FOLDER]")
}

do {
    let store = try FileConsentStore(appID: arguments[1], stateDirectory: arguments[0])
    for revision in stride(from: 1, through: count, by: 1) {
        let answer = ConsentAnswer(
            choices: ConsentChoices(choice: .custom, purposes: [1, revision % 10 + 1], legitimateInterestObjections: [],
                specialFeatures: [], partners: [.vendor(revision)]), disclosedPartners: [.vendor(revision)],
            answeredAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(revision)), policyID: "writer-\(tag)",
            policyRevision: revision, tcfPolicyVersion: 5, region: .eea, regulation: .gdpr, language: "en")
        try store.update { record in
            record.consent = answer
            return .consent(answer)
        }
        if let rules {
            let folder = URL(fileURLWithPath: rules)
            let template = try String(contentsOf: folder.appendingPathComponent("template.json"), encoding: .utf8)
            let first = (try? String(contentsOf: folder.appendingPathComponent("first"), encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 2
            let policy = template.replacingOccurrences(of: "\"revision\": 1,", with: "\"revision\": \(first + revision - 1),")
            try keep(Data(policy.utf8), in: store)
        }
        FileHandle.standardOutput.write(Data("wrote \(revision)\n".utf8))
    }
} catch {
    fail("\(error)")
}
