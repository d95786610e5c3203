import ConsentCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// First, before any file is opened: a descriptor 0–2 the process started without must not be handed to one.
StandardStream.occupyClosedDescriptors()
exit(await Tool.consentctl.run(Array(CommandLine.arguments.dropFirst()), .current()).rawValue)
