#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether the form may use colour and text attributes: the one place that decides it.
enum ColorPolicy {
    /// Colour is off with `NO_COLOR` set (whatever its value), with `--no-color`, with `TERM=dumb`, or when
    /// the form is not drawn on a terminal.
    static func useColor(noColorFlag: Bool, environment: [String: String], drawsOnTerminal: Bool) -> Bool {
        guard drawsOnTerminal, !noColorFlag, environment["NO_COLOR"] == nil else { return false }
        return environment["TERM"] != "dumb"
    }
}
