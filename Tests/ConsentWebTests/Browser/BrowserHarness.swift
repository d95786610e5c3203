import Foundation
import ConsentJSON
import Testing
import TestSupport

/// Headless Chromium driven by `Tests/Browser/runner.py` (Playwright for Python, the system browser): a test
/// writes the pages and a plan, the runner loads them and reports what they did, the test judges the report.
///
/// The interpreter is `CONSENTENGINE_BROWSER_PYTHON` (`.ci/run` sets it to its venv's), else the venv
/// `.ci/run` makes, `${TMPDIR:-/tmp}/consentengine-browser-venv`; the browser is `CONSENTENGINE_CHROMIUM`,
/// else `/usr/bin/chromium`. Without them a browser test is skipped and says why, except under CI on Linux
/// (`CI` set), where `.ci/run` installs both and a missing one fails the test.
enum BrowserHarness {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let runner = repository.appendingPathComponent("Tests/Browser/runner.py")
    static let probe = repository.appendingPathComponent("Tests/Browser/cmp-probe.js")
    /// How long one run may take in all.
    static let runLimitSeconds = 300

    private static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static var python: String {
        if let python = environment["CONSENTENGINE_BROWSER_PYTHON"], !python.isEmpty { return python }
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return temporary + "/consentengine-browser-venv/bin/python"
    }

