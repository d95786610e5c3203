import ConsentEngine
import ConsentWeb
import Foundation
import TestSupport
import Testing

/// The figures and pictures the README shows: the page's size, its time to first paint in the browser, and
/// the screenshots of the first layer and of Manage options. Figures are printed, not asserted: speed
/// targets belong in the benchmark. `RECORD_SCREENSHOTS=1` writes the screenshots into `docs/`.
@Suite struct FormFiguresBrowserTests {
    static let docs = BrowserHarness.repository.appendingPathComponent("docs")
    static let screenshots = ["consent-form-first-layer.png", "consent-form-manage-options.png"]

    @Test("the page's size in bytes and gzipped is printed, and that of a page of 1,000 partners")
    func size() throws {
        let page = try #require(try FormBrowserRun.sharedSources.get()[.consent])
        let bytes = Data(page.html.utf8)
        let compressed = try Self.gzipped(bytes)
        let template = ConsentFormSource.pieces.reduce(0) { $0 + $1.utf8.count }
        print("ConsentWeb consent form: \(template) bytes without its data; the default policy's page \(bytes.count) bytes, \(compressed ?? -1) gzipped")
        #expect(compressed != nil && bytes.count > template)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consentweb-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("vendor-list.json")
        try Data(SyntheticVendorList.json(vendors: FormBrowserRun.manyPartners).utf8).write(to: list)
        let many = Data(try Consentctl.run(["form", "--html", "--geo", "DE", "--state-dir", folder.path, "--vendor-list", list.path]).utf8)
        print("ConsentWeb consent form of \(FormBrowserRun.manyPartners) partners from a made-up vendor list: \(many.count) bytes, "
              + "\(try Self.gzipped(many) ?? -1) gzipped")
        #expect(many.count > bytes.count)
    }

    /// The size of `bytes` compressed by `gzip -9`.
    static func gzipped(_ bytes: Data) throws -> Int? {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -9 | wc -c"]
        let input = Pipe(), output = Pipe()
        gzip.standardInput = input
        gzip.standardOutput = output
        try gzip.run()
        input.fileHandleForWriting.write(bytes)
        try input.fileHandleForWriting.close()
        let compressed = Int(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines))
        gzip.waitUntilExit()
        return compressed
    }

    @Test("the time to first paint in the browser is printed", .enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
    func firstPaint() throws {
        let run = try FormBrowserRun.shared.get()
        // From navigation, the figure holds the test runner's serving of the file; from the page's last byte,
        // it is the browser's own work: parsing, the script drawing the form, style, layout and paint. A page
        // of one line of text, loaded the same way, is what the browser takes for any page.
        func times(_ prefix: String) throws -> (fromLastByte: [Double], fromNavigation: [Double]) {
            var fromNavigation: [Double] = [], fromLastByte: [Double] = []
            for index in 1...FormBrowserRun.timingRuns {
                let paint = try run.page("\(prefix)\(index)").json("paint")
                guard let contentful = paint["firstContentfulPaint"]?.double, let received = paint["responseEnd"]?.double else { continue }
                fromNavigation.append(contentful)
                fromLastByte.append(contentful - received)
            }
            return (fromLastByte, fromNavigation)
        }
        let form = try times("timing/"), baseline = try times("timing/baseline/"), many = try times("timing/many/")
        #expect(form.fromLastByte.count == FormBrowserRun.timingRuns && baseline.fromLastByte.count == FormBrowserRun.timingRuns)
        #expect(many.fromLastByte.count == FormBrowserRun.timingRuns)
        func median(_ values: [Double]) -> String { String(format: "%.1f", values.sorted()[values.count / 2]) }
        func each(_ values: [Double]) -> String { values.sorted().map { String(format: "%.1f", $0) }.joined(separator: ", ") }
        print("ConsentWeb consent form in \(run.browser): first contentful paint \(median(form.fromLastByte)) ms after the page's last byte "
              + "(median of \(form.fromLastByte.count): \(each(form.fromLastByte))), \(median(form.fromNavigation)) ms after navigation; "
              + "a page of one line of text \(median(baseline.fromLastByte)) ms (\(each(baseline.fromLastByte))), \(median(baseline.fromNavigation)) ms")
        print("ConsentWeb consent form of \(FormBrowserRun.manyPartners) partners from a made-up vendor list in \(run.browser): first contentful paint "
              + "\(median(many.fromLastByte)) ms after the page's last byte (median of \(many.fromLastByte.count): \(each(many.fromLastByte))), "
              + "\(median(many.fromNavigation)) ms after navigation")
    }

    @Test("the screenshots are taken (and written into docs/ with RECORD_SCREENSHOTS=1)",
          .enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
    func screenshotsTaken() throws {
        let run = try FormBrowserRun.shared.get()
        let record = ProcessInfo.processInfo.environment["RECORD_SCREENSHOTS"] == "1"
        for name in Self.screenshots {
            let taken = run.screenshots.appendingPathComponent(name)
            let data = try Data(contentsOf: taken)
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
            if record {
                let target = Self.docs.appendingPathComponent(name)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: taken, to: target)
            }
        }
    }

    @Test("the README shows the screenshots in docs/")
    func readmeShowsTheScreenshots() throws {
        let readme = try String(contentsOf: BrowserHarness.repository.appendingPathComponent("README.md"), encoding: .utf8)
        for name in Self.screenshots {
            let shown = readme.contains("(docs/\(name))")
            #expect(shown, "README.md shows docs/\(name)")
            let data = try Data(contentsOf: Self.docs.appendingPathComponent(name))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "docs/\(name) is a PNG")
        }
    }
}
