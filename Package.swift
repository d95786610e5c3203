// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// The executables start faster linked as position-dependent code: no relocations of their data to apply
/// at every start (a cold `consentctl status` is mostly process start-up).
/// The command line runs its async commands on the thread that called them: a command that never waits
/// (status) then starts no worker thread.
let callerThread: [SwiftSetting] = strict + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let fastStart: [LinkerSetting] = [
    .unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release)),
]

/// The Apple platforms the package supports: iOS 15+ (Mac Catalyst with it) and macOS 13+. tvOS, visionOS and
/// watchOS are not supported: no build of the workflow compiles for them, tvOS and watchOS have no WebKit for
/// the consent form, and the live Apple code is compiled for iOS and macOS alone (`#if os(iOS)`,
/// `#if os(macOS)`). The privacy manifests are linked on every platform supported, so that an app uploaded
/// for any of them carries them.
let applePlatforms: [Platform] = [.iOS, .macCatalyst, .macOS]

let package = Package(
    name: "ConsentEngine",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "ConsentEngine", targets: ["ConsentEngine"]),
        .library(name: "ConsentSignals", targets: ["ConsentSignals"]),
        .library(name: "ConsentUserDefaults", targets: ["ConsentUserDefaults"]),
        .library(name: "ConsentEngineApple", targets: ["ConsentEngineApple"]),
        .library(name: "ConsentWeb", targets: ["ConsentWeb"]),
        // For an app's tests: the checks its own ConsentStore must pass.
        .library(name: "ConsentEngineTesting", targets: ["ConsentEngineTesting"]),
        .library(name: "ConsentAudit", targets: ["ConsentAudit"]),
        .library(name: "ConsentPreferences", targets: ["ConsentPreferences"]),
        .executable(name: "consentctl", targets: ["consentctl"]),
        .executable(name: "consentctl-inspect", targets: ["ConsentInspect"]),
    ],
    targets: [
        // The package's one JSON kit: ordered values, a strict reader with paths and line/column, one writer.
        .target(name: "ConsentJSON", swiftSettings: strict),
        // The one date codec: civil-day arithmetic and ISO 8601 text, on the standard library alone so that
        // ConsentSignals can use it.
        .target(name: "ConsentDates", swiftSettings: strict),
        // The one bounded reader of input files (policies, plists, xcconfigs, preferences, fixtures): opened
        // without blocking, bounded per kind, pipes within a time bound; the standard library and the C library.
        .target(name: "ConsentFiles", swiftSettings: strict),
        // IAB and Google signal formats: value types and codecs, no engine and no policy.
        .target(name: "ConsentSignals", dependencies: ["ConsentDates"], swiftSettings: strict),
        // The web pages of consent in the app: the IAB's JavaScript CMP APIs (__tcfapi, __gpp) answered from the
        // in-app keys, and the consent form as a web page made from the policy, its answer checked through the
        // engine's form sessions. Plain Swift; the .js, .html and .css files are embedded as Swift by
        // scripts/embed-web-scripts.
        .target(
            name: "ConsentWeb", dependencies: ["ConsentSignals", "ConsentEngine", "ConsentJSON"],
            exclude: ["CMPAPIs.js", "Form/ConsentForm.html", "Form/ConsentForm.css", "Form/ConsentForm.js"], swiftSettings: strict
        ),
        .target(name: "ConsentEngine", dependencies: ["ConsentJSON", "ConsentSignals", "ConsentDates", "ConsentFiles", .target(name: "ConsentEnginePrivacy", condition: .when(platforms: applePlatforms))], exclude: ["State/SCHEMA.md"], swiftSettings: strict),
        // Privacy manifests of the products that call an API on Apple's required-reason list: file timestamps
        // and sizes (stat, fstat) in ConsentEngine and ConsentAudit, the app's user defaults in
        // ConsentUserDefaults. Each is a resource-only target its library depends on on the Apple platforms
        // supported (applePlatforms) only, so that no Linux binary links the Bundle accessor SwiftPM generates
        // for resources.
        .target(name: "ConsentEnginePrivacy", resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "ConsentAuditPrivacy", path: "Tools/ConsentAuditPrivacy", resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "ConsentUserDefaultsPrivacy", resources: [.copy("PrivacyInfo.xcprivacy")]),
        // The checks an app's own ConsentStore must pass, public, for the app's tests (no test framework linked).
        .target(name: "ConsentEngineTesting", dependencies: ["ConsentEngine", "ConsentJSON"], swiftSettings: strict),
        // The answer vocabulary of the line prompts and the fixtures: words and button numbers (`consent`,
        // `toggle purpose 3`, `2`) read from stdin or a script, and turned into the form sessions' actions;
        // no app links it.
        .target(name: "ConsentVocabulary", dependencies: ["ConsentEngine"], path: "Tools/ConsentVocabulary", swiftSettings: strict),
        // What a policy change does (policy diff): the changes from one policy to another, how stored states
        // would be decided under each, read without writing (through ConsentReports' reader of the app's
        // files), and the policy written back in its file format.
        .target(name: "ConsentImpact", dependencies: ["ConsentEngine", "ConsentReports", "ConsentJSON"], path: "Tools/ConsentImpact", swiftSettings: strict),
        // What the command line and the tools print and write besides the decision: receipts and their
        // Kantara form, the JSON of a launch and of decoded strings, the app's files read as they are, and
        // the simulator's preferences.plist.
        .target(name: "ConsentReports", dependencies: ["ConsentEngine", "ConsentSignals", "ConsentJSON"], path: "Tools/ConsentReports", swiftSettings: strict),
        // Stores the in-app keys in UserDefaults (the app's standard defaults or a suite), or, for an app that keeps
        // another CMP, reads that CMP's keys as the engine's stored answer.
        .target(name: "ConsentUserDefaults", dependencies: ["ConsentSignals", "ConsentEngine", .target(name: "ConsentUserDefaultsPrivacy", condition: .when(platforms: applePlatforms))], swiftSettings: strict),
        // What an app on Apple platforms plugs in: the tracking authorizer over App Tracking Transparency, the
        // store in Application Support and the flow again on a return to the foreground. The framework code is
        // behind canImport, so on Linux only the plain-Swift logic builds, and its tests run there with fakes.
        .target(name: "ConsentEngineApple", dependencies: ["ConsentEngine", "ConsentWeb", "ConsentSignals"], swiftSettings: strict),
        // The strict plist reader on libxml2 (XML and binary, no DTD subsets or entities, bounded), shared by the
        // audit and the device diagnosis so that neither ConsentEngine nor an app embedding it links libxml2.
        .target(name: "ConsentPropertyLists", dependencies: ["ConsentDates", "ConsentFiles", "ConsentJSON"], path: "Tools/ConsentPropertyLists", swiftSettings: strict),
        .target(name: "ConsentAudit", dependencies: ["ConsentJSON", "ConsentPropertyLists", "ConsentFiles", .target(name: "ConsentAuditPrivacy", condition: .when(platforms: applePlatforms))], path: "Tools/ConsentAudit", swiftSettings: strict),
        // Reads a device's stored consent (iOS preferences plists, Android shared preferences) and diagnoses it
        // by §10 with the engine's one serving table; links FoundationXML through ConsentPropertyLists, so the engine
        // does not.
        .target(name: "ConsentPreferences", dependencies: ["ConsentEngine", "ConsentSignals", "ConsentJSON", "ConsentPropertyLists", "ConsentFiles"], path: "Tools/ConsentPreferences", swiftSettings: strict),
        // Policy regression fixtures of every kind: one loader, one runner; consentctl formats the report.
        .target(name: "ConsentFixtures", dependencies: ["ConsentEngine", "ConsentVocabulary", "ConsentSignals", "ConsentAudit", "ConsentPreferences", "ConsentJSON", "ConsentFiles"], path: "Tools/ConsentFixtures", swiftSettings: strict),
        // The command line's library: arguments, commands, errors → exit codes, the terminal form.
        .target(
            name: "ConsentCLI",
            dependencies: ["ConsentEngine", "ConsentVocabulary", "ConsentImpact", "ConsentReports", "ConsentSignals", "ConsentWeb", "ConsentJSON", "ConsentFiles"], path: "Tools/ConsentCLI",
            swiftSettings: callerThread
        ),
        // consentctl itself: what an app's launch and QA scripts run, without libxml2.
        .executableTarget(name: "consentctl", dependencies: ["ConsentCLI"], path: "Tools/consentctl", swiftSettings: callerThread, linkerSettings: fastStart),
        // consentctl-inspect: audit, explain and test, which read property lists with libxml2; consentctl
        // hands those commands to it.
        .executableTarget(
            name: "ConsentInspect",
            dependencies: ["ConsentCLI", "ConsentAudit", "ConsentFixtures", "ConsentPreferences", "ConsentPropertyLists", "ConsentEngine", "ConsentSignals", "ConsentJSON", "ConsentReports"], path: "Tools/ConsentInspect",
            swiftSettings: strict,
            linkerSettings: fastStart
        ),
        .executableTarget(
            name: "ConsentBenchmark",
            dependencies: ["ConsentEngine", "ConsentAudit", "ConsentSignals", "ConsentImpact", "ConsentCLI", "TestSupport"], path: "Tools/ConsentBenchmark",
            swiftSettings: strict
        ),
        // The benchmark's baseline: an empty program built with the same flags as consentctl.
        .executableTarget(name: "EmptyProgram", path: "Tools/EmptyProgram", swiftSettings: strict, linkerSettings: fastStart),
        // A helper process for the state store's crash and concurrency tests: it makes N writes.
        .executableTarget(
            name: "StoreWriter",
            dependencies: ["ConsentEngine"],
            path: "Tests/StoreWriter",
            swiftSettings: strict
        ),
        // The fuzz targets' entry points: scripts/fuzz builds them with libFuzzer beside Tests/Fuzz/Driver, and
        // FuzzCorpusTests replays every input of Tests/Fuzz/Corpus through them.
        .target(
            name: "FuzzTargets",
            dependencies: ["ConsentSignals", "ConsentEngine", "ConsentWeb", "ConsentPreferences", "ConsentAudit", "ConsentFixtures", "ConsentJSON", "ConsentPropertyLists"],
            path: "Tests/Fuzz/Targets",
            swiftSettings: strict
        ),
        // Helpers more than one test target uses: a seeded random number generator, a bound Unix socket, the
        // iab-tcf oracle; and a made-up vendor list of any size, which the benchmark applies too.
        .target(name: "TestSupport", path: "Tests/Support", swiftSettings: strict),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["FuzzTargets"], path: "Tests/Fuzz/CorpusTests", swiftSettings: strict),
        .testTarget(
            name: "ConsentEngineTests",
            dependencies: ["ConsentEngine", "ConsentSignals", "ConsentJSON", "StoreWriter", "TestSupport", "ConsentImpact", "ConsentReports", "ConsentEngineTesting"],
            swiftSettings: strict
        ),
        .testTarget(name: "ConsentAuditTests", dependencies: ["ConsentAudit", "ConsentPropertyLists", "ConsentFiles"], swiftSettings: strict),
        .testTarget(name: "ConsentPropertyListsTests", dependencies: ["ConsentPropertyLists"], swiftSettings: strict),
        .testTarget(
            name: "ConsentPreferencesTests",
            dependencies: ["ConsentPreferences", "ConsentEngine", "ConsentSignals", "ConsentFixtures"],
            swiftSettings: strict
        ),
        .testTarget(name: "ConsentSignalsTests", dependencies: ["ConsentSignals", "ConsentEngine", "ConsentFixtures", "ConsentJSON", "TestSupport", "ConsentReports"], swiftSettings: strict),
        .testTarget(name: "ConsentUserDefaultsTests", dependencies: ["ConsentUserDefaults", "ConsentSignals", "ConsentEngine"], swiftSettings: strict),
        .testTarget(name: "ConsentEngineAppleTests", dependencies: ["ConsentEngineApple", "ConsentEngine", "ConsentSignals", "ConsentWeb"], swiftSettings: strict),
        .testTarget(name: "ConsentVocabularyTests", dependencies: ["ConsentVocabulary", "ConsentEngine"], swiftSettings: strict),
        // The web APIs in a real browser: Tests/Browser's runner drives headless Chromium with Playwright.
        .testTarget(
            name: "ConsentWebTests",
            dependencies: ["ConsentWeb", "ConsentSignals", "ConsentEngine", "ConsentEngineApple", "ConsentJSON", "consentctl", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "ConsentJSONTests", dependencies: ["ConsentJSON"], swiftSettings: strict),
        .testTarget(name: "ConsentDatesTests", dependencies: ["ConsentDates"], swiftSettings: strict),
        .testTarget(name: "ConsentFilesTests", dependencies: ["ConsentFiles", "TestSupport"], swiftSettings: strict),
        // Checks of the package as a whole, made by reading its sources: what keeps it building for iOS and
        // macOS, what the launch binary may import, and the README's app code compiled against the products.
        .testTarget(name: "PackageTests", dependencies: ["TestSupport"], swiftSettings: strict),
        // The audit cases compare the status consentctl audit ends with, which the inspect tool decides.
        .testTarget(
            name: "ConsentFixturesTests",
            dependencies: ["ConsentFixtures", "ConsentEngine", "ConsentAudit", "ConsentInspect", "ConsentJSON"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "consentctlTests",
            dependencies: ["consentctl", "ConsentInspect", "ConsentCLI", "ConsentEngine", "ConsentVocabulary", "ConsentSignals", "ConsentAudit", "ConsentFixtures", "ConsentPreferences", "ConsentPropertyLists", "ConsentFiles", "ConsentJSON", "TestSupport", "ConsentImpact", "ConsentReports"],
            exclude: ["Terminal/Snapshots", "CLI/Snapshots"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
