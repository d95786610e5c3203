/// How an answer was collected, as its log line's `collectionMethod` says.
public enum ConsentCollectionMethod: String, Sendable, Equatable, CaseIterable {
    /// The full-screen form on a terminal (`consentctl prompt`).
    case terminalForm = "terminal-form"
    /// Answers read line by line from stdin.
    case linePrompts = "line-prompts"
    /// Answer flags on the command line (`--consent all`).
    case flags
    /// The app's own presenter or tracking authorizer: anything the engine did not draw itself.
    case appForm = "app-form"
}

/// The engine's own presenters say how they collect each kind of answer; any other presenter is the app's
/// (``ConsentCollectionMethod/appForm``).
package protocol AnswerCollecting {
    /// How the answer to a prompt of this kind is collected.
    func collectionMethod(for prompt: PromptKind) -> ConsentCollectionMethod
}

/// A file read to make the policy, named on each answer's line with the SHA-256 of its bytes.
package struct PolicyFileHash: Sendable, Equatable {
    /// The file's path as the loader was given it, or `embedded:default` for the compiled-in default.
    package var path: String
    /// The SHA-256 of its bytes as loaded, lowercase hex.
    package var sha256: String

    package init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }
}

/// What a line recording an answer carries beyond the answer (`Sources/ConsentEngine/State/SCHEMA.md`, "What an answer's line carries"): how it was collected and
/// what it produced. The engine makes it before a write; a store puts it on the answer's line as it is
/// (``ConsentLogChain/append(_:change:proof:)``), beside its install id. A store passes it on without
/// reading it: what it says is on the line (`policyFiles`, `language`, `collectionMethod`, `engineVersion`
/// and the strings).
public struct AnswerProof: Sendable, Equatable {
    /// The policy's id and revision (the line's `policyID` and `policyRevision`).
    package var policyID: String
    /// The policy's revision.
    package var policyRevision: Int
    /// Every file read to make the policy, in the order read.
    package var policyFiles: [PolicyFileHash]
    /// The language the texts were shown in.
    package var language: String
    /// How the answer was collected.
    package var collectionMethod: ConsentCollectionMethod
    /// The engine's version, as `consentctl --version` prints it.
    package var engineVersion: String
    /// The TC string the answer produced, as written to the keys; `nil` where none.
    package var tcString: String?
    /// The Additional Consent string the answer produced; `nil` where none.
    package var acString: String?
    /// The GPP string the answer produced; `nil` where none.
    package var gppString: String?

    package init(
        policyID: String, policyRevision: Int, policyFiles: [PolicyFileHash], language: String,
        collectionMethod: ConsentCollectionMethod, engineVersion: String = EngineVersion.current,
        tcString: String?, acString: String?, gppString: String?
    ) {
        self.policyID = policyID
        self.policyRevision = policyRevision
        self.policyFiles = policyFiles
        self.language = language
        self.collectionMethod = collectionMethod
        self.engineVersion = engineVersion
        self.tcString = tcString
        self.acString = acString
        self.gppString = gppString
    }
}

/// The engine's version, as `consentctl --version` prints it and answer lines record it.
package enum EngineVersion {
    package static let current = "0.11.0"
}
