import ConsentEngine
import ConsentWeb
import Foundation
import Testing

/// The figures the README quotes: the script's size, and the time from its start in a page to the first
/// `ping` answer, measured in the browser. Printed, not asserted: speed targets belong in the benchmark.
@Suite struct CMPFiguresBrowserTests {
    @Test("the script's size in bytes and gzipped is printed")
    func size() throws {
        let state = try #require(try BrowserRun.sharedStates.get()[.gdprConsentAll])
        let source = Data(state.script.utf8)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "gzip -9 | wc -c"]
        let input = Pipe(), output = Pipe()
        gzip.standardInput = input
        gzip.standardOutput = output
        try gzip.run()
        input.fileHandleForWriting.write(source)
        try input.fileHandleForWriting.close()
        let compressed = Int(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines))
        gzip.waitUntilExit()
        let bare = CMPAPIsSource.beforeData.utf8.count + CMPAPIsSource.afterData.utf8.count
        print("ConsentWeb script: \(bare) bytes without its data; with a consent-all answer \(source.count) bytes, \(compressed ?? -1) gzipped")
        #expect(compressed != nil && source.count > bare)
    }

    @Test("the time from the script's start to the first ping answer is printed",
          .enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
    func firstPing() throws {
        let run = try BrowserRun.shared.get()
        var fromStart: [Double] = []
        var sinceNavigation: [Double] = []
        for index in 1...BrowserRun.timingRuns {
            let value = try run.page("timing/\(index)").json("ping")
            if case .number(let number)? = value["fromScriptStart"] { fromStart.append(number) }
            if case .integer(let number)? = value["fromScriptStart"] { fromStart.append(Double(number)) }
            if case .number(let number)? = value["sinceNavigation"] { sinceNavigation.append(number) }
            if case .integer(let number)? = value["sinceNavigation"] { sinceNavigation.append(Double(number)) }
        }
        #expect(fromStart.count == BrowserRun.timingRuns && sinceNavigation.count == BrowserRun.timingRuns)
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print("ConsentWeb in \(run.browser): first ping answer \(median(fromStart)) ms after the script started "
              + "(median of \(fromStart.count), each \(fromStart.sorted())), \(median(sinceNavigation)) ms after navigation start")
    }
}
