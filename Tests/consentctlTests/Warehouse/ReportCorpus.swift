@testable import ConsentEngine
import Foundation
import TestSupport

/// Installs made by the real binary for the report's check (docs/warehouse.md): answers, tracking choices,
/// regions and later launches drawn from known proportions by a seeded generator, and three copies tampered with,
/// each in a way whose fault the report must name. Every install is an app folder of one state folder; its id in the
/// warehouse is the app id.
final class ReportCorpus: @unchecked Sendable {
    /// The shares the launches are drawn with.
    enum Proportions {
        static let regions: [(geo: String, share: Double)] = [
            ("DE", 0.25), ("FR", 0.15), ("IT", 0.1), ("UK", 0.1), ("CH", 0.05), ("US-CA", 0.1), ("US-VA", 0.05), ("JP", 0.1), ("other", 0.1),
        ]
        static let kinds: [(kind: String, share: Double)] = [("all", 0.5), ("none", 0.3), ("custom", 0.2)]
        static let trackingAllowed = 0.4
        static let german = 0.2
        static let formLeftFirst = 0.15
        static let trackingRestricted = 0.1
        static let privacyOptions = 0.3
        static let askedAgainUnderRevision2 = 0.3
        static let privacyOptionsUnderRevision2 = 0.3
        static let reset = 0.05
        static let expired = 0.1
        static let torn = 0.03
        static let retried = 0.05
    }

    /// How a copy was tampered with, and the fault the verification finds in it.
    enum Tampering: String, CaseIterable, Sendable {
        case editedInTheMiddle, tailDropped, cutBeforePrev

        var verdict: String { self == .cutBeforePrev ? "unverifiable" : "broken" }
        var fault: String {
            switch self {
            case .editedInTheMiddle: "orphan lines"
            case .tailDropped: "missing tail"
            case .cutBeforePrev: "a line cut before its prev"
            }
        }
    }

    struct Install: Sendable {
        var app: String
        var uploads: [WarehouseCorpus.Upload] = []
        var retried = false
        var tampering: Tampering?
    }

    static let revision2 = "fixtures/warehouse/publisher-revision-2.json"
    static let gdprGeos: Set<String> = ["DE", "FR", "IT", "UK", "CH"]

    let folder: URL
    private(set) var installs: [Install] = []
    private(set) var seconds: Double = 0

    var stateDirectory: URL { folder.appendingPathComponent("state") }

    private init(folder: URL) {
        self.folder = folder
    }

    func logFile(of app: String) -> URL {
        stateDirectory.appendingPathComponent(app).appendingPathComponent("consent-log.jsonl")
    }

    func lines(of install: Install) throws -> [[UInt8]] {
        LogLines.split(ArraySlice(try Array(Data(contentsOf: logFile(of: install.app))))).map(Array.init)
    }

    /// The rows a warehouse holds for `installs`, the line rows shuffled; a retried upload has every row twice.
    func rows(for installs: [Install], seed: UInt64) throws -> WarehouseRows {
        var lineRows: [(install: String, line: [UInt8])] = []
        var rows = WarehouseRows()
        for install in installs {
            for _ in 0..<(install.retried ? 2 : 1) {
                lineRows += try lines(of: install).map { (install.app, $0) }
                for upload in install.uploads {
                    try rows.addUpload(head: upload.head, lines: upload.logLines, uploadedAt: upload.uploadedAt, install: install.app)
                }
            }
        }
        var random = SeededGenerator(seed: seed)
        for row in lineRows.shuffled(using: &random) { try rows.addLine(row.line, install: row.install) }
        return rows
    }

    // MARK: - Making it

    private struct CorpusError: Error, CustomStringConvertible {
        var description: String
    }

    private enum Step {
        case launch([String], stdin: String? = nil)
        /// A reset whose line a crash cut short after its prev, the state left as it was.
        case tornReset(random: UInt64)
    }

