import ConsentEngine

/// `--now ISO8601`: the one reading of the flag, which every command that takes it calls, so that a bad
/// time gets the same message everywhere and no command keeps a clock of its own.
package enum NowOption {
    /// The clock `--now` sets: fixed at the time `text` names, or without the flag the engine's system
    /// clock.
    ///
    /// - Throws: a usage error (exit 64) with the one message for a bad date.
    package static func clock(_ text: String?) throws(CLIError) -> Clock {
        guard let text else { return .system }
        guard let date = UTCCalendar.parse(text) else {
            throw CLIError.usage("--now: \(UTCCalendar.refusal(of: text))",
                                 hint: "write e.g. --now 2026-03-01T12:00:00Z or --now 2026-03-01")
        }
        return .fixed(date)
    }
}
