import ConsentEngine
import ConsentReports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// `consentctl receipt`: the proof of the answer in force (README, "Proof of consent"), read-only.
enum ReceiptCommand: Command {
    static let name = "receipt"
    static let summary = "the proof of the answer in force: its log line, hash and chain, as JSON or a Kantara receipt"
    static let about = """
    Prints the proof of the answer in force (the consent answer, else the US-state opt-outs): the log
    line that recorded it and its SHA-256, whether the log's hash chain verifies up to the head state.json
    records, the policy files it was given under with their hashes, the language, how it was collected,
    the install id, the choices, the TC, AC and GPP strings it produced, and the decision it gives now.
    --json (the same as --format json) prints it as JSON; --format kantara prints a Kantara Initiative
    Consent Receipt v1.1, which needs the policy's controller block (exit 78 without it). Exits 1 with
    "no answer to prove" when no answer collected here is in force, and 1 when the chain is broken (the
    receipt is still printed). Like log --verify, it never writes, never moves a file aside and never
    changes a folder.
    """
    static let options: [OptionSpec] = [.option(.receiptFormat)]
    static let examples = [
        "consentctl receipt --state-dir fixtures/receipts/state --app com.example.Shopping",
        "consentctl receipt --json --state-dir fixtures/receipts/state --app com.example.Shopping",
        "consentctl receipt --format kantara --policy fixtures/policies/with-controller.json --state-dir fixtures/receipts/state --app com.example.Shopping",
    ]

    enum Format: String, CaseIterable {
        case text, json, kantara
    }

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let options = try CommonOptions(arguments)
        let given = try arguments[Option.receiptFormat]
        var format = given ?? .text
        if options.json {
            if let given, given != .json {
                throw CLIError.usage("--json is --format json, and --format \(given.rawValue) was given too", hint: "give one of them")
            }
            format = .json
        }
        let policy = try options.loadPolicy()
        if format == .kantara, policy.controller == nil {
            throw ConsentReceiptError.controllerMissing(["name", "contact", "email", "phone", "address", "url", "privacyPolicyURL"])
        }
        let store = try options.store(environment: invocation.environment)
        let files = try store.readOnlyFiles()
        if let reason = files.unreadableState {
            invocation.console.warn([ConsentWarning(.stateUnreadable, "\(store.stateFile) could not be read (\(reason)); it was left as it is")])
        }
        let receipt = try ConsentReceipt.make(
            record: files.record, log: files.log ?? [], head: files.head, policy: policy,
            context: options.context(now: options.clock.now()))
        switch format {
        case .text: invocation.console.out(text(receipt, policy: policy))
        case .json: invocation.console.out(receipt.jsonText())
        case .kantara: invocation.console.out(JSONWriter.text(try KantaraReceipt.value(receipt, policy: policy)))
        }
        guard receipt.chainIntact else {
            let problems = receipt.verification.problems.map { "line \($0.line): \($0.kind.rawValue): \($0.message)" }
            invocation.console.error("consentctl: error: the consent log's chain is broken: " + problems.joined(separator: "; ")
                + "\n  hint: 'consentctl log --verify' shows the chain; the receipt above cannot be trusted")
            return .failure
        }
        return .success
    }

    /// The receipt for a person: what was answered, where it is in the log, and how it was collected.
    static func text(_ receipt: ConsentReceipt, policy: Policy) -> String {
        let proof = receipt.proof
        var lines = ["answer: \(receipt.answer.rawValue), line \(receipt.line) of the consent log", "hash: \(receipt.hash)"]
        if receipt.chainIntact {
            lines.append("chain: intact, \(receipt.verification.lineCount) lines, head \(receipt.verification.head ?? "none")")
        } else {
            lines.append("chain: broken at line \(receipt.verification.problems.first?.line ?? 0)")
        }
        var answered = "answered: \(UTCCalendar.iso8601(receipt.entry.at))"
        if let region = receipt.entry.region { answered += " in \(region)" }
        if let validUntil = receipt.validUntil { answered += ", valid until \(UTCCalendar.iso8601(validUntil))" }
        lines.append(answered)
        if let choices = receipt.entry.consent?.choices {
            let ids = { (list: [Int]) in list.isEmpty ? "none" : list.map(String.init).joined(separator: ",") }
            lines.append("choice: \(choices.choice.rawValue); purposes \(ids(choices.purposes)); special features \(ids(choices.specialFeatures)); "
                + "partners \(choices.partners.isEmpty ? "none" : choices.partners.map(\.description).joined(separator: ","))")
        }
        if let optOuts = receipt.entry.usOptOuts {
            let chosen = [(optOuts.choices.sale, "sale"), (optOuts.choices.sharing, "sharing"),
                          (optOuts.choices.targetedAdvertising, "targeted")].filter(\.0).map(\.1)
            lines.append("opted out of: \(chosen.isEmpty ? "nothing" : chosen.joined(separator: ", "))")
        }
        lines.append("policy: \(proof.policyID) revision \(proof.policyRevision)")
        lines += proof.policyFiles.map { "policy file: \($0.path) sha256 \($0.sha256)" }
        lines.append("collected: \(proof.collectionMethod.rawValue), language \(proof.language), consentctl \(proof.engineVersion)")
        lines.append("install: \(receipt.installID)")
        lines.append("tcString: \(proof.tcString ?? "none")")
        lines.append("acString: \(proof.acString ?? "none")")
        lines.append("gppString: \(proof.gppString ?? "none")")
        let decision = receipt.decision
        lines.append("decision now: \(decision.consentStatus.rawValue), canRequestAds \(decision.canRequestAds), adServing \(decision.adServing.rawValue) (\(decision.region))")
        return lines.joined(separator: "\n")
    }
}

extension Option where Value == ReceiptCommand.Format {
    static var receiptFormat: Option<ReceiptCommand.Format> {
        Option("format", "text|json|kantara", help: "how to print the receipt (default text; kantara: a Kantara Consent Receipt v1.1)",
               oneOf: "a receipt format")
    }
}
