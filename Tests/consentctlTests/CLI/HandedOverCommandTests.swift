@testable import ConsentCLI
@testable import ConsentInspect
import Foundation
import Testing

/// The commands `consentctl` hands to `consentctl-inspect`: their help answered by `consentctl` itself,
/// and the tool built once where `consentctl` runs from a package's build folder without it (a first
/// `swift run consentctl`). The same from a fresh clone with the real `swift build` is
/// `scripts/first-run-check`, which `.ci/run` runs.
struct HandedOverCommandTests {
    @Test func consentctlHandsOverExactlyTheCommandsOfTheInspectTool() {
        #expect(Tool.consentctl.handedOver.map(\.name).sorted() == Tool.inspect.commands.map { $0.name }.sorted())
    }

    @Test(arguments: Tool.inspect.commands.map { $0.name })
    func theHelpConsentctlPrintsForAHandedOverCommandIsTheInspectToolsOwn(name: String) throws {
        let command = try #require(Tool.inspect.commands.first { $0.name == name })
        let handedOver = try #require(Tool.consentctl.handedOver.first { $0.name == name })
        #expect(handedOver.help == command.help, "run scripts/handed-over-help and commit Sources/ConsentCLI/CLI/HandedOverHelp.swift")
    }

    @Test(arguments: [
        ("/work/app/.build/x86_64-unknown-linux-gnu/debug", "/work/app", "debug"),
        ("/Users/me/My App/.build/arm64-apple-macosx/release", "/Users/me/My App", "release"),
    ])
    func aPackagesBuildFolderIsRecognizedWithItsConfiguration(folder: String, package: String, configuration: String) throws {
        let build = try #require(PackageBuild(executableFolder: folder) { $0 == package + "/Package.swift" })
        #expect(build == PackageBuild(packageFolder: package, configuration: configuration))
    }

    @Test(arguments: [
        "/usr/local/bin",
        "/work/app/.build/x86_64-unknown-linux-gnu/profile",
        "/work/app/build/x86_64-unknown-linux-gnu/debug",
        "/work/elsewhere/.build/x86_64-unknown-linux-gnu/debug",
        "/.build/x86_64-unknown-linux-gnu/debug",
        "debug",
    ])
    func anythingElseIsAnInstallThatMustHaveItsHelperBesideIt(folder: String) {
        #expect(PackageBuild(executableFolder: folder) { $0 == "/work/app/Package.swift" || $0 == "/Package.swift" } == nil)
    }

    @Test func theBuildIsSwiftBuildOfTheOneProductInTheSameConfiguration() {
        #expect(PackageBuild(packageFolder: "/p", configuration: "debug").command(product: "consentctl-inspect")
                == ["swift", "build", "--package-path", "/p", "--product", "consentctl-inspect"])
        #expect(PackageBuild(packageFolder: "/p", configuration: "release").command(product: "consentctl-inspect")
                == ["swift", "build", "--package-path", "/p", "--product", "consentctl-inspect", "-c", "release"])
    }

    @Test(arguments: [
        (ChildProcess.Outcome.exited(1), true, "failed (exit 1)"),
        (.signalled(9), true, "was ended by signal 9"),
        (.notStarted("no such file or directory"), true, "swift could not start to build it: no such file or directory"),
        (.exited(0), false, "did not write it at /p/.build/x/debug/consentctl-inspect"),
    ])
    func aBuildThatLeavesNoExecutableIsExit69SayingWhy(outcome: ChildProcess.Outcome, built: Bool, says: String) throws {
        let console = CapturedConsole()
        let failure = try #require(PackageBuild(packageFolder: "/p", configuration: "debug").build(
            "consentctl-inspect", at: "/p/.build/x/debug/consentctl-inspect", runs: "audit", console.console,
            run: { _ in outcome }, exists: { _ in built }))
        #expect(failure.exitCode == .unavailable)
        #expect(failure.message.hasPrefix("consentctl audit is run by consentctl-inspect, which is not built yet"))
        #expect(failure.message.contains(says), "\(failure.message)")
        #expect(failure.hint?.contains("/p") == true)
    }

    @Test func aBuildThatSucceedsIsAnnouncedOnStderrAndHandsOver() {
        let console = CapturedConsole()
        var ran: [[String]] = []
        let failure = PackageBuild(packageFolder: "/p", configuration: "debug").build(
            "consentctl-inspect", at: "/p/.build/x/debug/consentctl-inspect", runs: "test", console.console,
            run: { ran.append($0); return .exited(0) }, exists: { $0 == "/p/.build/x/debug/consentctl-inspect" })
        #expect(failure == nil)
        #expect(ran == [["swift", "build", "--package-path", "/p", "--product", "consentctl-inspect"]])
        #expect(console.error == "consentctl: consentctl-inspect, which runs 'consentctl test', is not built yet; building it once: swift build --package-path /p --product consentctl-inspect\n")
        #expect(console.output.isEmpty)
    }
}

