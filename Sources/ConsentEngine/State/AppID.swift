/// The rule for app ids, which name a folder under the state directory.
package enum AppID {
    /// Throws ``StoreError/Kind/invalidAppID`` unless `id` is a reverse-DNS name that is also a safe folder
    /// name: ASCII letters, digits, `-`, `_` and `.` only, not empty, not starting with `.`, no `..`, at most
    /// 255 bytes (a longer name could not be a folder).
    package static func validate(_ id: String) throws(StoreError) {
        let allowed = id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
        let problem: String? =
            if id.isEmpty { "it is empty" }
            else if !allowed { "only letters, digits, '-', '_' and '.' are allowed" }
            else if id.hasPrefix(".") { "it must not start with '.'" }
            else if hasTwoDots(id) { "it must not contain '..'" }
            else if id.utf8.count > 255 { "it is longer than 255 characters" }
            else { nil }
        if let problem {
            throw StoreError(
                kind: .invalidAppID, path: id,
                message: "not a valid app id: \(problem); use a reverse-DNS name such as com.example.Shopping")
        }
    }

    /// Whether `id`, ASCII by then, has two dots in a row: a walk along its bytes, which costs a launch less than a
    /// search by characters or a generic sequence whose type is made at run time.
    private static func hasTwoDots(_ id: String) -> Bool {
        var previous: UInt8 = 0
        for byte in id.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return false
    }
}
