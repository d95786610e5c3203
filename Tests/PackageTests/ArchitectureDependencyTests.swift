import Foundation
import Testing

/// `ARCHITECTURE.md`'s table of targets says what each target depends on: its "depends on" column names in
/// code spans exactly the targets of the package that `Package.swift` gives it (one it depends on only on
/// some platforms included), and the system's modules in plain words. The names are read from the table and
/// from the manifest, so the check follows a target that is renamed or moved.
@Suite struct ArchitectureDependencyTests {
    @Test func eachRowOfTheTargetsTableNamesExactlyTheDependenciesPackageSwiftDeclares() throws {
        let map = try String(contentsOf: PackageLayout.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = PackageManifest.targets(in: manifest)
        #expect(targets.count > 15, "Package.swift is read: \(targets.map(\.name))")
        let rows = try TargetsTable.rows(in: map)
        #expect(rows.count > 15, "the table is read: \(rows.map(\.targets))")
        let problems = TargetsTable.problems(rows: rows, targets: targets)
        #expect(problems.isEmpty, "ARCHITECTURE.md's targets table disagrees with Package.swift:\n\(problems.joined(separator: "\n"))")
    }

    @Test func aRowThatDisagreesWithTheManifestIsFound() throws {
        let map = """
            Some text.

            | target | kind | what it holds | depends on |
            |---|---|---|---|
            | `A` (`a-tool`) | executable | the tool; `--mode x|y` | `B`, Foundation |
            | `B` | library | a \\| b | `Gone`, the standard library |
            | `C`, `D` | library | two alike | nothing |
            | `Stale` | library | renamed since | nothing |

            After the table.
            """
        let manifest = """
            .executableTarget(name: "A", dependencies: ["B", "C"]),
            .target(name: "B"),
            .target(name: "C", dependencies: [.target(name: "D", condition: .when(platforms: [.iOS]))]),
            .target(name: "D"),
            .target(name: "E", dependencies: [.product(name: "X", package: "x")]),
            """
        let rows = try TargetsTable.rows(in: map)
        #expect(rows.map(\.targets) == [["A", "a-tool"], ["B"], ["C", "D"], ["Stale"]])
        #expect(rows.map(\.dependencies) == [["B"], ["Gone"], [], []])
        let problems = TargetsTable.problems(rows: rows, targets: PackageManifest.targets(in: manifest))
        #expect(problems == [
            "A (line 5): Package.swift also gives it C",
            "B (line 6): names `Gone`, which is no target of Package.swift",
            "C (line 7): Package.swift also gives it D",
            "line 8: names no target of Package.swift (`Stale`)",
            "E: no row of the table",
        ])
    }

    @Test func aMapWithoutTheTableIsAnError() {
        #expect(throws: TargetsTable.Missing.self) { try TargetsTable.rows(in: "| name | kind |\n|---|---|\n| `A` | library |\n") }
    }
}

/// The table of targets in `ARCHITECTURE.md`: the rows under the header whose cells include `target` and
/// `depends on`.
enum TargetsTable {
    struct Row: Equatable {
        /// The code spans of the target cell (target names, and products or notes in code).
        var targets: [String]
        /// The code spans of the "depends on" cell.
        var dependencies: [String]
        /// The row's line in the map, from 1.
        var line: Int
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "ARCHITECTURE.md has no table whose header has the cells `target` and `depends on`" }
    }

    static func rows(in map: String) throws -> [Row] {
        let lines = map.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { line in
            let cells = Self.cells(line).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            return cells.contains("target") && cells.contains("depends on")
        }) else { throw Missing() }
        let names = cells(lines[header]).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let target = names.firstIndex(of: "target"), let dependsOn = names.firstIndex(of: "depends on") else { throw Missing() }
        var rows: [Row] = []
        // The separator line follows the header; the table ends at the first line that is not a row.
        for (index, line) in lines.enumerated().dropFirst(header + 2) {
            guard line.hasPrefix("|") else { break }
            let cells = cells(line)
            guard cells.count > max(target, dependsOn) else { continue }
            rows.append(Row(targets: codeSpans(cells[target]), dependencies: codeSpans(cells[dependsOn]), line: index + 1))
        }
        return rows
    }

    /// What each row says against what the manifest declares, one line per disagreement.
    static func problems(rows: [Row], targets: [PackageManifest.Target]) -> [String] {
        let declared = Dictionary(targets.map { ($0.name, Set($0.dependencies)) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        var onTheTable = Set<String>()
        for row in rows {
            let named = row.targets.filter { declared[$0] != nil }
            guard !named.isEmpty else {
                problems.append("line \(row.line): names no target of Package.swift (\(row.targets.map { "`\($0)`" }.joined(separator: ", ")))")
                continue
            }
            onTheTable.formUnion(named)
            let stale = row.dependencies.filter { declared[$0] == nil }
            let said = Set(row.dependencies).subtracting(stale)
            for name in named {
                let real = declared[name] ?? []
                var wrong: [String] = []
                if !stale.isEmpty { wrong.append("names \(stale.map { "`\($0)`" }.joined(separator: ", ")), which is no target of Package.swift") }
                if !real.subtracting(said).isEmpty { wrong.append("Package.swift also gives it \(real.subtracting(said).sorted().joined(separator: ", "))") }
                if !said.subtracting(real).isEmpty { wrong.append("Package.swift does not give it \(said.subtracting(real).sorted().joined(separator: ", "))") }
                if !wrong.isEmpty { problems.append("\(name) (line \(row.line)): \(wrong.joined(separator: "; "))") }
            }
        }
        problems += targets.map(\.name).filter { !onTheTable.contains($0) }.map { "\($0): no row of the table" }
        return problems
    }

    /// The cells of a table line, split at the bars outside code spans that are not escaped (`\|`).
    static func cells(_ line: String) -> [String] {
        guard line.hasPrefix("|") else { return [] }
        var cells: [String] = []
        var current = ""
        var inCode = false
        var escaped = false
        for character in line.dropFirst() {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "`" {
                inCode.toggle()
                current.append(character)
            } else if character == "|", !inCode {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { cells.append(current) }
        return cells
    }

    /// The texts of a cell's code spans, in order.
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
