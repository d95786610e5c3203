import Foundation
import Testing

/// The query gives every install of a corpus the real binary made the verdict `consentctl log --verify` gives
/// that install's log and state (`docs/warehouse.md`): DuckDB on the whole corpus, Spark on 50 installs of every kind.
/// A copy restored from a backup onto another device is a new install from its restored line on: `intact`
/// to both, and the install the query says it was restored from is the one `log --verify` reports
/// (docs/restore.md).
///
/// Two lines swapped are left out: the chain, not the row order, orders the lines, so a warehouse cannot hold
/// that fault (`log --verify FILE` finds it). So is a line inserted twice over, which is a retry to the warehouse.
struct WarehouseAgreementProcessTests {
    typealias Kind = WarehouseCorpus.Kind

    @Test(.enabled(if: WarehouseVerifyProcessTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func theCorpusHoldsEveryKindAndLogVerifyFindsEachTampering() throws {
        let corpus = try WarehouseCorpus.shared()
        let byKind = Dictionary(grouping: corpus.installs, by: \.kind)
        #expect(corpus.installs.filter { !Kind.copies.contains($0.kind) }.count >= 1000)
        for kind in Kind.allCases {
            #expect((byKind[kind]?.count ?? 0) >= 20, "\(kind): \(byKind[kind]?.count ?? 0) installs")
        }
        // What each kind is, by log --verify's own account: a copied kind that changes the chain breaks it, one
        // chained onto the end or sent twice does not, and a crash leaves a torn line or a state behind.
        for kind in [Kind.edited, .deleted, .insertedInTheMiddle, .tailDropped, .spliced] {
            let passed = byKind[kind, default: []].filter(\.verifiedIntact).map(\.app)
            #expect(passed.isEmpty, "\(kind): log --verify finds every copy, but passes \(passed)")
        }
        for kind in [Kind.launched, .beforeTheChain, .stateBehind, .chainedOntoTheEnd, .retried, .torn, .cutBeforePrev, .restored] {
            let failed = byKind[kind, default: []].filter { !$0.verifiedIntact }.map(\.app)
            #expect(failed.isEmpty, "\(kind): log --verify passes every install, but fails \(failed)")
        }
        #expect(byKind[.torn, default: []].allSatisfy { $0.tornLines.count == 1 && $0.expected == "intact" })
        #expect(byKind[.cutBeforePrev, default: []].allSatisfy { $0.tornLines.count == 1 && $0.expected == "unverifiable" })
        #expect(byKind[.beforeTheChain, default: []].allSatisfy { $0.linesBeforeTheChain > 0 })
        // A restored copy is two chains to log --verify, the restore between them, and a new install to the query.
        #expect(byKind[.restored, default: []].allSatisfy { $0.restores == 1 && $0.restoredFrom != nil && $0.expected == "intact" })
        #expect(corpus.installs.filter { $0.kind != .restored }.allSatisfy { $0.restores == 0 })
        #expect(try byKind[.beforeTheChain, default: []].filter { try corpus.sentRows($0) }.count >= 20,
                "logs begun before the chain that have chained lines since")
    }

    @Test(.enabled(if: WarehouseVerifyProcessTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func duckDBGivesEveryInstallOfTheCorpusTheVerdictOfLogVerify() throws {
        let corpus = try WarehouseCorpus.shared()
        try check(corpus, corpus.installs, engine: "duckdb")
    }

    @Test(.enabled(if: (WarehouseScript.python != nil && WarehouseScript.hasSpark) || WarehouseScript.isCI,
                   Comment(rawValue: WarehouseScript.sparkMissing)))
    func sparkGivesFiftyInstallsOfEveryKindTheVerdictOfLogVerify() throws {
        #expect(WarehouseScript.hasSpark, "CI installs PySpark and Java for scripts/warehouse (.ci/run), and one is missing")
        let corpus = try WarehouseCorpus.shared()
        // Round the kinds until 50 are taken, so that every kind is among them.
        let sent = try corpus.installs.filter { try corpus.sentRows($0) }
        var queues = Kind.allCases.map { kind in sent.filter { $0.kind == kind } }
        var chosen: [WarehouseCorpus.Install] = []
        while chosen.count < 50 && queues.contains(where: { !$0.isEmpty }) {
            for index in queues.indices where chosen.count < 50 && !queues[index].isEmpty {
                chosen.append(queues[index].removeFirst())
            }
        }
        try check(corpus, chosen, engine: "spark")
    }

    /// Runs the query on `installs`' rows and compares each verdict with log --verify's.
    private func check(_ corpus: WarehouseCorpus, _ candidates: [WarehouseCorpus.Install], engine: String) throws {
        let installs = try candidates.filter { try corpus.sentRows($0) }
        let rows = try corpus.rows(for: installs, seed: 18)
        let folder = try TemporaryFolder()
        let started = Date()
        let result = try withExtendedLifetime(folder) { try WarehouseScript.verify(try rows.write(to: folder.url), engine: engine) }
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 1, "some installs are tampered with: \(result.stderr)")
        let reported = Set(result.reports.keys), sent = Set(installs.map(\.app))
        let unknown = reported.subtracting(sent).sorted(), unreported = sent.subtracting(reported).sorted()
        #expect(unknown.isEmpty, "reports of installs that sent nothing: \(unknown)")
        #expect(unreported.isEmpty, "installs without a report: \(unreported) \(result.stderr)")

        var disagreements: [String] = []
        var agreeing: [Kind: Int] = [:]
        for install in installs {
            let report = result.reports[install.app]
            if report?.verdict == install.expected && report?.restoredFrom == install.restoredFrom {
                agreeing[install.kind, default: 0] += 1
            } else {
                disagreements.append("\(install.kind): log --verify \(install.expected), restored from \(install.restoredFrom ?? "none"), "
                                     + "the query \(report.map(\.description) ?? "nothing")")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements:\n\(disagreements.joined(separator: "\n"))")
        let kinds = Kind.allCases.map { "\($0.rawValue) \(agreeing[$0] ?? 0)" }.joined(separator: ", ")
        let silent = candidates.count - installs.count
        print("warehouse: \(engine): \(installs.count) installs (\(rows.lines.count) line rows) compared with log --verify in "
              + "\(String(format: "%.1f", seconds)) s: \(installs.count - disagreements.count) agree (\(kinds)), \(disagreements.count) disagree; "
              + "\(silent) more sent nothing (no line since the chain began); the corpus took \(String(format: "%.1f", corpus.seconds)) s to make")
    }
}
