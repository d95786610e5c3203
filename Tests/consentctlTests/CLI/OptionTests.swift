@testable import ConsentCLI
import ConsentEngine
@testable import ConsentInspect
import Foundation
import Testing

/// An option is read through its declaration: the value given, converted by the declaration, or the
/// declaration's usage error.
struct OptionTests {
    static let commonOptions = CommonOptions.specs

    func parse(_ arguments: [String], options: [OptionSpec] = commonOptions) throws -> ParsedArguments {
        try ParsedArguments.parse(arguments, options: options, command: "status")
    }

    @Test func aFlagReadsWhetherItWasGiven() throws {
        let arguments = try parse(["--json", "--tfua"])
        #expect(arguments[Flag.json])
        #expect(arguments[Flag.tfua])
        #expect(!arguments[Flag.noInput])
    }

    @Test func aShortFlagReadsAsItsLongForm() throws {
        #expect(try parse(["-h"])[Flag.help])
        #expect(try parse(["-v"], options: [.flag(.verbose), .flag(.help)])[Flag.verbose])
    }

    @Test func aTextOptionReadsTheLastValueGivenOrNothing() throws {
        let arguments = try parse(["--app", "com.example.A", "--lang=de", "--app", "com.example.B"])
        #expect(arguments[Option.app] == "com.example.B")
        #expect(arguments[Option.lang] == "de")
        #expect(arguments[Option.deviceID] == nil)
    }

    @Test func aTypedOptionReadsTheValueItsDeclarationMakes() throws {
        let arguments = try parse(["--geo", "de", "--build", "RELEASE", "--debug-geo", "eea", "--now", "2026-03-01"])
        #expect(try arguments[Option.geo]?.code == "DE")
        #expect(try arguments[Option.geo]?.region == .eea)
        #expect(try arguments[Option.build] == .release)
        #expect(try arguments[Option.debugGeo] == .eea)
        #expect(try arguments[Option.now] == UTCCalendar.parse("2026-03-01T00:00:00Z"))
        #expect(try parse([])[Option.geo] == nil)
    }

    @Test(arguments: [
        (["--build", "beta"], "--build: 'beta' is not a build kind"),
        (["--debug-geo", "mars"], "--debug-geo: 'mars' is not a debug geography"),
        (["--geo", "Europe"], "--geo: 'Europe' is not a region; valid forms: \(RegionError.validForms)"),
        (["--now", "yesterday"], "--now: \(UTCCalendar.refusal(of: "yesterday"))"),
    ])
    func aTypedOptionRefusesAValueWithItsDeclarationsMessage(arguments: [String], message: String) {
        do throws(CLIError) {
            _ = try CommonOptions(ParsedArguments.parse(arguments, options: Self.commonOptions, command: "status"))
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.message == message)
            #expect(error.exitCode == .usage)
        }
    }

    @Test func anOptionOfNamedCasesTakesThemInAnyLetterCaseAndListsThemWhenItRefuses() throws {
        #expect(try Option.receiptFormat.value(of: "Kantara") == .kantara)
        #expect(try Option.consent.value(of: "NONE") == .none)
        let refusals: [(CLIError?, String, String?)] = [
            (refusal(of: "pdf", by: Option.receiptFormat), "--format: 'pdf' is not a receipt format", "use text, json or kantara"),
            (refusal(of: "xml", by: Option.format), "--format: 'xml' is not a format", "use text, json, plist, defaults or web"),
            (refusal(of: "some", by: Option.consent), "--consent: 'some' is not an answer", "use all, none or custom"),
            (refusal(of: "beta", by: Option.build), "--build: 'beta' is not a build kind", "use debug or release"),
        ]
        for (refusal, message, hint) in refusals {
            #expect(refusal?.message == message)
            #expect(refusal?.hint == hint)
            #expect(refusal?.exitCode == .usage)
        }
    }

    private func refusal<Value>(of text: String, by option: Option<Value>) -> CLIError? {
        do throws(CLIError) { _ = try option.value(of: text) } catch { return error }
        return nil
    }

    @Test func aListOptionReadsEveryIdOfItsList() throws {
        let arguments = try parse(["--purposes", "1, 3,4", "--vendors", "755,atp:89"], options: AnswerFlags.specs + [.flag(.help)])
        #expect(try arguments[Option.purposes] == [1, 3, 4])
        #expect(try arguments[Option.vendors]?.map(\.description) == ["755", "atp:89"])
    }

    @Test func aRepeatableOptionReadsEveryValueInOrder() throws {
        let arguments = try parse(["--search-path", "A", "--search-path=B", "--json"], options: AuditCommand.options + [.flag(.help)])
        #expect(try arguments.all(Option.searchPath).map(\.lastPathComponent) == ["A", "B"])
        #expect(try arguments.all(Option.plist) == [])
    }

    @Test func anOptionIsGivenWhetherItsValueFollowsOrIsJoinedByAnEqualsSign() throws {
        #expect(try parse(["--vendors=755"], options: AnswerFlags.specs + [.flag(.help)]).given(.option(.vendors)))
        #expect(try parse(["--object", "2"], options: AnswerFlags.specs + [.flag(.help)]).given(.option(.object)))
        #expect(try !parse([], options: AnswerFlags.specs + [.flag(.help)]).given(.option(.object)))
    }

    @Test(arguments: [
        ("EAA", "did you mean EEA?"),
        ("UL", "did you mean UK?"),
        ("Othr", "did you mean other?"),
        ("XX", "e.g. --geo EEA, --geo DE, --geo US-CA"),
        ("Mars", "e.g. --geo EEA, --geo DE, --geo US-CA"),
    ])
    func aMistypedRegionIsSuggestedOnlyWhenItKeepsPartOfTheName(text: String, hint: String) {
        do throws(CLIError) {
            _ = try CommonOptions(ParsedArguments.parse(["--geo", text], options: Self.commonOptions, command: "status"))
            Issue.record("accepted --geo \(text)")
        } catch {
            #expect(error.hint == hint)
        }
    }

    @Test func aSuggestionIsTheNearestCandidateAndNoneWhenNothingOfTheWordIsLeft() {
        #expect(closest(to: "dif", among: ["check", "diff"]) == "diff")
        #expect(closest(to: "stauts", among: ["status", "signals"]) == "status")
        #expect(closest(to: "ls", among: ["log", "test"]) == nil)
        #expect(closest(to: "XX", among: ["UK", "CH"]) == nil)
    }

    @Test func aCommandsOwnWordingOfAnOptionKeepsItsNameAndPlaceholder() {
        let entry = OptionSpec.option(.now, help: "the time Google's serving rules are applied at (default: the clock)")
        #expect(entry.name == "now")
        #expect(entry.value == "ISO8601")
        #expect(entry.help == "the time Google's serving rules are applied at (default: the clock)")
        #expect(OptionSpec.option(.now).help == "the current time, e.g. 2026-03-01T12:00:00Z (default: the clock)")
    }
}
