@testable import ConsentEngine
import Testing

/// The engine's own search and replace, which stand in for the standard library's iOS 16 string algorithms:
/// on every input they give what those give (the standard library's are the oracle here, where they exist).
@Suite struct TextReplacementTests {
    static let cases: [(text: String, target: String, replacement: String)] = [
        ("{publisher} shares data with {count} partners", "{publisher}", "Example News"),
        ("{count} of {count}", "{count}", "12"),
        ("aaaa", "aa", "b"),
        ("aaa", "aa", "aa"),
        ("no placeholder here", "{app}", "Shopping"),
        ("", "{app}", "Shopping"),
        ("{app}", "{app}", ""),
        ("Caf\u{65}\u{301} {app}", "e", "E"),
        ("Caf\u{e9} {app}", "e\u{301}", "E"),
        ("{app}{app}", "{app}", "{app}{app}"),
    ]

    @Test(arguments: cases)
    func replacingTextGivesWhatTheStandardLibrarysReplacingGives(text: String, target: String, replacement: String) {
        #expect(text.replacingText(target, with: replacement) == text.replacing(target, with: replacement))
    }

    @Test(arguments: cases)
    func containsTextGivesWhatTheStandardLibrarysContainsGives(text: String, target: String, replacement: String) {
        // An empty needle is left out: the answer depends on which `contains` an import brings (Foundation's
        // says no, the standard library's yes), and the engine never searches for one.
        #expect(text.containsText(target) == text.contains(target))
        if !replacement.isEmpty { #expect(text.containsText(replacement) == text.contains(replacement)) }
    }
}
