@testable import ConsentCLI
@testable import ConsentInspect
import Foundation
import Testing

/// The commands `consentctl` hands to `consentctl-inspect`: their help answered by `consentctl` itself, and
/// without the tool an exit 69 naming where it looked and the command that builds it; no command builds
/// the package. The same from a fresh clone with the real `swift build` is `scripts/first-run-check`.
struct HandedOverCommandTests {
    @Test func consentctlHandsOverExactlyTheCommandsOfTheInspectTool() {
        #expect(Tool.consentctl.handedOver.map(\.name).sorted() == Tool.inspect.commands.map { $0.name }.sorted())
    }

    @Test(arguments: Tool.inspect.commands.map { $0.name })
    func theHelpConsentctlPrintsForAHandedOverCommandIsTheInspectToolsOwn(name: String) throws {
        let command = try #require(Tool.inspect.commands.first { $0.name == name })
        let handedOver = try #require(Tool.consentctl.handedOver.first { $0.name == name })
        #expect(handedOver.help == command.help, "run scripts/handed-over-help and commit Tools/ConsentCLI/CLI/HandedOverHelp.swift")
    }
}

/// The real binary in a package's build folder without `consentctl-inspect` (as after a first
/// `swift run consentctl`), with a `swift` on `PATH` that records every call: a command that needs the tool
/// is exit 69 with the command that builds it, and nothing is built.
struct MissingInspectToolProcessTests {
    /// `<package>/.build/<triple>/<configuration>/consentctl`, beside a `swift` that only records its calls.
    struct Layout {
        let root: TemporaryFolder
        let folder: URL
        let calls: URL

        init(configuration: String = "debug") throws {
            root = try TemporaryFolder()
            let package = root.url.appendingPathComponent("My App")
            folder = package.appendingPathComponent(".build/x86_64-unknown-linux-gnu/\(configuration)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: package.appendingPathComponent("Package.swift"))
            try ExecutableFile.copy(Consentctl.binary, to: folder.appendingPathComponent("consentctl"))
            calls = root.url.appendingPathComponent("swift-calls")
            let bin = root.url.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try ExecutableFile.write("#!/bin/sh\necho \"$@\" >> '\(calls.path)'\n", to: bin.appendingPathComponent("swift"))
        }

        func run(_ arguments: [String]) throws -> Consentctl.Result {
            let process = Process()
            process.executableURL = folder.appendingPathComponent("consentctl")
            process.arguments = arguments
            process.currentDirectoryURL = Consentctl.repository
            process.environment = ["PATH": root.url.appendingPathComponent("bin").path + ":/usr/bin:/bin", "NO_COLOR": "1",
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

        /// Whether anything ran the stand-in `swift`.
        var swiftWasCalled: Bool { FileManager.default.fileExists(atPath: calls.path) }
    }

    @Test func theHelpOfAHandedOverCommandNeedsNoTool() throws {
        let layout = try Layout()
        for arguments in [["audit", "--help"], ["help", "explain"], ["test", "-h"]] {
            let result = try layout.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.hasPrefix("Usage: consentctl \(arguments[0] == "help" ? arguments[1] : arguments[0])"))
        }
        #expect(!layout.swiftWasCalled)
    }

    @Test(arguments: [("debug", "swift build --product consentctl-inspect"), ("release", "swift build -c release --product consentctl-inspect")])
    func aHandedOverCommandIsExit69WithTheCommandThatBuildsTheTool(configuration: String, build: String) throws {
        let layout = try Layout(configuration: configuration)
        for arguments in [["audit", "--plist", "/no/such/Info.plist"], ["test", "fixtures/flows/first-launch.test.json"],
                          ["explain", "--prefs", "fixtures/explain/devices/accept-all.plist"]] {
            let result = try layout.run(arguments)
            #expect(result.status == 69, "\(arguments): \(result.stderr)")
            let tool = layout.folder.appendingPathComponent("consentctl-inspect").path
            #expect(result.stderr.contains("consentctl: error: consentctl \(arguments[0]) is run by consentctl-inspect, which is not beside consentctl: \(tool)"),
                    "\(result.stderr)")
            #expect(result.stderr.contains("hint: build it in the package with '\(build)'"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!layout.swiftWasCalled, "a command built the package")
    }
}
