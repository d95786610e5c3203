#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's environment variables, read from the C library's environment array (`environ` on
/// Linux; on Apple platforms, which do not export `environ` to Swift, `_NSGetEnviron()`).
///
/// Foundation's `ProcessInfo.environment` builds the same dictionary through the runtime's type lookup,
/// which cost a cold `consentctl status` about a fifth of its instructions; this reads the C array once.
/// A variable without `=` is skipped; for a name set twice the first value wins, as `getenv` returns it.
enum ProcessEnvironment {
    static func read() -> [String: String] {
        var count = 0
        while environment()?[count] != nil { count += 1 }
        // Sized once: growing it entry by entry rehashed it six times, a twentieth of a cold status.
        var variables: [String: String] = Dictionary(minimumCapacity: count)
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environment()
        while let pointer = entry?.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil {
                    variables[name] = String(text[text.index(after: equals)...])
                }
            }
            entry = entry?.advanced(by: 1)
        }
        return variables
    }
}

/// The start of the environment array.
private func environment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
    return _NSGetEnviron().pointee
    #else
    return environ
    #endif
}
