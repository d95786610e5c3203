import ConsentJSON

/// A consent log's hash chain checked line by line (README, "Proof of consent"), as `consentctl log --verify` checks it:
/// each chained line's `prev` must be the SHA-256 of the line before it, and the app's own log must end
/// where its state says.
///
/// A log the engine began before it chained its lines keeps those lines (they are counted as before the
/// chain); a line that is not JSON, torn by a crash, is chained like any other and only warned about.
/// Verify a log a backend received — the lines a ``ConsentReceiptSink`` collected, or an uploaded file —
/// with ``init(lines:)`` or ``init(log:)``: a piece whose first line does not start the log is verified
/// from where it starts (``startsAfter``). Only the app's own state can tell that lines are missing at the
/// end or that the last one was edited.
public struct ConsentLogVerification: Sendable, Equatable {
    /// Something the check found, at a line of the log.
    public struct Finding: Sendable, Equatable {
        /// What was found; the raw values are stable.
        public enum Kind: String, Sendable, Equatable, CaseIterable {
            /// Warning: the state names an earlier line as the head, as after a crash between an append
            /// and the state write; the next write brings it up to date.
            case stateBehind
            /// Warning: a line that is not JSON (a write cut short by a crash), chained like any other.
            case torn
            /// A line's `prev` is not the hash of the line before it: a line was edited, removed, inserted
            /// or reordered before it.
            case prevMismatch
            /// The state's head is not the hash of the line it names: the last line was edited.
            case headMismatch
            /// The log has fewer lines than the state counts (lines missing at the end), or more than a
            /// write could have left.
            case countMismatch
        }

        /// The line concerned, the first line being 1.
        public let line: Int
        /// What was found there.
        public let kind: Kind
        /// What is wrong at the line, for a person (without the line's number); its words may change
        /// between versions.
        public let message: String
    }

    /// How many lines the log has.
    public let lineCount: Int
    /// How many of them came before the chain began (lines written before the engine chained them).
    public let unchainedLineCount: Int
    /// The SHA-256 of the last line, `nil` for an empty log.
    public let head: String?
    /// For a piece of a log: the `prev` of its first line, the hash of the line it follows.
    public let startsAfter: String?
    /// What does not break the chain: ``Finding/Kind/stateBehind`` and ``Finding/Kind/torn``.
    public let warnings: [Finding]
    /// What breaks it, first line first.
    public let problems: [Finding]
    /// Where a copy restored from another device's backup began a new install: each `restored` line that
    /// holds, first line first. The log is then one chain per install, each verified.
    package let restores: [Restore]

    /// A `restored` line: a new chain after the restored log's last line (`docs/restore.md`).
    package struct Restore: Sendable, Equatable {
        /// The line's number.
        package let line: Int
        /// The install whose folder the backup brought (`restoredFrom`).
        package let restoredFrom: String
        /// The install the line begins (`installID`).
        package let installID: String
    }

    /// Whether the chain holds: at least one line, and no problem found. An empty log is not intact — there
    /// is nothing to prove (``isEmpty``) — so that an upload that never received a line is not taken for a
    /// verified one.
    public var isIntact: Bool { problems.isEmpty && lineCount > 0 }

    /// Whether there was no line to check.
    public var isEmpty: Bool { lineCount == 0 }

    /// Checks the bytes of a log file on its own, as a backend checks an upload.
    public init(log: [UInt8]) {
        self.init(log: log, state: nil, isWholeLog: false)
    }

    /// Checks lines a ``ConsentReceiptSink`` received, in the order received.
    public init(lines: [ConsentLogLine]) {
        var bytes: [UInt8] = []
        for line in lines {
            bytes += line.bytes
            bytes.append(UInt8(ascii: "\n"))
        }
        self.init(log: bytes)
    }