    static var chromium: String { environment["CONSENTENGINE_CHROMIUM"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin/chromium" }

    /// Under CI on Linux, where `.ci/run` installs the browser (the macOS job runs `swift test` without it).
    static var isCI: Bool { ContinuousIntegration.installsTools }

    /// Why the browser cannot run here, or nil when it can.
    static var missing: String? {
        let files = FileManager.default
        if !files.isExecutableFile(atPath: chromium) { return "no browser at \(chromium) (apt-get install chromium)" }
        if !files.isExecutableFile(atPath: python) {
            return "no Python with Playwright at \(python) (bash .ci/run makes that venv, or set CONSENTENGINE_BROWSER_PYTHON)"
        }
        return nil
    }

    /// Whether browser tests run: when the browser is here, and always under CI (where a missing one fails).
    static var enabled: Bool { missing == nil || isCI }

    /// The skip message Swift Testing prints.
    static var skipMessage: Comment { Comment(rawValue: "SKIPPED: \(missing ?? "")") }

    /// One page the runner loads: its URL, the scripts added to every frame at document start, its steps;
    /// the window's size in CSS px, the page's zoom (2 is 200%) and the colour scheme, where not the default.
    struct Page {
        var name: String
        var url: String
        var initScripts: [URL] = []
        var viewport: (width: Int, height: Int)? = nil
        var zoom: Double? = nil
        var colorScheme: String? = nil
        var steps: [Step]
    }

    /// One thing the runner does on a page, its value reported (see `Tests/Browser/runner.py`).
    enum Action {
        /// A JavaScript expression (or function) evaluated in the page.
        case evaluate(String)
        /// A real mouse click on the element the selector finds.
        case click(String)
        /// Keys pressed in order on whatever has the focus (Playwright's names: `Tab`, `Space`, `Enter`).
        case press([String])
        /// Tab pressed until the focused element matches the selector; the value is the number of presses.
        case tabTo(String)
        /// Tab pressed from the top until the focus comes round again; the value lists each focused element.
        case tabAll
        /// axe-core run with the rules of these tags (`wcag2a`, `wcag21aa`…).
        case axe([String])
        /// The page as a PNG file: the whole page, or what the window shows.
        case screenshot(URL, fullPage: Bool)
    }

    /// An action on the page's main frame, or (for `evaluate`) on the frame at `frame`.
    struct Step {
        var name: String
        var action: Action
        var frame: String? = nil

        init(name: String, evaluate: String, frame: String? = nil) {
            self.init(name: name, action: .evaluate(evaluate), frame: frame)
        }

        init(name: String, action: Action, frame: String? = nil) {
            self.name = name
            self.action = action
            self.frame = frame
        }

        var planned: JSONValue {
            var members: [JSONValue.Member] = [.init(key: "name", value: .string(name))]
            switch action {
            case .evaluate(let expression): members.append(.init(key: "evaluate", value: .string(expression)))
            case .click(let selector): members.append(.init(key: "click", value: .string(selector)))
            case .press(let keys): members.append(.init(key: "press", value: .strings(keys)))
            case .tabTo(let selector): members.append(.init(key: "tabTo", value: .string(selector)))
            case .tabAll: members.append(.init(key: "tabAll", value: .bool(true)))
            case .axe(let tags): members.append(.init(key: "axe", value: .strings(tags)))
            case .screenshot(let file, let fullPage):
                members.append(.init(key: "screenshot", value: .string(file.path)))
                members.append(.init(key: "fullPage", value: .bool(fullPage)))
            }
            if let frame { members.append(.init(key: "frame", value: .string(frame))) }
            return .object(members)
        }
    }

    /// What one page did.
    struct PageReport: Sendable {
        /// Why the page did not load, or nil when it did.
        var error: String?
        /// Each step's value (what the JavaScript returned) or its error.
        var steps: [String: Result<JSONValue, StepError>]
        var console: [(type: String, text: String)]
        var pageErrors: [String]
        var requests: [String]
        var refused: [String]

        /// A step's value, parsed again when it is JSON text (the probes return JSON text).
        func json(_ step: String) throws -> JSONValue {
            if let error { throw StepError(description: "the page did not load: \(error)") }
            guard let result = steps[step] else { throw StepError(description: "no step \(step) in the report") }
            let value = try result.get()
            if case .string(let text) = value { return try JSONReader.parse(text) }
            return value
        }
    }

    struct StepError: Error, CustomStringConvertible, Sendable {
        let description: String
    }

    /// Serves `files` (URL → file and content type) to `pages`, runs them in one browser, and returns what each
    /// page did and the browser's version. `folder` keeps the plan and the report.
    static func run(files: [String: (URL, String)], pages: [Page], in folder: URL) throws -> (browser: String, pages: [String: PageReport]) {
        if let missing, isCI { throw StepError(description: "under CI the browser must be there: \(missing)") }
        var served: [JSONValue.Member] = []
        for (url, file) in files.sorted(by: { $0.key < $1.key }) {
            served.append(.init(key: url, value: .members(["path": .string(file.0.path), "contentType": .string(file.1)])))
        }
        let plan: JSONValue = .members([
            "files": .object(served),
            "pages": .array(pages.map { page in
                var members: [JSONValue.Member] = [
                    .init(key: "name", value: .string(page.name)), .init(key: "url", value: .string(page.url)),
                    .init(key: "initScripts", value: .strings(page.initScripts.map(\.path))),
                ]
                if let viewport = page.viewport {
                    members.append(.init(key: "viewport", value: .members(["width": .integer(viewport.width), "height": .integer(viewport.height)])))
                }
                if let zoom = page.zoom { members.append(.init(key: "zoom", value: .number(zoom))) }
                if let scheme = page.colorScheme { members.append(.init(key: "colorScheme", value: .string(scheme))) }
                members.append(.init(key: "steps", value: .array(page.steps.map(\.planned))))
                return .object(members)
            }),
        ])
        let planFile = folder.appendingPathComponent("plan.json")
        let reportFile = folder.appendingPathComponent("report.json")
        try Data(JSONWriter.text(plan).utf8).write(to: planFile)
        let errorFile = folder.appendingPathComponent("runner-errors.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [runner.path, planFile.path, reportFile.path]
        var environment = ProcessInfo.processInfo.environment
        environment["CONSENTENGINE_CHROMIUM"] = chromium
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        // Each page and step has its own limit in the runner; this one ends a run that hangs all the same.
        if finished.wait(timeout: .now() + .seconds(runLimitSeconds)) == .timedOut {
            process.terminate()
            if finished.wait(timeout: .now() + .seconds(5)) == .timedOut { kill(process.processIdentifier, SIGKILL) }
            throw StepError(description: "the browser run did not finish within \(runLimitSeconds) s (plan: \(planFile.path))")
        }
        guard process.terminationStatus == 0 else {
            let errorText = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw StepError(description: "the browser runner exited with \(process.terminationStatus): \(errorText.suffix(2000))")
        }
        let report = try JSONReader.parse(Array(try Data(contentsOf: reportFile)))
        var result: [String: PageReport] = [:]
        guard case .object(let reported)? = report["pages"] else { throw StepError(description: "the report has no pages") }
        for member in reported {
            result[member.key] = try pageReport(member.value)
        }
        guard case .string(let version)? = report["browser"] else { throw StepError(description: "the report names no browser") }
        return (version, result)
    }

    private static func pageReport(_ value: JSONValue) throws -> PageReport {
        var steps: [String: Result<JSONValue, StepError>] = [:]
        if case .object(let members)? = value["steps"] {
            for member in members {
                if case .string(let error)? = member.value["error"] {
                    steps[member.key] = .failure(StepError(description: error))
                } else {
                    steps[member.key] = .success(member.value["value"] ?? .null)
                }
            }
        }
        func strings(_ key: String) -> [String] {
            guard case .array(let items)? = value[key] else { return [] }
            return items.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
        }
        var console: [(type: String, text: String)] = []
        if case .array(let items)? = value["console"] {
            for item in items {
                if case .string(let type)? = item["type"], case .string(let text)? = item["text"] { console.append((type, text)) }
            }
        }
        return PageReport(error: value["error"]?.string, steps: steps, console: console, pageErrors: strings("pageErrors"),
                          requests: strings("requests"), refused: strings("refused"))
    }
}
