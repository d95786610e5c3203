#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Unix-domain socket bound at a path, so that the path names a socket.
package struct UnixSocket {
    package let descriptor: Int32

    package init(boundAt path: String) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #elseif canImport(Darwin)
        descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
    }

    package func close(removing path: String) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
        #endif
        unlink(path)
    }
}
