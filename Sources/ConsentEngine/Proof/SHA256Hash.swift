#if canImport(CryptoKit)
import CryptoKit
import Foundation
#endif

/// The SHA-256 the consent log's chain and the policy files' hashes are made with: CryptoKit where it can
/// be imported (Apple platforms), the package's own ``PortableSHA256`` elsewhere. Both give the digest
/// FIPS 180-4 defines, so a chain written on a phone verifies on Linux and with `sha256sum`.
package enum SHA256Hash {
    /// 64 zeros: the `prev` of the first line of a new log.
    package static let zero = String(repeating: "0", count: 64)

    /// The 32-byte digest of `bytes`.
    package static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        #if canImport(CryptoKit)
        return Array(CryptoKit.SHA256.hash(data: Array(bytes)))
        #else
        return PortableSHA256.digest(bytes)
        #endif
    }

    /// The digest of `bytes` in lowercase hex, as the log and `sha256sum` write it.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        hexText(digest(bytes))
    }

    /// `bytes` in lowercase hex.
    package static func hexText(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` is a digest as the log writes it: 64 lowercase hex digits.
    package static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
