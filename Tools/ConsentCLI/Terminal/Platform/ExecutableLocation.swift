#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where this executable is, and handing the process over to another: the platform calls of
/// ``HandedOverCommand``.
enum ExecutableLocation {
    /// The folder of the running executable (links resolved), or `nil` when the system cannot tell.
    static func folder() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        var size = UInt32(4096)
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
        defer { free(resolved) }
        let path = String(cString: resolved)
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// Replaces the process with `path`; returns why that failed (it does not return when it succeeds).
    static func replaceProcess(with path: String, arguments: [String]) -> String {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        execv(path, argv)
        return String(cString: strerror(errno))
    }
}
