import Foundation

/// The findings of one audit, in a fixed order, and how to print them.
public struct AuditReport: Encodable, Sendable, Equatable {
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

    /// 1 when any finding is an error, else 0 (warnings and info do not fail an audit).
    public var exitCode: Int32 {
        count(of: .error) > 0 ? 1 : 0
    }

    private enum CodingKeys: String, CodingKey {
        case findings, errors, warnings, infos
    }

    /// `{"errors": n, "findings": [...], "infos": n, "warnings": n}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(findings, forKey: .findings)
        try container.encode(count(of: .error), forKey: .errors)
        try container.encode(count(of: .warning), forKey: .warnings)
        try container.encode(count(of: .info), forKey: .infos)
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

    /// The report as JSON with sorted keys, paths under `base` relative to it; ends with a newline.
    public func jsonText(relativeTo base: URL? = nil) -> String {
        let shown = AuditReport(findings: findings.map { finding in
            Finding(rule: finding.rule, file: Self.display(finding.file, relativeTo: base), line: finding.line,
                    message: finding.message, hint: finding.hint,
                    evidence: finding.evidence.map {
                        Finding.Evidence(file: Self.display($0.file, relativeTo: base), line: $0.line)
                    })
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, integers and enums cannot fail.
        let data = (try? encoder.encode(shown)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `path` relative to `base` when it lies under it; otherwise unchanged.
    static func display(_ path: String, relativeTo base: URL?) -> String {
        guard let base else { return path }
        let prefix = base.standardizedFileURL.path.hasSuffix("/")
            ? base.standardizedFileURL.path : base.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
