import ConsentEngine
import Foundation

// First, before any file is opened: a descriptor 0–2 the process started without must not be handed to one.
StandardStream.occupyClosedDescriptors()
let invocation = Invocation(
    console: .standard,
    environment: ProcessInfo.processInfo.environment,
    stdinIsTerminal: isatty(STDIN_FILENO) == 1)
let code = await Tool.run(Array(CommandLine.arguments.dropFirst()), invocation)
exit(code.rawValue)
