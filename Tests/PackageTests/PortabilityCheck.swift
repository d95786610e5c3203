import Foundation

/// What keeps the package building for iOS 15+ and macOS 13+, checked by reading its sources: a Linux
/// build cannot see an import Apple's SDKs lack, a C name Darwin spells differently, or an API newer than
/// the deployment targets in a branch it does not compile (README, "Platforms"; the rest is
/// `scripts/check-availability`'s).
enum PortabilityCheck {
    enum Kind: String, CaseIterable {
        /// `FoundationEssentials`, `FoundationXML`, `FoundationNetworking`, `Glibc` or `Musl` imported outside
        /// an `#if canImport(…)`.
        case linuxOnlyImport
        /// `environ`, `Glibc.` or `pthread_t()` outside an `#if` that asks about the platform.
        case linuxOnlyCall
        /// An API that needs a newer system than iOS 15 / macOS 13 in a branch only Apple builds compile:
        /// `Synchronization`'s `Mutex` and `Atomic` and `String(validating:as:)` (iOS 18), `Duration` and the
        /// clocks, `Regex`, the iOS 16 URL conveniences. What Linux compiles, `scripts/check-availability`
        /// proves from the compiler's AST and symbol graphs instead, for every API and not only these.
        case newerThanDeploymentTarget
        /// An API iOS does not have, outside an `#if os(…)`, in a library an app embeds.
        case macOSOnlyInAppLibrary
    }

    struct Problem: CustomStringConvertible, Equatable {
        var file: String
        var line: Int
        var kind: Kind
        var text: String
        var description: String { "\(file):\(line): \(kind.rawValue): \(text.trimmingCharacters(in: .whitespaces))" }
    }

    /// The targets an iOS app links: they must build for iOS as well as macOS.
    static let appLibraries: Set = ["ConsentJSON", "ConsentDates", "ConsentFiles", "ConsentSignals", "ConsentEngine", "ConsentUserDefaults", "ConsentEngineApple"]

    private static let linuxOnlyImport = pattern(#"^\s*(@\w+\s+)*import\s+((struct|class|enum|protocol|func|var|let|typealias)\s+)?(FoundationEssentials|FoundationXML|FoundationNetworking|Glibc|Musl)\b"#)
    private static let linuxOnlyCall = pattern(#"\benviron\b|\bGlibc\.|\bpthread_t\(\)"#)
    private static let newerThanDeploymentTarget = pattern(
        #"\bimport\s+Synchronization\b|\bMutex\b|\bAtomic\b|\bDuration\b|\bContinuousClock\b|\bSuspendingClock\b"#
        + #"|\bTask\.sleep\(for:|\bURL\.(applicationSupport|documents|caches|temporary|home|desktop|downloads|library|user|movies|music|pictures|trash)Directory\b"#
        + #"|\bURL\(filePath:|\.appending\((path|component|components):|\.path\(percentEncoded:|\bRegex\b|#/"#
        + #"|\.firstRange\(of:|\.ranges\(of:|\.trimmingPrefix\(|\.wholeMatch\(|\.firstMatch\(of:"#
        + #"|\bString\(validating:"#
    )
    private static let macOSOnly = pattern(#"\bhomeDirectoryForCurrentUser\b|\bProcess\(\)|\bNSWorkspace\b|\bhomeDirectory\(forUser:"#)

    /// Every problem in `file`, a source of `target`.
    static func problems(in file: SwiftSourceFile, target: String) -> [Problem] {
        var problems: [Problem] = []
        for line in file.lines {
            func report(_ kind: Kind) {
                problems.append(Problem(file: "\(target)/\(file.path)", line: line.number, kind: kind, text: line.text))
            }
            if !line.isPlatformGuarded {
                if matches(linuxOnlyImport, line.code) { report(.linuxOnlyImport) }
                if matches(linuxOnlyCall, line.code) { report(.linuxOnlyCall) }
            }
            if !line.isCompiledOnLinux, matches(newerThanDeploymentTarget, line.code) { report(.newerThanDeploymentTarget) }
            if appLibraries.contains(target), !line.branches.contains(where: \.asksAboutOS), matches(macOSOnly, line.code) {
                report(.macOSOnlyInAppLibrary)
            }
        }
        return problems
    }

    private static func pattern(_ text: String) -> NSRegularExpression {
        // The patterns are literals of this file: a typo is a programming error.
        try! NSRegularExpression(pattern: text)
    }

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

private extension SwiftSourceFile.Branch {
    /// Whether the chain asks `os(…)`, the only way to keep an API iOS lacks out of an iOS build.
    var asksAboutOS: Bool { (earlier + [condition].compactMap { $0 }).contains { $0.contains("os(") } }
}
