import Foundation

/// One audit case of a `*.test.json` fixture file: the inputs and the expected outcome.
///
/// Paths are relative to the fixture file. The expected findings are compared as a whole: every finding
/// of the audit, of any severity, must be listed by rule, file and line, and nothing else. When the audit
/// cannot run, `expect.error` gives the file and line of the parse error and `exitCode` its exit code.
/// Unknown fields and unknown rule ids are load errors, so a typo cannot make a case pass.
public struct AuditFixtureCase: Decodable, Sendable {
    /// The `audit` object: the inputs of `consentctl audit`.
    public struct Inputs: Decodable, Sendable {
        /// `--xcconfig`, relative to the fixture file.
        public let xcconfig: String?
        /// `--configuration`; `Debug` when absent.
        public let configuration: String
        /// `--plist`, relative to the fixture file.
        public let plist: String?
        /// `--srcroot`, relative to the fixture file.
        public let srcroot: String?
        /// `--privacy-manifest`, relative to the fixture file.
        public let privacyManifest: String?
        /// `--requests-tracking`: `yes`, `no` or `auto`; `auto` when absent, as on the command line.
        public let requestsTracking: TrackingRequest

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case xcconfig, configuration, plist, srcroot, privacyManifest, requestsTracking
        }

        /// Decodes the object, refusing unknown fields.
        public init(from decoder: any Decoder) throws {
            try FixtureKeys.refuseUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            xcconfig = try container.decodeIfPresent(String.self, forKey: .xcconfig)
            configuration = try container.decodeIfPresent(String.self, forKey: .configuration) ?? "Debug"
            plist = try container.decodeIfPresent(String.self, forKey: .plist)
            srcroot = try container.decodeIfPresent(String.self, forKey: .srcroot)
            privacyManifest = try container.decodeIfPresent(String.self, forKey: .privacyManifest)
            let tracking = try container.decodeIfPresent(String.self, forKey: .requestsTracking) ?? "auto"
            guard let request = TrackingRequest(rawValue: tracking) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .requestsTracking, in: container,
                    debugDescription: "requestsTracking is \"\(tracking)\"; it must be yes, no or auto")
            }
            requestsTracking = request
        }
    }

    /// An expected finding, or the place of an expected error: rule (findings only), file and line.
    public struct ExpectedPlace: Decodable, Sendable, Hashable {
        /// The rule id; nil for an expected error.
        public let rule: AuditRule?
        /// The file, relative to the fixture file.
        public let file: String
        /// The line, or nil when the finding has none.
        public let line: Int?

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case rule, file, line
        }

        /// Decodes the object, refusing unknown fields and unknown rule ids.
        public init(from decoder: any Decoder) throws {
            try FixtureKeys.refuseUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rule = try container.decodeIfPresent(AuditRule.self, forKey: .rule)
            file = try container.decode(String.self, forKey: .file)
            line = try container.decodeIfPresent(Int.self, forKey: .line)
        }
    }

    /// The `expect` object.
    public struct Expectation: Decodable, Sendable {
        /// Every finding the audit must produce.
        public let findings: [ExpectedPlace]
        /// The exit code `consentctl audit` must give: 0, 1, 64, 65 or 66.
        public let exitCode: Int32
        /// Where the audit must fail, for a case whose input cannot be parsed.
        public let error: ExpectedPlace?

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case findings, exitCode, error
        }

        /// Decodes the object, refusing unknown fields.
        public init(from decoder: any Decoder) throws {
            try FixtureKeys.refuseUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            findings = try container.decode([ExpectedPlace].self, forKey: .findings)
            if findings.contains(where: { $0.rule == nil }) {
                throw DecodingError.dataCorruptedError(forKey: .findings, in: container,
                                                       debugDescription: "every expected finding needs a rule")
            }
            exitCode = try container.decode(Int32.self, forKey: .exitCode)
            error = try container.decodeIfPresent(ExpectedPlace.self, forKey: .error)
        }
    }

    /// The case's name, shown in results.
    public let name: String
    /// The inputs.
    public let audit: Inputs
    /// The expected outcome.
    public let expect: Expectation

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, audit, expect
    }

    /// Decodes the case, refusing unknown fields.
    public init(from decoder: any Decoder) throws {
        try FixtureKeys.refuseUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        audit = try container.decode(Inputs.self, forKey: .audit)
        expect = try container.decode(Expectation.self, forKey: .expect)
    }

    /// The request this case describes, its paths resolved against `fixtureDirectory`.
    public func request(fixtureDirectory: URL) -> AuditRequest {
        func url(_ path: String?) -> URL? {
            path.map { fixtureDirectory.appendingPathComponent($0).standardizedFileURL }
        }
        return AuditRequest(
            plist: url(audit.plist), xcconfig: url(audit.xcconfig), configuration: audit.configuration,
            srcroot: url(audit.srcroot), privacyManifest: url(audit.privacyManifest),
            requestsTracking: audit.requestsTracking
        )
    }

    /// Runs the audit and compares it with the expectation; `fixtureDirectory` is the fixture file's folder.
    public func run(fixtureDirectory: URL) -> AuditFixtureResult {
        let base = fixtureDirectory.standardizedFileURL.resolvingSymlinksInPath()
        func place(_ rule: AuditRule?, _ file: String, _ line: Int?) -> ExpectedKey {
            ExpectedKey(rule: rule, path: URL(fileURLWithPath: file, relativeTo: base).standardizedFileURL
                .resolvingSymlinksInPath().path, line: line)
        }
        let expected = expect.findings.map { place($0.rule, $0.file, $0.line) }
        var mismatches: [String] = []
        let report: AuditReport?
        let failure: AuditError?
        do {
            report = try runAudit(request(fixtureDirectory: fixtureDirectory))
            failure = nil
        } catch {
            report = nil
            failure = error
        }
        let actual = (report?.findings ?? []).map { place($0.rule, $0.file, $0.line) }
        for missing in expected.subtracting(actual) {
            mismatches.append("missing finding \(missing.describe(relativeTo: base))")
        }
        for extra in actual.subtracting(expected) {
            mismatches.append("unexpected finding \(extra.describe(relativeTo: base))")
        }
        let exitCode = failure?.exitCode ?? report?.exitCode ?? 0
        if exitCode != expect.exitCode {
            let why = failure.map { " (\($0.description))" } ?? ""
            mismatches.append("exit code: expected \(expect.exitCode), got \(exitCode)\(why)")
        }
        if let wanted = expect.error {
            let wantedKey = place(nil, wanted.file, wanted.line)
            let got = failure.map { place(nil, $0.file ?? "", $0.line) }
            if got != wantedKey {
                mismatches.append("error: expected at \(wantedKey.describe(relativeTo: base)), got "
                    + (got.map { "\($0.describe(relativeTo: base)): \(failure?.message ?? "")" } ?? "no error"))
            }
        }
        return AuditFixtureResult(name: name, mismatches: mismatches, report: report, error: failure)
    }
}

