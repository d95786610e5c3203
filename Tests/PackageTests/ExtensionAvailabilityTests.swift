import Foundation
import Testing

/// What needs the application object is unavailable in app extensions, so that the compiler refuses it in
/// an extension rather than the extension waiting for notifications that never come. Linux compiles none of
/// these declarations (they are behind `#if os(iOS) || os(macOS)`), so the attributes are read here.
struct ExtensionAvailabilityTests {
    static let extensionPlatforms = ["iOSApplicationExtension", "macCatalystApplicationExtension", "macOSApplicationExtension"]

    /// Each public declaration an app calls that reaches `UIApplication` or `NSApplication`, with why.
    static let needsTheApplication: [(file: String, declaration: String, why: String)] = [
        ("Sources/ConsentEngineApple/Lifecycle/Launch+Foreground.swift", "public func followForegroundReturns(",
         "the application's returns to the foreground: an extension is never told of one"),
        ("Sources/ConsentEngineApple/Form/ConsentFormSheet.swift", "public init()",
         "the sheet goes over the application's frontmost window"),
        ("Sources/ConsentEngineApple/Tracking/ATTrackingSystem.swift", "public init(explainer:",
         "the prompt waits for the application to be active"),
    ]

    @Test(arguments: needsTheApplication.indices)
    func aDeclarationThatNeedsTheApplicationIsUnavailableInAppExtensions(index: Int) throws {
        let (file, declaration, why) = Self.needsTheApplication[index]
        let lines = try String(contentsOf: PackageLayout.root.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = try #require(lines.firstIndex { $0.contains(declaration) }, "\(file) declares \(declaration)")
        let attributes = lines[..<line].reversed()
            .prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for platform in Self.extensionPlatforms {
            #expect(attributes.contains("@available(\(platform), unavailable)"), "\(file): \(declaration) (\(why)) needs @available(\(platform), unavailable)")
        }
    }
}
