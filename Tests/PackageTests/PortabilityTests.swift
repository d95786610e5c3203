import Foundation
import Testing

/// The package builds for iOS 15+ and macOS 13+ (README, "Platforms"), which a Linux build cannot show: these
/// tests read every source file for what no compiler data shows (imports and C names Apple's SDKs lack,
/// newer APIs in branches only Apple builds compile; what Linux compiles, `scripts/check-availability`
/// proves), and the planted cases show that each kind of fault is seen.
@Suite struct PortabilityTests {
    @Test func noSourceFileUsesWhatAppleBuildsLackOrWhatNeedsANewerSystem() throws {
        var files = 0
        var problems: [PortabilityCheck.Problem] = []
        for target in try PackageLayout.sourceTargets() {
            for file in try SwiftSourceFile.all(under: PackageLayout.folder(of: target)) {
                files += 1
                problems += PortabilityCheck.problems(in: file, target: target)
            }
        }
        #expect(files > 200, "the sources are where this test looks for them")
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    /// A fault planted in a file of `ConsentEngine`, and the kind the check must report for it.
    @Test(arguments: [
        ("import FoundationEssentials", .linuxOnlyImport),
        ("@preconcurrency import Glibc", .linuxOnlyImport),
        ("import struct FoundationEssentials.Date", .linuxOnlyImport),
        ("import FoundationXML", .linuxOnlyImport),
        ("let first = environ.pointee", .linuxOnlyCall),
        ("private let systemRead = Glibc.read", .linuxOnlyCall),
        ("var thread = pthread_t()", .linuxOnlyCall),
        ("let home = FileManager.default.homeDirectoryForCurrentUser", .macOSOnlyInAppLibrary),
    ] as [(String, PortabilityCheck.Kind)])
    func aPlantedFaultIsReportedWithItsKindAndLine(fault: String, kind: PortabilityCheck.Kind) {
        let file = SwiftSourceFile(path: "Planted.swift", text: "/// A file.\nstruct Planted {}\n\(fault)\n")
        let problems = PortabilityCheck.problems(in: file, target: "ConsentEngine")
        #expect(problems.map(\.kind) == [kind])
        #expect(problems.map(\.line) == [3])
    }

    /// An API newer than the deployment targets, in a branch that only an Apple build compiles, where no Linux
    /// AST sees it: the hand-kept list is what reports it. On a line Linux compiles it is
    /// `scripts/check-availability`'s to report (and `AvailabilityCheckProcessTests` shows it does), not this list's.
    @Test(arguments: [
        "import Synchronization",
        "let lock = Mutex<Int>(0)",
        "let count = Atomic<Int>(0)",
        "let limit: Duration = .milliseconds(100)",
        "let start = ContinuousClock.now",
        "try await Task.sleep(for: .seconds(1))",
        "let folder = URL.applicationSupportDirectory",
        "let file = URL(filePath: path)",
        "let file = folder.appending(path: name)",
        "let range = text.firstRange(of: \"x\")",
        "let text = String(validating: bytes, as: UTF8.self)",
    ])
    func aNewerAPIInADarwinOnlyBranchIsReportedAndOneLinuxCompilesIsLeftToTheAvailabilityCheck(fault: String) {
        let darwin = SwiftSourceFile(path: "Planted.swift", text: "/// A file.\n#if canImport(Darwin)\n\(fault)\n#endif\n")
        let problems = PortabilityCheck.problems(in: darwin, target: "ConsentEngine")
        #expect(problems.map(\.kind) == [.newerThanDeploymentTarget])
        #expect(problems.map(\.line) == [3])
        let linux = SwiftSourceFile(path: "Planted.swift", text: "/// A file.\nstruct Planted {}\n\(fault)\n")
        #expect(PortabilityCheck.problems(in: linux, target: "ConsentEngine").isEmpty)
    }

    @Test(arguments: [
        "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif",
        "#if canImport(Glibc)\n@preconcurrency import Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif",
        "#if canImport(Darwin)\nlet start = _NSGetEnviron().pointee\n#else\nlet start = environ\n#endif",
        "#if os(Linux)\nlet systemRead = Glibc.read\n#endif",
        "/// Reads `environ` once; `Mutex` needs iOS 18.\nlet a = 1",
        "let message = \"import FoundationEssentials, environ, Duration\"",
        "let text = \"\"\"\n  Mutex and ContinuousClock\n  \"\"\"",
        "/* a Duration\n   across lines */ let b = 2",
        "#if os(macOS)\nlet home = FileManager.default.homeDirectoryForCurrentUser\n#else\nlet home = NSHomeDirectory()\n#endif",
        "struct AtomicFileWriter {}\nlet duration = 3",
    ])
    func guardedCodeCommentsAndStringsAreNotFaults(text: String) {
        let file = SwiftSourceFile(path: "Clean.swift", text: text)
        #expect(PortabilityCheck.problems(in: file, target: "ConsentEngine").isEmpty)
    }

    @Test func anAPIThatIOSLacksIsAllowedInTargetsThatOnlyAMacBuilds() {
        let file = SwiftSourceFile(path: "Tool.swift", text: "let home = FileManager.default.homeDirectoryForCurrentUser\n")
        #expect(PortabilityCheck.problems(in: file, target: "ConsentCLI").isEmpty)
        #expect(PortabilityCheck.problems(in: file, target: "ConsentEngine").map(\.kind) == [.macOSOnlyInAppLibrary])
    }

    @Test(arguments: [
        ("canImport(FoundationEssentials)", true), ("canImport(Darwin)", false), ("canImport(Glibc)", true),
        ("os(Linux)", true), ("os(macOS) || os(iOS)", false), ("!canImport(Darwin)", true),
        ("canImport(Glibc) && !os(macOS)", true), ("canImport(AppTrackingTransparency)", false),
        ("DEBUG", false), ("compiler(>=6.0)", true),
    ])
    func conditionsAreReadAsTheLinuxToolchainReadsThem(condition: String, isTrue: Bool) {
        #expect(SwiftSourceFile.isTrueOnLinux(condition) == isTrue)
    }

    @Test func theBranchTakenOnLinuxIsTheOneCompiledThere() {
        let file = SwiftSourceFile(path: "Branches.swift", text: """
            #if canImport(Darwin)
            let a = 1
            #elseif canImport(Glibc)
            let b = 2
            #else
            let c = 3
            #endif
            """)
        #expect(file.lines.map(\.isCompiledOnLinux) == [false, true, false])
        #expect(file.lines.map(\.isPlatformGuarded) == [true, true, true])
    }
}
