/// How GPP's header and US sections are padded to whole base64url characters.
public enum GPPPadding: Sendable, Equatable, CaseIterable {
    /// The spec's: zero bits to a multiple of 6 (`DBABM` for [2]), as Google's CMP writes.
    case spec
    /// IAB's GPP libraries' (iabgpp-es and -java): to a multiple of 8, then of 6 (`DBABMA`).
    case library
}

extension BitWriter {
    /// Pads as `padding` says.
    mutating func pad(_ padding: GPPPadding) {
        if padding == .library {
            pad(toMultipleOf: 8)
        }
        pad(toMultipleOf: 6)
    }
}
