import Foundation
import ConsentJSON
import Testing
import TestSupport

/// The page `scripts/warehouse report --html` writes (docs/warehouse.md), opened in headless Chromium as a
/// publisher opens it: offline, every chart beside its table and drawn from the same figures, and axe-core
/// finding nothing against WCAG 2.1 A and AA. It is the one page here that ConsentWeb does not make; it is
/// tested beside the others for the browser harness they share.
@Suite(.enabled(if: BrowserHarness.enabled && WarehouseReportPage.enabled, BrowserHarness.skipMessage))
struct WarehouseReportPageBrowserTests {
    @Test("every chart names its table, which the page holds, and is drawn from its rows")
    func chartsAndTheirTables() throws {
        let page = try WarehouseReportPage.shared.get()
        let charts = try page.report.json("charts").items
        #expect(charts.map { $0["table"]?.string } == ["answers-by-kind", "consent-rate-by-day", "tracking", "revision"])
        for chart in charts {
            let id = try #require(chart["table"]?.string)
            let table = try #require(page.tables[id], "\(id) is not a table of the report")
            #expect(chart["role"]?.string == "img" && chart["name"]?.string?.isEmpty == false, "\(id): \(chart)")
            #expect(chart["tableFound"]?.bool == true, "\(id): the chart's table is not on the page")
            let texts = Set(chart["texts"]?.items.compactMap(\.string) ?? [])
            let shown: [String] = switch id {
            case "answers-by-kind": table.rows.map(\.key).filter { $0 != "every kind" }
            case "consent-rate-by-day": table.rows.map(\.key) + table.columns
            case "tracking": ["explainer shown", "prompt answered", "authorized"]
            default: ["all", "none", "custom", "before", "after"] + table.rows.map(\.key)
            }
            #expect(!shown.isEmpty && Set(shown).isSubset(of: texts), "\(id): the chart does not show \(Set(shown).subtracting(texts))")
        }
        // The bars of answers by kind and of the funnel are labelled with the counts of their table.
        let kinds = try #require(page.tables["answers-by-kind"]), funnel = try #require(page.tables["tracking"])
        let labels = Set(charts.flatMap { $0["texts"]?.items.compactMap(\.string) ?? [] })
        for count in kinds.rows.prefix(3).map(\.values[0]) + funnel.rows.prefix(3).map(\.values[0]) {
            #expect(labels.contains(count.map { String(Int($0)) } ?? "-"), "no bar is labelled \(String(describing: count))")
        }
    }

    @Test("every table on the page has the report's columns, rows and figures")
    func tablesAreTheReports() throws {
        let page = try WarehouseReportPage.shared.get()
        let shown = try page.report.json("tables").items
        #expect(shown.compactMap { $0["id"]?.string } == page.order)
        for table in shown {
            let id = try #require(table["id"]?.string), expected = try #require(page.tables[id])
            #expect(table["columns"]?.items.compactMap(\.string) == [table["rowHeader"]?.string ?? ""] + expected.columns, "\(id)")
            let rows = table["rows"]?.items ?? []
            #expect(rows.map { $0.items.first?.string ?? "" } == (expected.rows.isEmpty ? ["none"] : expected.rows.map(\.key)), "\(id)")
            for (row, values) in zip(rows, expected.rows) {
                let cells = row.items.dropFirst().compactMap(\.string)
                #expect(cells.count == values.values.count, "\(id), \(values.key)")
                for (cell, value) in zip(cells, values.values) where value != nil {
                    #expect(cell != "–", "\(id), \(values.key): a figure is missing")
                }
            }
        }
    }

    @Test("the page asks for nothing from outside, and axe-core finds no WCAG 2.1 A or AA violation")
    func offlineAndAccessible() throws {
        let page = try WarehouseReportPage.shared.get()
        #expect(page.report.requests == [WarehouseReportPage.url], "\(page.report.requests)")
        #expect(page.report.refused.isEmpty && page.report.pageErrors.isEmpty, "\(page.report.refused) \(page.report.pageErrors)")
        let axe = try page.report.json("axe")
        let violations = axe["violations"]?.items ?? []
        #expect(violations.isEmpty, "\(violations.map { JSONWriter.text($0) })")
        let passes = Set(axe["passes"]?.items.compactMap(\.string) ?? [])
        for rule in ["svg-img-alt", "color-contrast", "document-title", "html-has-lang", "th-has-data-cells", "duplicate-id-aria"] {
            #expect(passes.contains(rule), "\(rule) did not pass (incomplete: \(axe["incomplete"].map { JSONWriter.text($0) } ?? "-"))")
        }
    }
}

