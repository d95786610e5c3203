import ConsentCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `consentctl audit`, `explain` and `test` are handed here by consentctl, with their arguments.
StandardStream.occupyClosedDescriptors()
exit(await Tool.inspect.run(Array(CommandLine.arguments.dropFirst()), .current()).rawValue)
