import Foundation

/// One problem the audit found: which rule, where, what, and how to fix it.
public struct Finding: Sendable, Hashable {
    /// How serious it is; always the rule's severity.
    public let severity: Severity
    /// The rule that found it.
    public let rule: AuditRule
    /// The file to change, as a standardized path.
    public let file: String
    /// The 1-based line to change, or nil when unknown (binary property lists).
    public let line: Int?
    /// What is wrong, in one line.
    public let message: String
    /// How to fix it, in one line.
    public let hint: String

    /// Creates a finding; the severity comes from the rule.
    public init(rule: AuditRule, file: String, line: Int?, message: String, hint: String? = nil) {
        self.severity = rule.severity
        self.rule = rule
        self.file = file
        self.line = line
        self.message = message
        self.hint = hint ?? rule.hint
    }

    init(_ rule: AuditRule, at location: SourceLocation, _ message: String, hint: String? = nil) {
        self.init(rule: rule, file: location.file.path, line: location.line, message: message, hint: hint)
    }

    /// The order of a report: by file, then line (unknown first), rule id and message.
    static func precedes(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        if lhs.rule != rhs.rule { return lhs.rule.rawValue < rhs.rule.rawValue }
        return lhs.message < rhs.message
    }
}
