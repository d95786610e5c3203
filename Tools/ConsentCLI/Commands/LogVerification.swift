import ConsentEngine
import ConsentReports
import ConsentFiles
import ConsentJSON

/// `consentctl log --verify [FILE]`: the consent log's hash chain checked (README, "Proof of consent"), the app's own
/// log against the head its state records, or a file alone. Read-only: nothing is written, moved aside or
/// tightened.
enum LogVerification {
    static func run(file: String?, options: CommonOptions, invocation: Invocation) throws -> ExitCode {
        let verification: ConsentLogVerification
        var warnings: [ConsentWarning] = []
        if let file {
            verification = ConsentLogVerification(log: try InputFile.read(file, kind: .consentLog))
        } else {
            let store = try options.store(environment: invocation.environment)
            let files = try store.readOnlyFiles()
            if let reason = files.unreadableState {
                warnings.append(ConsentWarning(.stateUnreadable, "\(store.stateFile) could not be read (\(reason)); it was left "
                    + "as it is, and the log is checked without the head it records"))
            }
            verification = ConsentLogVerification(log: files.log ?? [], state: files.head, isWholeLog: true)
        }
        invocation.console.warn(warnings)
        if options.json {
            invocation.console.out(json(verification))
        } else {
            invocation.console.out(text(verification))
            for finding in verification.warnings {
                invocation.console.error("consentctl: warning: line \(finding.line): \(finding.kind.rawValue): \(finding.message)")
            }
        }
        // An empty log is not broken, only not a proof of anything: said so, and not a failure.
        return verification.problems.isEmpty ? .success : .failure
    }

    /// `chain intact: N lines (M before the chain), head <hash>` and each restore, or `chain broken: …`, each
    /// restore and each problem.
    static func text(_ verification: ConsentLogVerification) -> String {
        var summary = "\(verification.lineCount) line\(verification.lineCount == 1 ? "" : "s") "
            + "(\(verification.unchainedLineCount) before the chain)"
        if let start = verification.startsAfter { summary += ", starts after \(start)" }
        summary += ", head \(verification.head ?? "none")"
        if verification.isEmpty && verification.problems.isEmpty { return "log empty: 0 lines, nothing to verify" }
        let restores = verification.restores.map(restoreText)
        guard !verification.isIntact else { return (["chain intact: \(summary)"] + restores).joined(separator: "\n") }
        return (["chain broken: \(summary)"] + restores + verification.problems.map { "  line \($0.line): \($0.kind.rawValue): \($0.message)" })
            .joined(separator: "\n")
    }

    /// `  restored at line N from install X: a new chain begins, install Y`.
    private static func restoreText(_ restore: ConsentLogVerification.Restore) -> String {
        "  restored at line \(restore.line) from install \(restore.restoredFrom): a new chain begins, install \(restore.installID)"
    }

    /// `{intact, empty, lines, unchainedLines, head, startsAfter, restores: [{line, restoredFrom, installID}],
    /// warnings: [{line, kind, message}], problems: […]}`: an empty log is `empty` and not `intact`.
    static func json(_ verification: ConsentLogVerification) -> String {
        var writer = JSONWriter()
        writer.object { object in
            object.field("intact", .bool(verification.isIntact))
            object.field("empty", .bool(verification.isEmpty))
            object.field("lines", .integer(verification.lineCount))
            object.field("unchainedLines", .integer(verification.unchainedLineCount))
            object.field("head", .nullable(verification.head))
            object.field("startsAfter", .nullable(verification.startsAfter))
            object.field("restores", .array(verification.restores.map { restore in
                .members(["line": .integer(restore.line), "restoredFrom": .string(restore.restoredFrom), "installID": .string(restore.installID)])
            }))
            object.field("warnings", .array(verification.warnings.map(\.jsonValue)))
            object.field("problems", .array(verification.problems.map(\.jsonValue)))
        }
        return writer.text
    }
}
