import ConsentEngine
import Foundation

let invocation = Invocation(
    console: .standard,
    environment: ProcessInfo.processInfo.environment,
    stdinIsTerminal: isatty(STDIN_FILENO) == 1)
let code = await Tool.run(Array(CommandLine.arguments.dropFirst()), invocation)
exit(code.rawValue)