/// The report's page over `fixtures/warehouse`, made by the script, with the tables its `--json` gives, and
/// what the browser found on it.
struct WarehouseReportPage: Sendable {
    static let url = "https://report.test/report.html"
    static let python = WarehousePython.path
    /// The page needs matplotlib beside DuckDB; `.ci/run` installs both.
    static let enabled = (python.map { WarehousePython.imports($0, "matplotlib") } ?? false) || ContinuousIntegration.installsTools

    struct Table: Sendable {
        var columns: [String]
        var rows: [(key: String, values: [Double?])]
    }

    let tables: [String: Table]
    let order: [String]
    let report: BrowserHarness.PageReport

    static let shared: Result<WarehouseReportPage, any Error> = Result { try make() }

    private static func make() throws -> WarehouseReportPage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consentengine-report-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let process = Process()
        process.executableURL = BrowserHarness.repository.appendingPathComponent("scripts/warehouse")
        process.arguments = ["report", "--json", "--html", page.path, "fixtures/warehouse/lines.jsonl", "fixtures/warehouse/uploads.jsonl"]
        process.currentDirectoryURL = BrowserHarness.repository
        var environment = ProcessInfo.processInfo.environment
        if let python { environment["WAREHOUSE_PYTHON"] = python }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BrowserHarness.StepError(description: "scripts/warehouse report exited \(process.terminationStatus)")
        }
        var tables: [String: Table] = [:], order: [String] = []
        for table in try JSONReader.parse(Array(json))["tables"]?.items ?? [] {
            let id = table["id"]?.string ?? ""
            order.append(id)
            tables[id] = Table(columns: table["columns"]?.items.compactMap(\.string) ?? [], rows: (table["rows"]?.items ?? []).map { row in
                (key: row["key"]?.string ?? "", values: row["values"]?.items.map { value -> Double? in
                    switch value {
                    case .integer(let number): Double(number)
                    case .number(let number): number
                    default: nil
                    }
                } ?? [])
            })
        }
        let charts = """
            () => JSON.stringify([...document.querySelectorAll('figure[data-table]')].map(figure => {
              const svg = figure.querySelector('svg');
              const label = svg && (svg.getAttribute('aria-labelledby') || '').split(' ').map(id => document.getElementById(id))
                .filter(Boolean).map(element => element.textContent.trim()).join(' ');
              const table = document.getElementById(figure.dataset.table);
              return {table: figure.dataset.table, role: svg && svg.getAttribute('role'), name: label,
                      tableFound: !!table && table.tagName === 'TABLE' && figure.closest('section') === table.closest('section'),
                      texts: svg ? [...svg.querySelectorAll('text')].map(text => text.textContent.trim()) : []};
            }))
            """
        let shownTables = """
            () => JSON.stringify([...document.querySelectorAll('table')].map(table => ({
              id: table.id, rowHeader: table.querySelector('thead th').textContent,
              columns: [...table.querySelectorAll('thead th')].map(cell => cell.textContent),
              rows: [...table.querySelectorAll('tbody tr')].map(row => [...row.children].map(cell => cell.textContent))})))
            """
        let browserPage = BrowserHarness.Page(name: "report", url: url, steps: [
            .init(name: "charts", evaluate: charts), .init(name: "tables", evaluate: shownTables),
            .init(name: "axe", action: .axe(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])),
        ])
        let (_, reports) = try BrowserHarness.run(files: [url: (page, "text/html; charset=utf-8")], pages: [browserPage], in: folder)
        guard let report = reports["report"] else { throw BrowserHarness.StepError(description: "no report of the page") }
        return WarehouseReportPage(tables: tables, order: order, report: report)
    }
}
