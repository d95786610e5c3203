// swift-tools-version:6.0
import PackageDescription

// An app's "Ads" package, as in an iOS monorepo: it embeds ConsentEngine for the decisions and keeps the
// real SDKs (Google's UMP and Mobile Ads) behind small protocols, so that everything here builds and is
// tested on Linux and macOS with fakes. On Apple platforms it also wires ConsentEngineApple: Apple's ATT
// prompt, the returns to the foreground, and the IAB CMP APIs in its web views.
let package = Package(
    name: "AppLogic",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "Ads", targets: ["Ads"]),
    ],
    dependencies: [
        // The explicit name keeps the identity stable: without it a path dependency is named after its
        // folder, which differs between clones.
        .package(name: "ConsentEngine", path: "../.."),
    ],
    targets: [
        .target(name: "Ads", dependencies: [
            .product(name: "ConsentEngine", package: "ConsentEngine"),
            .product(name: "ConsentUserDefaults", package: "ConsentEngine"),
            .product(name: "ConsentEngineApple", package: "ConsentEngine"),
        ]),
        .testTarget(name: "AdsTests", dependencies: [
            "Ads", .product(name: "ConsentEngine", package: "ConsentEngine"),
            .product(name: "ConsentSignals", package: "ConsentEngine"),
            .product(name: "ConsentEngineApple", package: "ConsentEngine"),
            .product(name: "ConsentEngineTesting", package: "ConsentEngine"),
            .product(name: "ConsentWeb", package: "ConsentEngine"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
