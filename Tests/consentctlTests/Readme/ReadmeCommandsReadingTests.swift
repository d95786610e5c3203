import Testing
import TestSupport

/// How the README's shell blocks are read into commands: what runs, where, in which order, with which
/// exit code, and what is skipped and why.
struct ReadmeCommandsReadingTests {
    private static let text = """
        The first run:

            swift run consentctl prompt --geo EEA     # the consent form
            swift test                                # every test

        A sequence:

            $ consentctl prompt --geo DE --consent all \\
                --explainer continue --tracking allow
            shown: consentForm
            $ consentctl log --verify; echo "exit $?"
            chain broken: 4 lines
            exit 1

        A device, with the files of a folder:

            $ consentctl explain --prefs device.plist
            applies: gdpr

        (run from `fixtures/explain/devices`; exit 1, as ads are limited). More prose.

        The commands:

            consentctl prompt          run the launch flow
            consentctl policy show|check [FILE]

        A diff:

            consentctl policy diff a.json b.json --state-dir fixtures/qa-states

        Exit 1: the stored states differ (0 when they do not).

        A script:

        ```sh
        n=0
        echo "$n lines"
        ```

        The layout:

            Sources/ConsentJSON/    the one JSON kit
        """

    @Test func blocksBecomeSequencesOfCommandsWithTheirLinesAndExitCodes() throws {
        let sequences = try ReadmeCommands.sequences(in: Self.text)
        #expect(sequences.map(\.firstLine) == [3, 8, 17, 29, 36])
        #expect(sequences.map(\.commands.count) == [2, 2, 1, 1, 1])
        let first = try #require(sequences.first?.commands)
        #expect(first.map(\.text) == ["consentctl prompt --geo EEA     # the consent form", "swift test                                # every test"])
        let sequence = sequences[1].commands
        #expect(sequence.map(\.line) == [8, 11])
        #expect(sequence[0].text == "consentctl prompt --geo DE --consent all \\\n    --explainer continue --tracking allow")
        #expect(sequence[1].text == "consentctl log --verify", "the echo of the status is not run")
        #expect(sequence.map(\.expectedStatus) == [0, 1])
        #expect(sequences[2].directory == "fixtures/explain/devices")
        #expect(sequences[2].commands[0].expectedStatus == 1, "the parenthesis after the block says exit 1")
        #expect(sequences[3].directory == "" && sequences[3].commands[0].expectedStatus == 1, "the paragraph after it begins Exit 1")
        #expect(sequences[4].commands[0].text.hasPrefix("n=0\necho"), "a fenced sh block is one script")
    }

    @Test func aSessionThatEchoesItsStatusWithoutShowingItIsAnError() {
        let text = "Text:\n\n    $ consentctl status; echo \"exit $?\"\n    consentStatus: required\n"
        #expect(throws: ReadmeReadingError.self) { try ReadmeCommands.sequences(in: text) }
    }

    @Test(arguments: [
        ("consentctl status --geo DE", nil),
        ("scripts/fuzz --list", nil),
        ("scripts/warehouse verify lines.jsonl uploads.jsonl", nil),
        ("sed -i.bak 's/a/b/' consent-log.jsonl", nil),
        ("consentctl signals --format defaults | sed 's/^defaults /xcrun simctl spawn booted defaults /' | sh", "needs Apple's tools (xcrun)"),
        ("swift test", "builds the package and runs every test, this one among them"),
        ("swift build -c release --static-swift-stdlib", "builds the package"),
        ("install .build/release/consentctl /usr/local/bin/", "installs the tool"),
        ("python3 -m venv /tmp/oracle && /tmp/oracle/bin/pip install iab-tcf==0.2.2", "installs Python packages"),
        ("scripts/fuzz gpp-string 300", "builds the fuzz targets with a sanitizer and fuzzes for minutes (.ci/run runs the fuzzers)"),
        ("scripts/replay-corpus", "builds the release binaries first"),
        ("IAB_TCF_PYTHON=/tmp/oracle/bin/python .build/release/ConsentBenchmark", "a measurement of the performance table, run for the table"),
        ("scripts/warehouse bench --engine duckdb", "a measurement of the performance table, run for the table"),
    ] as [(String, String?)])
    func aCommandIsSkippedOnlyByANamedRule(command: String, reason: String?) {
        #expect(ReadmeCommands.skipReason(command) == reason)
    }

    @Test(arguments: [
        ("Exit 1: a stored state would be decided differently.", 1),
        ("(run from `fixtures/audit`; exit 0, as warnings do not fail an audit). Ad unit ids…", 0),
        ("Exit codes: 0 done, 1 audit errors", nil),
        ("The codecs decode a string in under a microsecond; exit 1 is not said here.", nil),
        ("(the default) and then exit 2 later)", nil),
    ] as [(String, Int32?)])
    func theExitCodeAParagraphStatesIsReadOnlyFromItsOpening(paragraph: String, status: Int32?) {
        #expect(ReadmeCommands.statedExit(paragraph) == status)
    }
}
