import Foundation
import ConsentPropertyLists

/// The configuration being audited, as the files spell it, and whether anything knows it.
///
/// `--configuration` matches without regard to case. It is known when it is Xcode's `Debug` or
/// `Release`, a `[config=…]` condition of the xcconfig files (a pattern too), or a word of an xcconfig
/// file's name (`Staging.xcconfig`, `Pods-Runner.profile.xcconfig`); a known name takes that spelling.
struct ConfigurationName: Sendable, Equatable {
    static let xcodeDefaults = ["Debug", "Release"]

    /// The name to evaluate conditions with.
    var name: String
    /// Whether the files or Xcode's defaults know it; if not, it is audited as a release build.
    var isKnown: Bool
    /// For an unknown name, a known one it is likely a misspelling of.
    var suggestion: String?

    /// True for Debug, where only Google's test ad units may be used; any other name is a release build.
    var isDebug: Bool { name.lowercased() == "debug" }

    init(_ given: String, resolution: XCConfigResolution?) {
        let patterns = (resolution?.assignments ?? []).flatMap { assignment in
            assignment.conditions.filter { $0.parameter == "config" }.map(\.pattern)
        }
        let fileWords = (resolution?.files ?? []).flatMap { file -> [String] in
            let base = file.deletingPathExtension().lastPathComponent
            return [base] + base.split(whereSeparator: { ".-_ ".contains($0) }).map(String.init)
        }
        let lowered = given.lowercased()
        let known = Self.xcodeDefaults + patterns + fileWords
        name = known.first { $0.lowercased() == lowered } ?? given
        isKnown = name != given || known.contains(given) || patterns.contains { Glob.matches($0.lowercased(), lowered) }
        suggestion = isKnown ? nil : known.first { EditDistance.between($0.lowercased(), lowered, atMost: 2) <= 2 }
    }

    /// The warning for a name nothing knows, at `file`.
    func unknownFinding(at file: URL) -> Finding {
        Finding(.configurationUnknown, at: SourceLocation(file: file, line: nil),
                "the configuration \(PlistRules.quoted(name)) is not Debug or Release, and no [config=…] condition "
                    + "or xcconfig file name has it; it is audited as a release build",
                hint: suggestion.map { "did you mean \($0)? Configuration names come from the Xcode project" })
    }
}
