import Foundation
import ConsentJSON

/// The findings of one audit, in a fixed order, and how to print them.
public struct AuditReport: Sendable, Equatable {
    /// The findings, sorted by file, line, rule id and message.
    public let findings: [Finding]

    /// Creates a report; the findings are sorted, so equal inputs give byte-equal output.
    public init(findings: [Finding]) {
        self.findings = findings.sorted(by: Finding.precedes)
    }

    /// How many findings have `severity`.
    public func count(of severity: Severity) -> Int {
        findings.count { $0.severity == severity }
    }

    /// The report for people: one `severity[rule] file:line: message` line per finding, its evidence and
    /// hint below, then a count. Paths under `base` are shown relative to it.
    public func humanText(relativeTo base: URL? = nil) -> String {
        var lines: [String] = []
        for finding in findings {
            let file = Self.display(finding.file, relativeTo: base)
            let place = finding.line.map { "\(file):\($0)" } ?? file
            lines.append("\(finding.severity.rawValue)[\(finding.rule.rawValue)] \(place): \(finding.message)")
            if let evidence = finding.evidence {
                lines.append("  evidence: \(Self.display(evidence.file, relativeTo: base)):\(evidence.line)")
            }
            lines.append("  hint: \(finding.hint)")
        }
        lines.append(findings.isEmpty ? "no findings" : summary)
        return lines.joined(separator: "\n") + "\n"
    }

    private var summary: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return [plural(count(of: .error), "error"), plural(count(of: .warning), "warning"),
                "\(count(of: .info)) info"].joined(separator: ", ")
    }

    /// The report as JSON, paths under `base` relative to it; ends with a newline.
    ///
    /// `{"errors": n, "warnings": n, "infos": n, "findings": [{"severity", "rule", "file", "line", "message",
    /// "hint", "evidence": {"file", "line"}}]}`, in that order; `line` and `evidence` are null when unknown.
    public func jsonText(relativeTo base: URL? = nil) -> String {
        var writer = JSONWriter()
        writer.object { object in
            object.field("errors", .integer(count(of: .error)))
            object.field("warnings", .integer(count(of: .warning)))
            object.field("infos", .integer(count(of: .info)))
            object.array("findings") { list in
                for finding in findings {
                    list.object { item in
                        item.field("severity", .string(finding.severity.rawValue))
                        item.field("rule", .string(finding.rule.rawValue))
                        item.field("file", .string(Self.display(finding.file, relativeTo: base)))
                        item.field("line", .nullable(finding.line))
                        item.field("message", .string(finding.message))
                        item.field("hint", .string(finding.hint))
                        item.field("evidence", finding.evidence.map { evidence in
                            .members(["file": .string(Self.display(evidence.file, relativeTo: base)), "line": .integer(evidence.line)])
                        } ?? .null)
                    }
                }
            }
        }
        return writer.text + "\n"
    }

    /// `path` relative to `base` when it lies under it; otherwise unchanged.
    package static func display(_ path: String, relativeTo base: URL?) -> String {
        guard let base else { return path }
        let prefix = base.standardizedFileURL.path.hasSuffix("/")
            ? base.standardizedFileURL.path : base.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
