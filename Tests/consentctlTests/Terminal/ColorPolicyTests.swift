import ConsentEngine
@testable import ConsentCLI
import Testing

struct ColorPolicyTests {
    @Test("Colour is on only on a terminal without NO_COLOR, --no-color or TERM=dumb", arguments: [
        (false, ["TERM": "xterm-256color"], true, true),
        (false, ["TERM": "xterm-256color", "NO_COLOR": "1"], true, false),
        (false, ["TERM": "xterm-256color", "NO_COLOR": ""], true, false),
        (true, ["TERM": "xterm-256color"], true, false),
        (false, ["TERM": "dumb"], true, false),
        (false, ["TERM": "xterm-256color"], false, false),
        (false, [:], true, true),
    ] as [(Bool, [String: String], Bool, Bool)])
    func colourPolicy(noColorFlag: Bool, environment: [String: String], onTerminal: Bool, expected: Bool) {
        #expect(ColorPolicy.useColor(noColorFlag: noColorFlag, environment: environment, drawsOnTerminal: onTerminal) == expected)
    }

    @Test("The size comes from the kernel, else COLUMNS and LINES, else 80×24", arguments: [
        (TerminalSize(columns: 132, rows: 50), ["COLUMNS": "40", "LINES": "10"], TerminalSize(columns: 132, rows: 50)),
        (nil, ["COLUMNS": "40", "LINES": "10"], TerminalSize(columns: 40, rows: 10)),
        (nil, ["COLUMNS": "100"], TerminalSize(columns: 100, rows: 24)),
        (nil, ["COLUMNS": "wide", "LINES": "0"], TerminalSize(columns: 80, rows: 24)),
        (nil, [:], TerminalSize(columns: 80, rows: 24)),
    ] as [(TerminalSize?, [String: String], TerminalSize)])
    func terminalSize(kernel: TerminalSize?, environment: [String: String], expected: TerminalSize) {
        #expect(TerminalSize.resolve(kernel: kernel, environment: environment) == expected)
    }

    @Test("Without colour a line has no escape sequences; with colour the focused button is in reverse video")
    func styledOutput() {
        let line = ButtonCell.line(label: displayLabel("&Consent"), focused: true, color: true)
        #expect(line.rendered(color: true) == "  \u{1B}[1;7m[ \u{1B}[0m\u{1B}[1;4;7mC\u{1B}[0m\u{1B}[1;7monsent ]\u{1B}[0m")
        #expect(ButtonCell.line(label: displayLabel("&Consent"), focused: true, color: false).rendered(color: false) == "> [C]onsent <")
        #expect(StyledLine("Purposes", style: .bold).rendered(color: false) == "Purposes")
    }

    @Test("A screen drawn without colour has no escape sequences at all; with colour it has attributes")
    func screenColour() {
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en"))
        screen.press(.tab)
        let size = TerminalSize(columns: 80, rows: 24)
        let plain = ScreenRenderer.render(screen.content, focus: screen.focus, size: size, color: false).lines
        let coloured = ScreenRenderer.render(screen.content, focus: screen.focus, size: size, color: true).lines
        #expect(plain.allSatisfy { !$0.contains("\u{1B}") })
        #expect(coloured.contains { $0.contains("\u{1B}[1;7m[ ") })
        #expect(coloured.first == "\u{1B}[1m\(TestRequests.policy.text(.formTitle, language: "en"))\u{1B}[0m")
    }
}
