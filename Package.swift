// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ConsentEngine",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ConsentEngine", targets: ["ConsentEngine"]),
        .library(name: "ConsentAudit", targets: ["ConsentAudit"]),
        .executable(name: "consentctl", targets: ["consentctl"]),
        .executable(name: "consentengine-bench", targets: ["ConsentBenchmark"]),
    ],
    targets: [
        .target(name: "ConsentEngine", exclude: ["State/SCHEMA.md"], swiftSettings: strict),
        .target(name: "ConsentAudit", swiftSettings: strict),
        .executableTarget(
            name: "consentctl",
            dependencies: ["ConsentEngine", "ConsentAudit"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "ConsentBenchmark",
            dependencies: ["ConsentEngine", "ConsentAudit"],
            swiftSettings: strict
        ),
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
        .testTarget(
            name: "consentctlTests",
            dependencies: ["consentctl", "ConsentEngine", "ConsentAudit"],
            exclude: ["Terminal/Snapshots", "CLI/Snapshots"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
