@testable import ConsentEngine
import Foundation
import TestSupport

/// Installs made by the real binary for the warehouse check (`docs/warehouse.md`): varied launches, logs begun by an
/// older version, writes cut short by a crash, states left behind by one, copies tampered with in every way a
/// warehouse can see, and copies restored from a backup onto another device (docs/restore.md), each with the
/// verdict `consentctl log --verify` gives its log and state.
///
/// Every install is an app folder of one state folder; its id in the warehouse is the app id. The uploads are
/// what the device reported after each step (the state's head, and its count less the lines it never sent);
/// the lines uploaded are the log's from its first chained line on, as the receipt sink hands them over, and
/// for a restored copy, a new install, from its restored line on.
final class WarehouseCorpus: @unchecked Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case launched, beforeTheChain, torn, cutBeforePrev, stateBehind
        case edited, deleted, insertedInTheMiddle, chainedOntoTheEnd, tailDropped, spliced, retried
        /// The app folder restored from a backup onto another device, without its device marker, and launched
        /// there: a new install, whose uploads begin at its restored line.
        case restored

        /// The kinds made by copying an install and changing the copy.
        static let copies: [Kind] = [.edited, .deleted, .insertedInTheMiddle, .chainedOntoTheEnd, .tailDropped, .spliced, .retried, .restored]
    }

    struct Upload: Sendable {
        var head: String
        /// The state's `logLines`: physical lines, those before the chain included.
        var logLines: Int
        var uploadedAt: String
    }

    struct Install: Sendable {
        var app: String
        var kind: Kind
        var linesBeforeTheChain = 0
        /// For a restored copy, the lines of the log the backup brought: the restored install's, never sent by
        /// the new one.
        var linesRestored = 0
        var uploads: [Upload] = []
        /// The restores `log --verify` reports, and the install the last one names as restored from: the query's
        /// `restoredFrom` for an install whose rows begin at that restored line.
        var restores = 0
        var restoredFrom: String?
        /// `log --verify --json`'s verdict, and the lines it warns are torn.
        var verifiedIntact = false
        var tornLines: [Int] = []
        var warnings = 0
        /// The verdict the query must give: `log --verify`'s, or `unverifiable` where a torn line's prev
        /// cannot be read (which `log --verify` only warns about).
        var expected = ""

        /// The lines at the log's start this install never sends: those before the chain, or the restored ones.
        var linesNotSent: Int { max(linesBeforeTheChain, linesRestored) }
    }

    let folder: URL
    private(set) var installs: [Install]
    /// How long the binary took to make the corpus and verify every install.
    private(set) var seconds: Double = 0

    var stateDirectory: URL { folder.appendingPathComponent("state") }

    private init(folder: URL, installs: [Install]) {
        self.folder = folder
        self.installs = installs
    }

    /// The corpus of this test run, made once for every test that reads it.
    static func shared() throws -> WarehouseCorpus {
        try Shared.instance.corpus()
    }

    func logFile(of install: Install) -> URL {
        stateDirectory.appendingPathComponent(install.app).appendingPathComponent("consent-log.jsonl")
    }

    func lines(of install: Install) throws -> [[UInt8]] {
        LogLines.split(ArraySlice(try Array(Data(contentsOf: logFile(of: install))))).map(Array.init)
    }

    /// Whether the install sent anything: a log begun by an older version, to which no launch since has added a
    /// line, has nothing to upload, and a warehouse never hears of it.
    func sentRows(_ install: Install) throws -> Bool {
        try lines(of: install).count > install.linesNotSent || install.uploads.contains { $0.logLines > install.linesNotSent }
    }

    /// The rows a warehouse holds for `installs`, the line rows in an order of their own: an upload sent twice
    /// (`retried`) has every row twice.
    func rows(for installs: [Install], seed: UInt64) throws -> WarehouseRows {
        var lineRows: [(install: String, line: [UInt8])] = []
        var rows = WarehouseRows()
        for install in installs {
            let chained = try lines(of: install).dropFirst(install.linesNotSent)
            for _ in 0..<(install.kind == .retried ? 2 : 1) {
                lineRows += chained.map { (install.app, $0) }
                for upload in install.uploads where upload.logLines > install.linesNotSent {
                    try rows.addUpload(head: upload.head, lines: upload.logLines - install.linesNotSent,
                                       uploadedAt: upload.uploadedAt, install: install.app)
                }
            }
        }
        var random = SeededGenerator(seed: seed)
        for row in lineRows.shuffled(using: &random) { try rows.addLine(row.line, install: row.install) }
        return rows
    }

    // MARK: - Making it

    /// `count` installs of launches, then `copies` tampered copies of each copied kind, then `log --verify` of all.
    static func build(installs count: Int, copies: Int, seed: UInt64) throws -> WarehouseCorpus {
        let started = Date()
        // In memory where there is /dev/shm: every launch syncs the log and the state several times, and on a disk
        // that waiting, not the launches' own work, would take most of the time.
        let memory = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("consentengine-warehouse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("state"), withIntermediateDirectories: true)
        let corpus = WarehouseCorpus(folder: folder, installs: [])
        let plans = (0..<count).map { Plan(index: $0, seed: seed) }
        let made = Results<Install>(count: count)
        try concurrently(count) { index in made[index] = try corpus.make(plans[index]) }
        corpus.installs = try corpus.verified(made.values)

        // Only what log --verify passes without a warning is copied, so that each copy's one change is its fault.
        var random = SeededGenerator(seed: seed ^ 0x7A3D)
        let sources = corpus.installs.filter { [.launched, .beforeTheChain].contains($0.kind) && $0.verifiedIntact && $0.warnings == 0 }
        var copied: [Install] = []
        for kind in Kind.copies {
            let eligible = try sources.filter { try corpus.lines(of: $0).count - $0.linesBeforeTheChain >= 3 }
            for source in eligible.shuffled(using: &random).prefix(copies) {
                copied.append(kind == .restored ? try corpus.restoredCopy(of: source, random: &random)
                                                : try corpus.tamperedCopy(of: source, kind: kind, random: &random))
            }
        }
        corpus.installs += try corpus.verified(copied)
        corpus.seconds = Date().timeIntervalSince(started)
        Shared.remove(atExit: folder)
        return corpus
    }

    private struct CorpusError: Error, CustomStringConvertible {
        var description: String
    }

    /// What happens to one install, step by step.
    private enum Step {
        case launch([String])
        /// What an older version left: its lines without `prev`, its state in schema 2.
        case beforeTheChain
        /// A reset whose write a crash cut short: its line cut (or whole, but the state not written), the state
        /// as it was before.
        case crash(Cut, random: UInt64)
    }

    private enum Cut { case none, afterThePrev, beforeThePrev }

    private struct Plan {
        var app: String
        var kind: Kind
        var steps: [(step: Step, now: String)] = []

        init(index: Int, seed: UInt64) {
            var random = SeededGenerator(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
            app = String(format: "com.example.install%04d", index)
            switch index % 40 {
            case 0, 1, 2, 3: kind = .beforeTheChain
            case 4, 5, 6: kind = .torn
            case 7: kind = .cutBeforePrev
            case 8, 9: kind = .stateBehind
            default: kind = .launched
            }
            var steps: [Step] = [.launch(Self.prompt(&random))]
            let more = Int.random(in: 0...2, using: &random)
            switch kind {
            case .beforeTheChain: steps += [.beforeTheChain] + (0...more).map { _ in .launch(Self.anyLaunch(&random)) }
            case .torn, .cutBeforePrev:
                let cut: Cut = kind == .torn ? .afterThePrev : .beforeThePrev
                // Half of them end with the cut line; the other half launch again, chaining onto it.
                steps += [.crash(cut, random: random.next())] + (index % 80 < 40 ? [.launch(Self.anyLaunch(&random))] : [])
            case .stateBehind: steps += (0..<more).map { _ in .launch(Self.anyLaunch(&random)) } + [.crash(.none, random: 0)]
            default: steps += (0..<more).map { _ in .launch(Self.anyLaunch(&random)) }
            }
            // Months apart, sometimes more than the answer's 13 months of validity.
            var (year, month) = (2026, 1 + index % 12)
            let day = 1 + index % 28
            for (number, step) in steps.enumerated() {
                self.steps.append((step, String(format: "%04d-%02d-%02dT%02d:%02d:00Z", year, month, day, 8 + number, index % 60)))
                month += Int.random(in: 0...8, using: &random)
                while month > 12 { month -= 12; year += 1 }
            }
        }

        static let geos = ["DE", "FR", "IT", "ES", "NL", "PL", "SE", "EEA", "UK", "CH", "US-CA", "US-VA", "US-CO", "US-CT",
                           "JP", "BR", "other"]

        static func prompt(_ random: inout SeededGenerator) -> [String] {
            var arguments = ["prompt", "--geo", geos.randomElement(using: &random)!] + answers(&random)
            arguments += ["--explainer", "continue", "--tracking", Bool.random(using: &random) ? "allow" : "deny"]
            if Int.random(in: 0..<5, using: &random) == 0 { arguments += ["--lang", "de"] }
            if Int.random(in: 0..<12, using: &random) == 0 { arguments += ["--tracking-restricted"] }
            return arguments
        }

        static func anyLaunch(_ random: inout SeededGenerator) -> [String] {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6: return prompt(&random)
            case 6..<9: return ["privacy-options", "--geo", geos.randomElement(using: &random)!] + answers(&random)
            default: return ["reset", "--yes", "--geo", geos.randomElement(using: &random)!]
            }
        }

        /// Answers for whichever form the region shows: the consent form's and the US-state opt-outs.
        static func answers(_ random: inout SeededGenerator) -> [String] {
            var arguments: [String]
            switch Int.random(in: 0..<3, using: &random) {
            case 0: arguments = ["--consent", "all"]
            case 1: arguments = ["--consent", "none"]
            default:
                let purposes = (1...11).filter { _ in Bool.random(using: &random) }
                let vendors = ["1", "21", "755", "atp:89"].filter { _ in Bool.random(using: &random) }
                arguments = ["--consent", "custom", "--purposes", (purposes.isEmpty ? [1] : purposes).map(String.init).joined(separator: ","),
                             "--vendors", (vendors.isEmpty ? ["755"] : vendors).joined(separator: ",")]
                if Bool.random(using: &random) { arguments += ["--special-features", "1"] }
            }
            let optOuts = ["sale", "sharing", "targeted"].filter { _ in Bool.random(using: &random) }
            return arguments + ["--opt-out", optOuts.isEmpty ? "none" : optOuts.joined(separator: ",")]
        }
    }

    private func make(_ plan: Plan) throws -> Install {
        var install = Install(app: plan.app, kind: plan.kind)
        for (step, now) in plan.steps {
            try run(step, now: now, install: &install)
            if let upload = try upload(of: install, at: now) { install.uploads.append(upload) }
        }
        return install
    }

    private func run(_ step: Step, now: String, install: inout Install) throws {
        let app = stateDirectory.appendingPathComponent(install.app)
        let common = ["--app", install.app, "--state-dir", stateDirectory.path, "--now", now, "--no-input"]
        switch step {
        case .launch(let arguments):
            let result = try Consentctl.run(arguments + common)
            // Privacy options exist only where a regulation asks for them; elsewhere the command stores nothing.
            guard result.status == 0 || (arguments[0] == "privacy-options" && result.status == 69) else {
                throw CorpusError(description: "\(install.app): \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            }
        case .beforeTheChain:
            let log = logFile(of: install)
            let unchained = try lines(of: install).map { line -> [UInt8] in
                let prefix = Array(#"{"prev":""#.utf8)
                guard line.starts(with: prefix) else { return line }
                return [UInt8(ascii: "{")] + line.dropFirst(prefix.count + 64 + 2)
            }
            try Data(unchained.flatMap { $0 + [UInt8(ascii: "\n")] }).write(to: log)
            let stateFile = app.appendingPathComponent("state.json")
            let state = try Self.object(Data(contentsOf: stateFile), "\(install.app)'s state")
            try JSONSerialization.data(withJSONObject: ["schema": 2, "record": state["record"] as Any]).write(to: stateFile)
            install.linesBeforeTheChain = unchained.count
            install.uploads = []
        case .crash(let cut, let random):
            let stateFile = app.appendingPathComponent("state.json")
            let before = try Data(contentsOf: stateFile)
            let result = try Consentctl.run(["reset", "--yes"] + common)
            guard result.status == 0 else { throw CorpusError(description: "\(install.app): reset exited \(result.status)") }
            var log = try Array(Data(contentsOf: logFile(of: install)))
            guard let last = LogLines.split(log[...]).last, String(decoding: last, as: UTF8.self).contains(#""event":"reset""#) else {
                throw CorpusError(description: "\(install.app): the reset did not end the log with its line")
            }
            let start = last.startIndex
            switch cut {
            case .none: break
            case .afterThePrev: log = Array(log[..<(start + 74 + Int(random % UInt64(last.count - 74)))])
            case .beforeThePrev: log = Array(log[..<(start + 1 + Int(random % 73))])
            }
            try Data(log).write(to: logFile(of: install))
            try before.write(to: stateFile)
        }
    }

    /// What the device reports after a step: the state's head and count, when it keeps them.
    private func upload(of install: Install, at now: String) throws -> Upload? {
        let stateFile = stateDirectory.appendingPathComponent(install.app).appendingPathComponent("state.json")
        guard FileManager.default.fileExists(atPath: stateFile.path) else { return nil }
        let state = try Self.object(Data(contentsOf: stateFile), "\(install.app)'s state")
        guard let head = state["logHead"] as? String, let count = state["logLines"] as? Int else { return nil }
        return Upload(head: head, logLines: count, uploadedAt: now)
    }

    // MARK: - Tampering

    /// A copy of `source`'s folder whose log is changed as `kind` says, after its chain began.
    private func tamperedCopy(of source: Install, kind: Kind, random: inout SeededGenerator) throws -> Install {
        var copy = source
        copy.app = "\(source.app).\(kind.rawValue)"
        copy.kind = kind
        try FileManager.default.copyItem(at: stateDirectory.appendingPathComponent(source.app),
                                         to: stateDirectory.appendingPathComponent(copy.app))
        var lines = try self.lines(of: source)
        let first = source.linesBeforeTheChain
        let forged = { (prev: String) in
            Array(#"{"prev":"\#(prev)","event":"reset","at":"2026-06-01T00:00:00Z","change":99,"policyID":"publisher-test-ads","policyRevision":1,"region":"EEA"}"#.utf8)
        }
        switch kind {
        case .edited:
            let index = Int.random(in: first..<lines.count, using: &random)
            let text = String(decoding: lines[index], as: UTF8.self)
            lines[index] = Array(text.replacingOccurrences(of: #""at":"20"#, with: #""at":"19"#).utf8)
            guard lines[index] != (try self.lines(of: source))[index] else {
                throw CorpusError(description: "\(copy.app): the edit left line \(index + 1) as it was")
            }
        case .deleted:
            lines.remove(at: Int.random(in: first..<(lines.count - 1), using: &random))
        case .insertedInTheMiddle:
            let index = Int.random(in: first..<lines.count, using: &random)
            lines.insert(forged(index == 0 ? SHA256Hash.zero : SHA256Hash.hex(lines[index - 1])), at: index)
        case .chainedOntoTheEnd:
            lines.append(forged(SHA256Hash.hex(lines[lines.count - 1])))
        case .tailDropped:
            lines.removeLast(Int.random(in: 1...2, using: &random))
        case .spliced:
            let others = installs.filter { $0.app != source.app && $0.kind == .launched }
            let other = try self.lines(of: others.randomElement(using: &random)!)
            lines.insert(other.randomElement(using: &random)!, at: Int.random(in: (first + 1)...lines.count, using: &random))
        default:
            break
        }
        try Data(lines.flatMap { $0 + [UInt8(ascii: "\n")] }).write(to: logFile(of: copy))
        return copy
    }

    // MARK: - Restoring

    /// `source`'s app folder as a backup brings it to another device (every file but the device marker), then
    /// launched there once to three times: the first launch's write makes it a new install.
    private func restoredCopy(of source: Install, random: inout SeededGenerator) throws -> Install {
        var copy = source
        copy.app = "\(source.app).\(Kind.restored.rawValue)"
        copy.kind = .restored
        copy.linesRestored = try lines(of: source).count
        copy.uploads = []
        let from = stateDirectory.appendingPathComponent(source.app), to = stateDirectory.appendingPathComponent(copy.app)
        try FileManager.default.createDirectory(at: to, withIntermediateDirectories: false)
        for name in try FileManager.default.contentsOfDirectory(atPath: from.path) where name != "device.json" {
            try FileManager.default.copyItem(at: from.appendingPathComponent(name), to: to.appendingPathComponent(name))
        }
        // After every date of the source's own launches; a reset first, so that the first launch writes (a
        // launch that writes nothing leaves the copy as the backup brought it).
        for hour in 0..<Int.random(in: 1...3, using: &random) {
            let now = String(format: "2032-03-01T%02d:00:00Z", 8 + hour)
            let reset = ["reset", "--yes", "--geo", Plan.geos.randomElement(using: &random)!]
            try run(.launch(hour == 0 ? reset : Plan.anyLaunch(&random)), now: now, install: &copy)
            if let upload = try upload(of: copy, at: now) { copy.uploads.append(upload) }
        }
        return copy
    }

    // MARK: - log --verify

    /// `installs` with what log --verify says of each, verified a few at a time.
    private func verified(_ installs: [Install]) throws -> [Install] {
        let verified = Results<Install>(count: installs.count)
        try Self.concurrently(installs.count) { index in verified[index] = try self.verified(installs[index]) }
        return verified.values
    }

    /// The install with what `consentctl log --verify --json` says of its log and state.
    private func verified(_ install: Install) throws -> Install {
        var install = install
        let result = try Consentctl.run(["log", "--verify", "--json", "--state-dir", stateDirectory.path, "--app", install.app])
        let object = try Self.object(Data(result.stdout.utf8), "log --verify of \(install.app) (\(result.stderr))")
        guard let intact = object["intact"] as? Bool, let warnings = object["warnings"] as? [[String: Any]],
              result.status == (intact ? 0 : 1) else {
            throw CorpusError(description: "log --verify of \(install.app) exited \(result.status): \(result.stdout)")
        }
        install.verifiedIntact = intact
        install.warnings = warnings.count
        install.tornLines = warnings.filter { $0["kind"] as? String == "torn" }.compactMap { $0["line"] as? Int }
        let restores = object["restores"] as? [[String: Any]] ?? []
        install.restores = restores.count
        install.restoredFrom = restores.last?["restoredFrom"] as? String
        let lines = try self.lines(of: install)
        let unreadable = install.tornLines.contains { $0 > install.linesNotSent && !Self.hasWholePrev(lines[$0 - 1]) }
        install.expected = unreadable ? "unverifiable" : install.verifiedIntact ? "intact" : "broken"
        return install
    }

    private static func object(_ data: Data, _ what: String) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CorpusError(description: "\(what) is not a JSON object: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return object
    }

    /// Whether a line begins `{"prev":"` with 64 lowercase hex digits and a quote, as every chained line begins (SCHEMA.md, "The hash chain").
    static func hasWholePrev(_ line: [UInt8]) -> Bool {
        let prefix = Array(#"{"prev":""#.utf8)
        guard line.count >= prefix.count + 65, line.starts(with: prefix), line[prefix.count + 64] == UInt8(ascii: "\"") else { return false }
        return line[prefix.count..<(prefix.count + 64)].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Removes `folder` when the test run ends: a corpus is kept for every test that reads it.
    static func removeAtExit(_ folder: URL) {
        Shared.remove(atExit: folder)
    }

    // MARK: - Running in parallel

    /// Runs `body` for every index, a few at a time: a launch waits for its syncs as well as for a core.
    static func concurrently(_ count: Int, workers: Int = 6, _ body: @escaping @Sendable (Int) throws -> Void) throws {
        let queue = Results<Int>(count: 0)
        let failures = Results<String>(count: 0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = queue.take(below: count) {
                do { try body(index) } catch { failures.append("\(error)") }
            }
        }
        if let failure = failures.values.first { throw CorpusError(description: failure) }
    }

    /// Values filled in from several threads.
    final class Results<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Value?]
        private var next = 0

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        subscript(index: Int) -> Value? {
            get { lock.withLock { slots[index] } }
            set { lock.withLock { slots[index] = newValue } }
        }

        var values: [Value] { lock.withLock { slots.compactMap { $0 } } }

        func append(_ value: Value) { lock.withLock { slots.append(value) } }

        /// The next index below `count` no other thread took, or nil when all are taken.
        func take(below count: Int) -> Int? {
            lock.withLock {
                guard next < count else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }

    /// The one corpus of a test run, made by the first test that asks and removed when the run ends.
    private final class Shared: @unchecked Sendable {
        static let instance = Shared()
        private let lock = NSLock()
        private var built: WarehouseCorpus?
        private var failure: String?
        nonisolated(unsafe) private static var folders: [String] = []

        func corpus() throws -> WarehouseCorpus {
            try lock.withLock {
                if let built { return built }
                if let failure { throw CorpusError(description: failure) }
                do {
                    built = try WarehouseCorpus.build(installs: 1000, copies: 40, seed: 29)
                    return built!
                } catch {
                    failure = "\(error)"
                    throw error
                }
            }
        }

        /// Corpora may be made on several threads at once (the report's beside the verdicts'): one lock for the list.
        private static let foldersLock = NSLock()

        static func remove(atExit folder: URL) {
            let first = foldersLock.withLock {
                folders.append(folder.path)
                return folders.count == 1
            }
            guard first else { return }
            atexit {
                for folder in Shared.foldersLock.withLock({ Shared.folders }) { try? FileManager.default.removeItem(atPath: folder) }
            }
        }
    }
}
