// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// The executables start faster linked as position-dependent code: no relocations of their data to apply
/// at every start (a cold `consentctl status` is mostly process start-up).
let fastStart: [LinkerSetting] = [
    .unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "ConsentEngine",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ConsentEngine", targets: ["ConsentEngine"]),
        .library(name: "ConsentSignals", targets: ["ConsentSignals"]),
        .library(name: "ConsentUserDefaults", targets: ["ConsentUserDefaults"]),
        .library(name: "ConsentAudit", targets: ["ConsentAudit"]),
        .executable(name: "consentctl", targets: ["consentctl"]),
        .executable(name: "consentctl-inspect", targets: ["ConsentInspect"]),
        .executable(name: "consentengine-bench", targets: ["ConsentBenchmark"]),
        .executable(name: "consentengine-empty", targets: ["EmptyProgram"]),
    ],
    targets: [
        // The package's one JSON kit: ordered values, a strict reader with paths and line/column, one writer.
        .target(name: "JSONKit", swiftSettings: strict),
        // IAB and Google signal formats: value types and codecs, no engine and no policy.
        .target(name: "ConsentSignals", swiftSettings: strict),
        .target(name: "ConsentEngine", dependencies: ["JSONKit", "ConsentSignals"], exclude: ["State/SCHEMA.md"], swiftSettings: strict),
        // Stores the in-app keys in UserDefaults (the app's standard defaults or a suite).
        .target(name: "ConsentUserDefaults", dependencies: ["ConsentSignals"], swiftSettings: strict),
        .target(name: "ConsentAudit", dependencies: ["JSONKit"], swiftSettings: strict),
        // Policy regression fixtures of every kind: one loader, one runner; consentctl formats the report.
        .target(name: "ConsentFixtures", dependencies: ["ConsentEngine", "ConsentAudit", "JSONKit"], swiftSettings: strict),
        // The command line's library: arguments, commands, errors → exit codes, the terminal form.
        .target(
            name: "ConsentCLI",
            dependencies: ["ConsentEngine", "ConsentSignals", "JSONKit"],
            swiftSettings: strict
        ),
        // consentctl itself: what an app's launch and QA scripts run, without libxml2.
        .executableTarget(name: "consentctl", dependencies: ["ConsentCLI"], swiftSettings: strict, linkerSettings: fastStart),
        // consentctl-inspect: audit, explain and test, which read property lists with libxml2; consentctl
        // hands those commands to it.
        .executableTarget(
            name: "ConsentInspect",
            dependencies: ["ConsentCLI", "ConsentAudit", "ConsentFixtures", "ConsentEngine", "JSONKit"],
            swiftSettings: strict,
            linkerSettings: fastStart
        ),
        .executableTarget(
            name: "ConsentBenchmark",
            dependencies: ["ConsentEngine", "ConsentAudit", "ConsentSignals"],
            swiftSettings: strict
        ),
        // The benchmark's baseline: an empty program built with the same flags as consentctl.
        .executableTarget(name: "EmptyProgram", swiftSettings: strict, linkerSettings: fastStart),
        // A helper process for the state store's crash and concurrency tests: it makes N writes.
        .executableTarget(
            name: "StoreWriter",
            dependencies: ["ConsentEngine"],
            path: "Tests/StoreWriter",
            swiftSettings: strict
        ),
        .testTarget(
            name: "ConsentEngineTests",
            dependencies: ["ConsentEngine", "StoreWriter"],
            swiftSettings: strict
        ),
        .testTarget(name: "ConsentAuditTests", dependencies: ["ConsentAudit"], swiftSettings: strict),
        .testTarget(name: "ConsentSignalsTests", dependencies: ["ConsentSignals", "ConsentEngine", "ConsentFixtures"], swiftSettings: strict),
        .testTarget(name: "ConsentUserDefaultsTests", dependencies: ["ConsentUserDefaults", "ConsentSignals"], swiftSettings: strict),
        .testTarget(name: "JSONKitTests", dependencies: ["JSONKit"], swiftSettings: strict),
        .testTarget(name: "ConsentFixturesTests", dependencies: ["ConsentFixtures", "ConsentEngine", "ConsentAudit", "JSONKit"], swiftSettings: strict),
        .testTarget(
            name: "consentctlTests",
            dependencies: ["consentctl", "ConsentInspect", "ConsentCLI", "ConsentEngine", "ConsentAudit", "ConsentFixtures", "JSONKit"],
            exclude: ["Terminal/Snapshots", "CLI/Snapshots"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