    /// Checks an app's own log: it must start at its first line (no piece), and, when the state records a
    /// head, end where the state says.
    package init(log: [UInt8], state: LogHead?, isWholeLog: Bool) {
        let lines = LogLines.split(log[...])
        var hashes: [String] = []
        hashes.reserveCapacity(lines.count)
        var warnings: [Finding] = []
        var problems: [Finding] = []
        var chainStart: Int?
        var startsAfter: String?
        var restores: [Restore] = []
        // How many lines of the whole log come before this file's first: 0 for a whole log; for a piece, what
        // a restored line it begins with counts, unknown for one that starts after a line it does not hold.
        var linesBefore: Int? = 0

        for (index, line) in lines.enumerated() {
            let number = index + 1
            hashes.append(SHA256Hash.hex(line))
            let before = index == 0 ? SHA256Hash.zero : hashes[index - 1]
            switch Self.prev(of: line) {
            case .notJSON:
                warnings.append(Finding(line: number, kind: .torn, message:
                    "not JSON (a write cut short by a crash?); it stays, chained like any other line"))
            case .unchained(let restore):
                if let chainStart {
                    problems.append(Finding(line: number, kind: .prevMismatch, message:
                        "no prev, but the chain began at line \(chainStart): the line was edited"))
                } else if restore != nil {
                    problems.append(Finding(line: number, kind: .prevMismatch, message:
                        "a restored line without prev: the engine chains every restored line, so the line was edited"))
                }
            case .malformed:
                chainStart = chainStart ?? number
                problems.append(Finding(line: number, kind: .prevMismatch, message:
                    "prev is not a SHA-256 (64 lowercase hex digits): the line was edited"))
            case .chained(let prev, let restore?):
                chainStart = chainStart ?? number
                if index == 0 && !isWholeLog, case .names(_, _, _, let lines) = restore { linesBefore = lines }
                let isPieceStart = index == 0 && !isWholeLog
                switch restore.check(prev: prev, before: before, linesBefore: linesBefore.map { $0 + index }, isPieceStart: isPieceStart) {
                case .holds(let from, let id):
                    restores.append(Restore(line: number, restoredFrom: from, installID: id))
                case .broken(let message):
                    problems.append(Finding(line: number, kind: .prevMismatch, message: message))
                }
            case .chained(let prev, nil):
                chainStart = chainStart ?? number
                guard prev != before else { continue }
                if index == 0 && !isWholeLog {
                    startsAfter = prev
                    linesBefore = nil
                } else if index == 0 {
                    problems.append(Finding(line: 1, kind: .prevMismatch, message:
                        "prev is \(Self.short(prev)), not 64 zeros: the log does not begin with its first line (lines removed from its start?)"))
                } else {
                    problems.append(Finding(line: number, kind: .prevMismatch, message:
                        "prev is \(Self.short(prev)), but line \(index) hashes to \(Self.short(before)): "
                            + "a line was edited, removed, inserted or reordered before it"))
                }
            }
        }
        if let state {
            let (warning, problem) = Self.compare(state, hashes: hashes)
            if let warning { warnings.append(warning) }
            if let problem { problems.append(problem) }
        }
        lineCount = lines.count
        unchainedLineCount = chainStart.map { $0 - 1 } ?? lines.count
        head = hashes.last
        self.startsAfter = startsAfter
        self.restores = restores
        self.warnings = warnings
        self.problems = problems.sorted { $0.line < $1.line }
    }

    /// The log's end against the state's head: behind after a crash, or a problem.
    private static func compare(_ state: LogHead, hashes: [String]) -> (warning: Finding?, problem: Finding?) {
        let count = hashes.count
        if state.lines > count {
            let missing = count + 1 == state.lines ? "line \(state.lines) is" : "lines \(count + 1)–\(state.lines) are"
            return (nil, Finding(line: count + 1, kind: .countMismatch, message:
                "the state counts \(state.lines) lines, the log has \(count): \(missing) missing at the end"))
        }
        guard state.lines >= 1 else {
            return (nil, Finding(line: 1, kind: .countMismatch, message: "the state counts no line, but names a head"))
        }
        let named = hashes[state.lines - 1]
        guard named == state.hash else {
            let what = state.lines == count ? "the last line was edited" : "the line it names was edited"
            return (nil, Finding(line: state.lines, kind: .headMismatch, message:
                "the state's head is \(short(state.hash)), but the line hashes to \(short(named)): \(what)"))
        }
        guard state.lines < count else { return (nil, nil) }
        return (Finding(line: count, kind: .stateBehind, message:
            "the state names line \(state.lines) as the head, the log has \(count) lines: the state is behind (a crash "
                + "between an append and the state write?); the next write brings it up to date"), nil)
    }

