import Foundation
import ConsentPropertyLists

/// One problem the audit found: which rule, where, what, how to fix it, and what it rests on.
public struct Finding: Sendable, Hashable {
    /// A line of the app's sources that a finding rests on, such as the call that asks for tracking.
    public struct Evidence: Sendable, Hashable {
        /// The source file, as a standardized path.
        public let file: String
        /// The 1-based line.
        public let line: Int

        /// Creates evidence at `file:line`.
        public init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

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
    /// What the finding rests on, when it rests on a line of the sources (`tracking-description-missing`).
    public let evidence: Evidence?

    /// Creates a finding; the severity comes from the rule.
    public init(rule: AuditRule, file: String, line: Int?, message: String, hint: String? = nil,
                evidence: Evidence? = nil) {
        self.severity = rule.severity
        self.rule = rule
        self.file = file
        self.line = line
        self.message = message
        self.hint = hint ?? rule.hint
        self.evidence = evidence
    }

    init(_ rule: AuditRule, at location: SourceLocation, _ message: String, hint: String? = nil,
         evidence: Evidence? = nil) {
        self.init(rule: rule, file: location.file.path, line: location.line, message: message, hint: hint,
                  evidence: evidence)
    }

    /// The order of a report: by file, then line (unknown first), rule id and message.
    static func precedes(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        if lhs.rule != rhs.rule { return lhs.rule.rawValue < rhs.rule.rawValue }
        return lhs.message < rhs.message
    }
}