    static func build(installs count: Int, seed: UInt64) throws -> ReportCorpus {
        let started = Date()
        let memory = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
        let corpus = ReportCorpus(folder: base.appendingPathComponent("consentengine-report-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: corpus.stateDirectory, withIntermediateDirectories: true)
        WarehouseCorpus.removeAtExit(corpus.folder)
        let plans = (0..<count).map { Plan(index: $0, seed: seed) }
        let made = WarehouseCorpus.Results<Install>(count: count)
        try WarehouseCorpus.concurrently(count) { index in made[index] = try corpus.make(plans[index]) }
        corpus.installs = made.values
        var random = SeededGenerator(seed: seed ^ 0x5EED)
        let sources = try corpus.installs.filter { install in
            try corpus.lines(of: install).count >= 3 && !plans.contains { $0.app == install.app && $0.torn }
        }
        for (index, tampering) in Tampering.allCases.enumerated() {
            corpus.installs.append(try corpus.tamperedCopy(of: sources[index * 7 % sources.count], tampering, random: &random))
        }
        corpus.seconds = Date().timeIntervalSince(started)
        return corpus
    }

    private struct Plan {
        var app: String
        var steps: [(step: Step, now: Date)] = []
        var retried = false
        var torn = false

        init(index: Int, seed: UInt64) {
            var random = SeededGenerator(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
            app = String(format: "com.example.report%03d", index)
            func chance(_ share: Double) -> Bool { Double.random(in: 0..<1, using: &random) < share }
            func drawn<T>(_ choices: [(T, Double)]) -> T {
                var left = Double.random(in: 0..<1, using: &random)
                for (choice, share) in choices {
                    if left < share { return choice }
                    left -= share
                }
                return choices[choices.count - 1].0
            }
            let geo = drawn(Proportions.regions.map { ($0.geo, $0.share) })
            let gdpr = ReportCorpus.gdprGeos.contains(geo), usState = geo.hasPrefix("US-")
            let german = chance(Proportions.german), restricted = chance(Proportions.trackingRestricted)
            func consent(_ policy: String? = nil) -> [String] {
                guard gdpr else { return [] }
                var arguments = policy.map { ["--policy", $0] } ?? []
                if german { arguments += ["--lang", "de"] }
                switch drawn(Proportions.kinds.map { ($0.kind, $0.share) }) {
                case "all": arguments += ["--consent", "all"]
                case "none": arguments += ["--consent", "none"]
                default:
                    let purposes = (1...11).filter { _ in Bool.random(using: &random) }
                    arguments += ["--consent", "custom", "--purposes", (purposes.isEmpty ? [1] : purposes).map(String.init).joined(separator: ","),
                                  "--vendors", Bool.random(using: &random) ? "755" : "755,1"]
                    let features = [1, 2].filter { _ in Bool.random(using: &random) }
                    if !features.isEmpty { arguments += ["--special-features", features.map(String.init).joined(separator: ",")] }
                }
                return arguments
            }
            func tracking() -> [String] {
                restricted ? ["--tracking-restricted"] : ["--explainer", "continue", "--tracking", chance(Proportions.trackingAllowed) ? "allow" : "deny"]
            }
            func optOuts() -> [String] {
                let chosen = ["sale", "sharing", "targeted"].filter { _ in Bool.random(using: &random) }
                return ["--opt-out", chosen.isEmpty ? "none" : chosen.joined(separator: ",")]
            }
            var now = Date(timeIntervalSince1970: 1_772_352_000) // 2026-03-01T08:00:00Z
                .addingTimeInterval(Double(Int.random(in: 0...6, using: &random)) * 86400 + Double(Int.random(in: 0..<600, using: &random)) * 60)
            func add(_ step: Step, after seconds: Double) {
                now = now.addingTimeInterval(seconds)
                steps.append((step, now))
            }
            let prompt = ["prompt", "--geo", geo, "--no-input"]
            if chance(Proportions.formLeftFirst) {
                // The form left without an answer: the end of its input, in line mode.
                add(.launch(["prompt", "--geo", geo] + (restricted ? ["--tracking-restricted"] : []), stdin: ""), after: 0)
                add(.launch(prompt + consent() + tracking()), after: Double(Int.random(in: 1...72, using: &random)) * 3600)
            } else {
                add(.launch(prompt + consent() + tracking()), after: 0)
            }
            if (gdpr || usState) && chance(Proportions.privacyOptions) {
                add(.launch(["privacy-options", "--geo", geo, "--no-input"] + (gdpr ? consent() : optOuts())),
                    after: Double(Int.random(in: 1...20, using: &random)) * 86400)
            }
            if gdpr && chance(Proportions.askedAgainUnderRevision2) {
                add(.launch(prompt + consent(ReportCorpus.revision2) + tracking()), after: Double(Int.random(in: 20...40, using: &random)) * 86400)
                if chance(Proportions.privacyOptionsUnderRevision2) {
                    add(.launch(["privacy-options", "--geo", geo, "--no-input"] + consent(ReportCorpus.revision2)),
                        after: Double(Int.random(in: 1...10, using: &random)) * 3600)
                }
            } else if gdpr && chance(Proportions.expired) {
                // At the instant the answer in force expires (the engine's rule: the start of its day, plus 13 months),
                // the user is asked again under the same policy; an hour before it, the change was made in privacy options.
                let expiry = ReportCorpus.expiry(of: steps[steps.count - 1].now)
                if Bool.random(using: &random) {
                    add(.launch(prompt + consent() + tracking()), after: expiry.timeIntervalSince(now))
                } else {
                    add(.launch(["privacy-options", "--geo", geo, "--no-input"] + consent()), after: expiry.timeIntervalSince(now) - 3600)
                }
            }
            if gdpr && chance(Proportions.reset) {
                add(.launch(["reset", "--yes", "--geo", geo]), after: 86400)
                add(.launch(prompt + consent() + tracking()), after: 3600)
            }
            if chance(Proportions.torn) {
                add(.tornReset(random: random.next()), after: 86400)
                torn = true
            }
            retried = chance(Proportions.retried)
        }
    }

    /// When an answer given at `date` expires under the default policy: the start of its day in UTC plus 13 months.
    static func expiry(of date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(byAdding: .month, value: 13, to: calendar.startOfDay(for: date))!
    }

    /// A time as `--now` takes it, in UTC.
    private static func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }

    private func make(_ plan: Plan) throws -> Install {
        var install = Install(app: plan.app, retried: plan.retried)
        for (step, now) in plan.steps {
            let at = Self.text(now)
            let common = ["--app", plan.app, "--state-dir", stateDirectory.path, "--now", at]
            switch step {
            case .launch(let arguments, let stdin):
                let result = try Consentctl.run(arguments + common, stdin: stdin ?? "")
                guard result.status == 0 else {
                    throw CorpusError(description: "\(plan.app): \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
                }
            case .tornReset(let random):
                let stateFile = stateDirectory.appendingPathComponent(plan.app).appendingPathComponent("state.json")
                let before = try Data(contentsOf: stateFile)
                let result = try Consentctl.run(["reset", "--yes"] + common)
                guard result.status == 0 else { throw CorpusError(description: "\(plan.app): reset exited \(result.status)") }
                var log = try Array(Data(contentsOf: logFile(of: plan.app)))
                guard let last = LogLines.split(log[...]).last else { throw CorpusError(description: "\(plan.app): no log") }
                log = Array(log[..<(last.startIndex + 74 + Int(random % UInt64(last.count - 74)))])
                try Data(log).write(to: logFile(of: plan.app))
                try before.write(to: stateFile)
            }
            let stateFile = stateDirectory.appendingPathComponent(plan.app).appendingPathComponent("state.json")
            if let state = try? JSONSerialization.jsonObject(with: Data(contentsOf: stateFile)) as? [String: Any],
               let head = state["logHead"] as? String, let count = state["logLines"] as? Int {
                install.uploads.append(WarehouseCorpus.Upload(head: head, logLines: count, uploadedAt: at))
            }
        }
        return install
    }

    /// A copy of `source`'s folder whose log is changed as `tampering` says; the uploads stay the source's.
    private func tamperedCopy(of source: Install, _ tampering: Tampering, random: inout SeededGenerator) throws -> Install {
        var copy = source
        copy.app = "\(source.app).\(tampering.rawValue)"
        copy.tampering = tampering
        copy.retried = false
        try FileManager.default.copyItem(at: stateDirectory.appendingPathComponent(source.app), to: stateDirectory.appendingPathComponent(copy.app))
        var lines = try self.lines(of: source)
        switch tampering {
        case .editedInTheMiddle:
            let index = Int.random(in: 1..<(lines.count - 1), using: &random)
            lines[index] = Array(String(decoding: lines[index], as: UTF8.self).replacingOccurrences(of: #""at":"20"#, with: #""at":"19"#).utf8)
        case .tailDropped:
            lines.removeLast()
        case .cutBeforePrev:
            lines.append(Array(#"{"prev":"ab"#.utf8))
        }
        try Data(lines.flatMap { $0 + [UInt8(ascii: "\n")] }).write(to: logFile(of: copy.app))
        return copy
    }

    // MARK: - log --verify

    /// What `consentctl log --verify --json` says of an install's log and state: whether the chain is intact.
    func verifiedIntact(_ install: Install) throws -> Bool {
        let result = try Consentctl.run(["log", "--verify", "--json", "--state-dir", stateDirectory.path, "--app", install.app])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        guard let intact = object?["intact"] as? Bool else {
            throw CorpusError(description: "log --verify of \(install.app) exited \(result.status): \(result.stdout)\(result.stderr)")
        }
        return intact
    }
}