/// The outcome of one audit fixture case.
public struct AuditFixtureResult: Sendable {
    /// The case's name.
    public let name: String
    /// One readable line per difference between expected and actual; empty when the case passed.
    public let mismatches: [String]
    /// The audit's report, when the audit ran.
    public let report: AuditReport?
    /// The error that stopped the audit, when it did not run to the end.
    public let error: AuditError?

    /// True when the outcome matched the expectation.
    public var passed: Bool { mismatches.isEmpty }
}

/// A rule, an absolute path and a line: what a fixture compares.
struct ExpectedKey: Hashable, Comparable {
    var rule: AuditRule?
    var path: String
    var line: Int?

    static func < (lhs: ExpectedKey, rhs: ExpectedKey) -> Bool {
        (lhs.rule?.rawValue ?? "", lhs.path, lhs.line ?? 0) < (rhs.rule?.rawValue ?? "", rhs.path, rhs.line ?? 0)
    }

    func describe(relativeTo base: URL) -> String {
        let file = AuditReport.display(path, relativeTo: base)
        let place = line.map { "\(file):\($0)" } ?? file
        return rule.map { "\($0.rawValue) at \(place)" } ?? place
    }
}

extension Array where Element == ExpectedKey {
    /// The elements of `self` left over after taking away `other`, one for one (a multiset difference).
    fileprivate func subtracting(_ other: [ExpectedKey]) -> [ExpectedKey] {
        var remaining = Dictionary(other.map { ($0, 1) }, uniquingKeysWith: +)
        var result: [ExpectedKey] = []
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
