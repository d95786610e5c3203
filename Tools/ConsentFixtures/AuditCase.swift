import ConsentAudit
import Foundation
import ConsentJSON

/// An audit case (`fixtures/audit/README.md`): the inputs of `consentctl audit` and everything it must report.
///
/// Paths are relative to the fixture file. The expected findings are compared as a whole: every finding
/// of the audit, of any severity, must be listed by rule, file and line, and nothing else. The expected
/// status is the one `consentctl audit` ends with, which the command line decides (``AuditExitStatus``).
/// When the audit cannot run, `error` gives the file and line where it stopped. Unknown fields and unknown
/// rule ids are load errors, so a typo cannot make a case pass.
struct AuditCase {
    static let fields = ["name", "audit", "expect"]
    /// An audit file's header: the file-wide `policy` and `context` of the other kinds mean nothing here.
    static let headerFields = ["fixture", "kind", "case", "cases"]
    static let inputFields = ["xcconfig", "configuration", "plist", "srcroot", "privacyManifest", "requestsTracking"]
    /// The field of the expected status, named as the fixture format names it.
    static let statusField = "exitCode"
    static let expectFields = ["findings", statusField, "error"]
    static let findingFields = ["rule", "file", "line"]
    static let errorFields = ["file", "line"]

    /// The `audit` object: `consentctl audit`'s options, each optional, with the command line's defaults.
    struct Inputs {
        var xcconfig: String?
        var configuration = "Debug"
        var plist: String?
        var srcroot: String?
        var privacyManifest: String?
        var requestsTracking = TrackingRequest.auto
    }

    /// An expected finding (with its rule) or the place of an expected error (without one).
    struct Place: Hashable {
        var rule: AuditRule?
        /// Relative to the fixture file.
        var file: String
        /// 1-based; `nil` when the finding has no line (a binary plist, the configuration's name).
        var line: Int?
    }

    var inputs: Inputs
    /// Every finding the audit must produce.
    var findings: [Place]
    /// The status `consentctl audit` must end with: 0, 1, 64, 65 or 66.
    var status: Int32
    /// Where the audit must stop, for inputs it cannot parse.
    var error: Place?

    /// Reads the `audit` and `expect` fields of a case whose fields and name the loader has checked.
    static func read(_ object: JSONObject) throws(JSONFieldError) -> AuditCase {
        let audit = try object.required("audit").object(allowed: inputFields)
        var inputs = Inputs()
        inputs.xcconfig = try audit.optional("xcconfig")?.string()
        inputs.configuration = try audit.optional("configuration")?.string() ?? inputs.configuration
        inputs.plist = try audit.optional("plist")?.string()
        inputs.srcroot = try audit.optional("srcroot")?.string()
        inputs.privacyManifest = try audit.optional("privacyManifest")?.string()
        inputs.requestsTracking = try audit.optional("requestsTracking")?.choice(TrackingRequest.self) ?? inputs.requestsTracking

        let expect = try object.required("expect").object(allowed: expectFields)
        var findings: [Place] = []
        for item in try expect.required("findings").array() {
            let finding = try item.object(allowed: findingFields)
            findings.append(try place(finding, rule: try rule(try finding.required("rule"))))
        }
        let error = try expect.optional("error").map { node throws(JSONFieldError) in
            try place(try node.object(allowed: errorFields), rule: nil)
        }
        return AuditCase(inputs: inputs, findings: findings,
                         status: Int32(try expect.required(statusField).int(in: 0...255)), error: error)
    }

    private static func place(_ object: JSONObject, rule: AuditRule?) throws(JSONFieldError) -> Place {
        Place(rule: rule, file: try object.required("file").string(),
              line: try object.optional("line")?.int(in: 1...Int.max))
    }

    private static func rule(_ node: JSONNode) throws(JSONFieldError) -> AuditRule {
        let id = try node.string()
        guard let rule = AuditRule(rawValue: id) else {
            throw node.error("\"\(id)\" is not an audit rule id; `consentctl audit --help` lists them")
        }
        return rule
    }

