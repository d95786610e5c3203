import Foundation
import Testing
@testable import ConsentEngine

/// The chain recomputed by a script written from SCHEMA.md's "The hash chain" alone, in Python, with none of the engine's
/// code: it must agree with every line the engine wrote and with the head and count in the state.
struct IndependentChainProcessTests {
    /// §11: "prev: the SHA-256 (lowercase hex) of the exact bytes of the file's actual last line, without its
    /// newline; the first line of a new log has 64 zeros"; logHead the SHA-256 of the last line, logLines
    /// the number of physical lines.
    static let script = """
    import hashlib, json, sys
    log = open(sys.argv[1], "rb").read()
    state = json.load(open(sys.argv[2]))
    lines = log.split(b"\\n")
    if lines and lines[-1] == b"":
        lines.pop()
    previous = "0" * 64
    report = []
    for number, line in enumerate(lines, start=1):
        try:
            recorded = json.loads(line).get("prev")
        except ValueError:
            recorded = "not JSON"
        report.append({"line": number, "expected": previous, "recorded": recorded})
        previous = hashlib.sha256(line).hexdigest()
    print(json.dumps({"lines": report, "head": previous if lines else None, "count": len(lines),
                      "logHead": state.get("logHead"), "logLines": state.get("logLines")}))
    """

    struct Report: Decodable {
        struct Line: Decodable {
            var line: Int
            var expected: String
            var recorded: String?
        }
        var lines: [Line]
        var head: String?
        var count: Int
        var logHead: String?
        var logLines: Int?
    }

    @Test(.enabled(if: Python.interpreter != nil, Comment(rawValue: Python.missing)))
    func aScriptWrittenFromTheContractAloneAgreesWithEveryLineAndTheStatesHeadAndCount() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            // A log begun by an older version: two lines without prev.
            try write(#"{"event":"regionLearned","at":"2026-11-01T10:00:00Z","change":1,"region":"EEA"}"# + "\n"
                + #"{"event":"explainerShown","at":"2026-11-01T10:01:00Z","change":2}"# + "\n", to: store.logFile)
            let manager = ConsentManager(policy: .default, store: store, clock: .fixed(testNow))
            let context = DecisionContext(region: try RegionInput(parsing: "DE"), now: testNow)
            let answer = storedAnswer(revision: 1, policyID: Policy.default.id)
            var answered = ConsentRecord.empty
            answered.consent = answer
            let signals = manager.decideWithSignals(record: answered, context: context, policy: .default).signals
            try manager.write(proof: manager.proof(signals: signals, language: "de", method: .appForm, policy: .default)) { record in
                record.consent = answer
                return .consent(answer)
            }
            try store.storeConsent(revision: 2)
            // A write cut short by a crash, then more writes chained after it.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.logFile))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(#"{"prev":"0123","event":"tra"#.utf8))
            try handle.close()
            try manager.reset(region: .eea)
            try store.storeConsent(revision: 3)

            let output = try Python.run(Self.script, arguments: [store.logFile, store.stateFile])
            let report = try JSONDecoder().decode(Report.self, from: Data(output.utf8))

            #expect(report.count == 7)
            let chained = report.lines.filter { $0.recorded != nil && $0.recorded != "not JSON" }
            #expect(chained.map(\.line) == [3, 4, 6, 7], "the old lines carry no prev, the torn line is not JSON")
            for line in chained {
                #expect(line.recorded == line.expected, "line \(line.line): prev \(line.recorded ?? "none"), the script says \(line.expected)")
            }
            #expect(report.logHead == report.head)
            #expect(report.logLines == report.count)
            // And the engine's own verifier agrees with the script.
            let verification = try store.verifyLog()
            #expect(verification.isIntact)
            #expect(verification.head == report.head)
            #expect(verification.lineCount == report.count)
            #expect(verification.unchainedLineCount == 2)
        }
    }
}
