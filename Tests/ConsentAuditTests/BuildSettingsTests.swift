import Foundation
import Testing
@testable import ConsentAudit

struct BuildSettingsTests {
    private func settings(_ text: String, configuration: String = "Debug", sdk: String = "iphoneos")
        throws -> BuildSettings {
        try TestFiles.settings(text, configuration: configuration, sdk: sdk)
    }

    @Test func aLaterAssignmentWinsAndRemembersItsLine() throws {
        let result = try settings("A = first\nA = second\n")
        #expect(result.value("A") == "second")
        #expect(result.location(of: "A")?.line == 2)
    }

    @Test(arguments: [("Debug", "iphoneos", "debug device"), ("Debug", "iphonesimulator", "debug"),
                      ("Release", "iphoneos", "plain")])
    func picksTheLatestAssignmentWhoseConditionsAllMatch(_ configuration: String, _ sdk: String, _ expected: String)
        throws {
        let text = "A = plain\nA[config=Debug] = debug\nA[config=Debug][sdk=iphoneos*] = debug device\n"
        #expect(try settings(text, configuration: configuration, sdk: sdk).value("A") == expected)
    }

    @Test func aLaterUnconditionalAssignmentOverridesAnEarlierConditionalOne() throws {
        #expect(try settings("A[config=Debug] = debug\nA = plain\n").value("A") == "plain")
    }

    @Test func aConditionOnAnUnknownParameterMatchesOnlyStar() throws {
        let result = try settings("A[arch=arm64] = arm\nB[arch=*] = any\n")
        #expect(result.settings["A"] == nil)
        #expect(result.value("B") == "any")
    }

    @Test func expandsReferencesInEitherBracketStyleAndAtAnyDepth() throws {
        let result = try settings("PREFIX = com.example\nID = $(PREFIX).${NAME}\nNAME = Shop\nKIND = NAME\nNESTED = $($(KIND))\n")
        #expect(result.value("ID") == "com.example.Shop")
        #expect(result.value("NESTED") == "Shop")
    }

    @Test func inheritedStandsForThePreviousMatchingAssignment() throws {
        let result = try settings("FLAGS = -a\nFLAGS[config=Release] = -r\nFLAGS = $(inherited) -b\nONLY = $(inherited) x\n")
        #expect(result.value("FLAGS") == "-a -b")
        #expect(result.value("ONLY") == " x")
    }

    @Test func undefinedSettingsAreEmptyAndSelfReferencesDoNotLoop() throws {
        let result = try settings("A = [$(MISSING)]\nB = $(C)\nC = $(B)x\n")
        #expect(result.value("A") == "[]")
        #expect(result.value("MISSING") == "")
        #expect(result.value("C").hasSuffix("x"))
    }

    @Test func providesSRCROOTAndTheConfiguration() throws {
        let result = try settings("PLIST = $(SRCROOT)/Info.plist\nNAME = $(CONFIGURATION)\n", configuration: "Release")
        #expect(result.value("PLIST") == "/src/App/Info.plist")
        #expect(result.value("NAME") == "Release")
        #expect(result.location(of: "SRCROOT") == nil)
    }

    @Test(arguments: ["debug", "DEBUG", "Debug"])
    func aConfigConditionMatchesTheConfigurationWithoutRegardToCase(_ configuration: String) throws {
        #expect(try settings("A = plain\nA[config=Debug] = debug\nB[config=de*] = pattern\n",
                             configuration: configuration).value("A") == "debug")
        #expect(try settings("B[config=de*] = pattern\n", configuration: configuration).value("B") == "pattern")
    }

    @Test func withoutAnXcconfigAReferenceToAnUnknownSettingStaysAsWritten() throws {
        let settings = BuildSettings(configuration: "Debug", sdk: "iphoneos", srcroot: URL(fileURLWithPath: "/src"))
        #expect(try settings.expand("$(SRCROOT)/$(UNKNOWN) ${CONFIGURATION}") == "/src/$(UNKNOWN) Debug")
        #expect(try TestFiles.settings("").expand("[$(UNKNOWN)]") == "[]")
    }

    @Test(arguments: [("iphoneos*", "iphoneos17.0", true), ("iphone?s", "iphoneos", true), ("*", "x", true),
                      ("iphoneos", "iphonesimulator", false), ("Debug", "debug", false), ("a*b*c", "aXbYc", true)])
    func matchesConditionPatternsLikeFnmatch(_ pattern: String, _ text: String, _ expected: Bool) {
        #expect(Glob.matches(pattern, text) == expected)
    }
}

struct MacroExpansionTests {
    private let values = ["A": "1", "B": "A", "EMPTY": "", "Mixed": "AbC"]

    @Test(arguments: [
        ("$(A)", "1"), ("${A}", "1"), ("x$(A)y", "x1y"), ("$($(B))", "1"), ("$$(A)", "$(A)"),
        ("$(NOPE)", ""), ("$(EMPTY:default=fallback)", "fallback"), ("$(A:default=fallback)", "1"),
        ("$(Mixed:lower)", "abc"), ("$(Mixed:upper)", "ABC"), ("cost $5", "cost $5"), ("$(A", "$(A"),
    ])
    func expandsLikeXcode(_ text: String, _ expected: String) throws {
        #expect(try MacroExpansion.expand(text) { values[$0] ?? "" } == expected)
    }

    @Test func findsASingleReferenceOnlyWhenItIsTheWholeValue() {
        #expect(MacroExpansion.singleReference("$(ADMOB_APP_ID)") == "ADMOB_APP_ID")
        #expect(MacroExpansion.singleReference("${ADMOB_APP_ID}") == "ADMOB_APP_ID")
        #expect(MacroExpansion.singleReference("id-$(ADMOB_APP_ID)") == nil)
        #expect(MacroExpansion.singleReference("$(A:lower)") == nil)
    }
}
