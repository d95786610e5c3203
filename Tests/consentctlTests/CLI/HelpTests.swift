@testable import ConsentCLI
@testable import ConsentInspect
import Foundation
import Testing

/// Every command's help is a golden text, and every example in it runs and succeeds.
struct HelpProcessTests {
    static let commands = allCommands.map { $0.name }

    @Test(arguments: commands)
    func theHelpMatchesItsGoldenText(command: String) throws {
        let result = try Consentctl.run([command, "--help"])
        #expect(result.status == 0)
        assertSnapshot(result.stdout, named: "help-\(command)")
        let short = try Consentctl.run([command, "-h"])
        #expect(short.stdout == result.stdout)
    }

    @Test func theCommandListMatchesItsGoldenText() throws {
        let result = try Consentctl.run(["--help"])
        #expect(result.status == 0)
        assertSnapshot(result.stdout, named: "help")
    }

    @Test(arguments: commands)
    func everyExampleInTheHelpSucceeds(command: String) throws {
        let type = try #require(allCommands.first { $0.name == command })
        #expect(!type.examples.isEmpty)
        for example in type.examples {
            let state = try TemporaryFolder()
            let words = example.split(separator: " ").map(String.init)
            #expect(words.first == "consentctl")
            let result = try Consentctl.run(Array(words.dropFirst()), environment: ["CONSENTCTL_STATE_DIR": state.path])
            // policy diff exits 1 to say that the policies differ, as diff(1) does: an outcome, said
            // without a word on stderr; every other example succeeds.
            let outcome: Int32 = example.hasPrefix("consentctl policy diff ") ? 1 : 0
            #expect(result.status == 0 || (result.status == outcome && result.stderr.isEmpty),
                    "\(example) exited \(result.status): \(result.stderr)")
        }
    }
}

/// Every command of `consentctl`, those it hands to `consentctl-inspect` included.
let allCommands: [any Command.Type] = Tool.consentctl.commands + Tool.inspect.commands