    /// The request this case describes, its paths resolved against `directory`, the fixture file's folder.
    func request(in directory: URL) -> AuditRequest {
        func url(_ path: String?) -> URL? {
            path.map { directory.appendingPathComponent($0).standardizedFileURL }
        }
        return AuditRequest(
            plist: url(inputs.plist), xcconfig: url(inputs.xcconfig), configuration: inputs.configuration,
            srcroot: url(inputs.srcroot), privacyManifest: url(inputs.privacyManifest),
            requestsTracking: inputs.requestsTracking)
    }

    /// Runs the audit and compares it with the expectation: one failure per difference (a missing or an
    /// unexpected finding, the status `exitStatus` gives the outcome, where the audit stopped), and the
    /// rules the findings came from.
    func run(in directory: URL, exitStatus: AuditExitStatus) -> (failures: [FixtureFailure], rules: Set<AuditRule>) {
        let base = directory.standardizedFileURL.resolvingSymlinksInPath()
        func key(_ rule: AuditRule?, _ file: String, _ line: Int?) -> ComparedPlace {
            ComparedPlace(rule: rule, path: URL(fileURLWithPath: file, relativeTo: base).standardizedFileURL
                .resolvingSymlinksInPath().path, line: line)
        }
        let outcome = Result { () throws(AuditError) in try runAudit(request(in: directory)) }
        let report = try? outcome.get()
        let failure: AuditError? = if case .failure(let error) = outcome { error } else { nil }
        let expected = findings.map { key($0.rule, $0.file, $0.line) }
        let actual = (report?.findings ?? []).map { key($0.rule, $0.file, $0.line) }
        var mismatches: [String] = []
        for missing in expected.subtracting(actual) {
            mismatches.append("missing finding \(missing.describe(relativeTo: base))")
        }
        for extra in actual.subtracting(expected) {
            mismatches.append("unexpected finding \(extra.describe(relativeTo: base))")
        }
        let actualStatus = exitStatus(outcome)
        if actualStatus != status {
            let why = failure.map { " (\($0.description))" } ?? ""
            mismatches.append("exit code: expected \(status), got \(actualStatus)\(why)")
        }
        if let error {
            let wanted = key(nil, error.file, error.line)
            let got = failure.map { key(nil, $0.file ?? "", $0.line) }
            if got != wanted {
                mismatches.append("error: expected at \(wanted.describe(relativeTo: base)), got "
                    + (got.map { "\($0.describe(relativeTo: base)): \(failure?.message ?? "")" } ?? "no error"))
            }
        }
        return (mismatches.map { .message(nil, $0) }, Set(report?.findings.map(\.rule) ?? []))
    }
}

/// A rule, an absolute path and a line: what an audit case compares.
private struct ComparedPlace: Hashable, Comparable {
    var rule: AuditRule?
    var path: String
    var line: Int?

    static func < (lhs: ComparedPlace, rhs: ComparedPlace) -> Bool {
        (lhs.rule?.rawValue ?? "", lhs.path, lhs.line ?? 0) < (rhs.rule?.rawValue ?? "", rhs.path, rhs.line ?? 0)
    }

    func describe(relativeTo base: URL) -> String {
        let file = AuditReport.display(path, relativeTo: base)
        let place = line.map { "\(file):\($0)" } ?? file
        return rule.map { "\($0.rawValue) at \(place)" } ?? place
    }
}

extension Array where Element == ComparedPlace {
    /// The elements of `self` left over after taking away `other`, one for one (a multiset difference).
    fileprivate func subtracting(_ other: [ComparedPlace]) -> [ComparedPlace] {
        var remaining = Dictionary(other.map { ($0, 1) }, uniquingKeysWith: +)
        var result: [ComparedPlace] = []
        for element in self.sorted() {
            if let count = remaining[element], count > 0 {
                remaining[element] = count - 1
            } else {
                result.append(element)
            }
        }
        return result
    }
}