    private enum Prev {
        case notJSON, malformed
        /// No `prev`; what the line says of a restore if it claims to be a `restored` line.
        case unchained(RestoreClaim?)
        case chained(String, RestoreClaim?)
    }

    /// The `prev` of a chained line, `nil` for a line from before the chain or one that is not JSON.
    package static func chainedPrev(of line: ArraySlice<UInt8>) -> String? {
        guard case .chained(let prev, _) = prev(of: line) else { return nil }
        return prev
    }

    /// A line's `prev`, read from its JSON, with what a `restored` line names.
    private static func prev(of line: ArraySlice<UInt8>) -> Prev {
        guard let value = try? JSONReader.parse(Array(line)), case .object(let members) = value else { return .notJSON }
        let restore = RestoreClaim(members)
        guard let member = members.first(where: { $0.key == "prev" }) else { return .unchained(restore) }
        guard case .string(let prev) = member.value, SHA256Hash.isDigest(prev) else { return .malformed }
        return .chained(prev, restore)
    }

    /// The first 12 digits of a hash, enough to tell two apart in a message.
    private static func short(_ hash: String) -> String {
        hash.count > 12 ? String(hash.prefix(12)) + "…" : hash
    }
}

/// What a line whose `event` is `restored` says of the chain before it: the rule of a restore, in one place
/// with the rest of the chain's (`docs/restore.md`). A copy restored from another device's backup begins a new
/// install whose chain starts afresh, so the line's `prev` is 64 zeros, and it links to the log before it by
/// what it names instead: `restoredHead`, the hash of the line before it, and `restoredLines`, how many lines
/// come before it. The two chains then each verify, the restored line between them; a restored line that names
/// another head or count, or is chained onto the line before as any other line, breaks the chain there.
private enum RestoreClaim {
    /// The restored install, its head and line count, and the new install, as named.
    case names(from: String, installID: String, head: String, lines: Int)
    /// A `restored` line without them, or with a head that is not a SHA-256.
    case incomplete

    /// What the members of a line say, `nil` when it is not a `restored` line.
    init?(_ members: [JSONValue.Member]) {
        func value(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        guard case .string(RestoredChain.event)? = value("event") else { return nil }
        guard case .string(let from)? = value("restoredFrom"), case .string(let head)? = value("restoredHead"),
              case .integer(let lines)? = value("restoredLines"), case .string(let id)? = value("installID"),
              SHA256Hash.isDigest(head), lines >= 0 else {
            self = .incomplete
            return
        }
        self = .names(from: from, installID: id, head: head, lines: lines)
    }

    enum Verdict {
        case holds(from: String, installID: String)
        case broken(String)
    }

    /// Whether the line holds as the line after one hashing to `before` (64 zeros at a log's start), with
    /// `linesBefore` lines before it in the whole log (`nil` when a piece does not say). The first line of a
    /// piece is a new chain's beginning, whatever it names: the lines before it are another install's.
    func check(prev: String, before: String, linesBefore: Int?, isPieceStart: Bool) -> Verdict {
        guard case .names(let from, let id, let head, let lines) = self else {
            return .broken("a restored line must name the restored install, its head and its line count "
                + "(restoredFrom, restoredHead, restoredLines) and the new installID: the line was edited")
        }
        guard prev == SHA256Hash.zero else {
            return .broken("a restored line begins a new chain, so its prev is 64 zeros, not \(Self.short(prev)): "
                + "the line was edited, or chained onto the log as another line")
        }
        if !isPieceStart {
            guard head == before else {
                return .broken("restored from a log whose last line hashes to \(Self.short(head)), but the line before it "
                    + "hashes to \(Self.short(before)): a line was edited, removed, inserted or reordered before it")
            }
            if let linesBefore, lines != linesBefore {
                return .broken("restored from a log of \(lines) lines, but \(linesBefore) come before it: "
                    + "lines were removed or inserted before it")
            }
        }
        return .holds(from: from, installID: id)
    }

    private static func short(_ hash: String) -> String {
        hash.count > 12 ? String(hash.prefix(12)) + "…" : hash
    }
}

extension ConsentLogVerification.Finding {
    /// `{line, kind, message}`, as `log --verify --json` and a receipt's `problems` write a finding.
    package var jsonValue: JSONValue {
        .members(["line": .integer(line), "kind": .string(kind.rawValue), "message": .string(message)])
    }
}