/// The real binary in a package's build folder without `consentctl-inspect`, with a `swift` on `PATH`
/// that stands in for SwiftPM: it records what it was asked and puts the built tool where SwiftPM would.
struct FirstRunBuildTests {
    /// `<package>/.build/<triple>/<configuration>/consentctl`, beside a `swift` that "builds" the tool.
    struct Layout {
        let root: TemporaryFolder
        let package: URL
        let consentctl: URL
        let calls: URL

        init(configuration: String = "debug", swiftExits status: Int32 = 0, swiftBuilds: Bool = true) throws {
            root = try TemporaryFolder()
            package = root.url.appendingPathComponent("My App")
            let folder = package.appendingPathComponent(".build/x86_64-unknown-linux-gnu/\(configuration)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: package.appendingPathComponent("Package.swift"))
            consentctl = folder.appendingPathComponent("consentctl")
            try ExecutableFile.copy(Consentctl.binary, to: consentctl)
            calls = root.url.appendingPathComponent("swift-calls")
            let inspect = Consentctl.binary.deletingLastPathComponent().appendingPathComponent("consentctl-inspect")
            let bin = root.url.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let script = """
                #!/bin/sh
                printf '%s|' "$@" >> '\(calls.path)'
                echo >> '\(calls.path)'
                echo "Build of product 'consentctl-inspect' complete!"
                \(swiftBuilds ? "cp '\(inspect.path)' '\(folder.path)/consentctl-inspect'" : "")
                exit \(status)
                """
            let swift = bin.appendingPathComponent("swift")
            try ExecutableFile.write(script, to: swift)
        }

        func run(_ arguments: [String], path: String? = nil) throws -> Consentctl.Result {
            let process = Process()
            process.executableURL = consentctl
            process.arguments = arguments
            process.currentDirectoryURL = Consentctl.repository
            process.environment = ["PATH": path ?? root.url.appendingPathComponent("bin").path + ":/usr/bin:/bin", "NO_COLOR": "1",
                                   "CONSENTCTL_STATE_DIR": root.url.appendingPathComponent("state").path]
            let output = Pipe(), errors = Pipe()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return Consentctl.Result(stdout: stdout, stderr: stderr, status: process.terminationStatus)
        }

        /// Each call of the stand-in `swift`, its arguments.
        var swiftCalls: [[String]] {
            let text = (try? String(contentsOf: calls, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        }
    }

    @Test func theHelpOfAHandedOverCommandNeedsNoBuild() throws {
        let layout = try Layout()
        for arguments in [["audit", "--help"], ["help", "explain"], ["test", "-h"]] {
            let result = try layout.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Usage: consentctl \(arguments[0] == "help" ? arguments[1] : arguments[0])"))
        }
        #expect(layout.swiftCalls.isEmpty)
    }

    @Test func aHandedOverCommandBuildsTheToolOnceThenRunsWithItsArguments() throws {
        let layout = try Layout()
        let first = try layout.run(["test", "fixtures/flows/first-launch.test.json", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("consentctl: consentctl-inspect, which runs 'consentctl test', is not built yet; building it once: swift build --package-path \(layout.package.path) --product consentctl-inspect"))
        // The build's output goes to stderr: stdout carries the command's result alone.
        #expect(first.stderr.contains("Build of product 'consentctl-inspect' complete!"))
        #expect(first.stdout.hasPrefix("{"), "\(first.stdout)")
        #expect(layout.swiftCalls == [["build", "--package-path", layout.package.path, "--product", "consentctl-inspect"]])

        let again = try layout.run(["audit", "--plist", "/no/such/Info.plist"])
        #expect(again.status == 66)
        #expect(again.stderr.contains("/no/such/Info.plist"))
        #expect(!again.stderr.contains("building it once"))
        #expect(layout.swiftCalls.count == 1)
    }

    @Test func aReleaseBuildFolderBuildsTheToolInRelease() throws {
        let layout = try Layout(configuration: "release")
        #expect(try layout.run(["audit", "--plist", "/no/such/Info.plist"]).status == 66)
        #expect(layout.swiftCalls == [["build", "--package-path", layout.package.path, "--product", "consentctl-inspect", "-c", "release"]])
    }

    @Test func aBuildThatFailsIsExit69AndNothingRuns() throws {
        let layout = try Layout(swiftExits: 1, swiftBuilds: false)
        let result = try layout.run(["audit", "--plist", "/no/such/Info.plist"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("consentctl: error: consentctl audit is run by consentctl-inspect, which is not built yet, and 'swift build --package-path \(layout.package.path) --product consentctl-inspect' failed (exit 1)"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("/no/such/Info.plist"))
    }

    @Test func withoutSwiftOnThePathTheCommandIsExit69SayingSo() throws {
        let layout = try Layout()
        let result = try layout.run(["explain", "--prefs", "x.plist"], path: layout.root.url.appendingPathComponent("nothing").path)
        #expect(result.status == 69)
        #expect(result.stderr.contains("swift could not start to build it"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: put the Swift toolchain's bin folder on PATH"))
    }
}

/// A console whose output and errors the test reads back.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var output: String { lock.withLock { out } }
    var error: String { lock.withLock { err } }

    var console: Console {
        Console(writeOut: { text in self.lock.withLock { self.out += text } },
                writeError: { text in self.lock.withLock { self.err += text } })
    }
}
