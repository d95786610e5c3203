/// The size of the terminal in character cells.
struct TerminalSize: Sendable, Equatable {
    var columns: Int
    var rows: Int

    /// The size when nothing better is known.
    static let standard = TerminalSize(columns: 80, rows: 24)

    /// The size to draw at: the kernel's, else `COLUMNS` and `LINES`, else 80×24.
    ///
    /// The kernel comes first because the environment is a snapshot from when the shell started and
    /// goes stale when the window is resized.
    static func resolve(kernel: TerminalSize?, environment: [String: String]) -> TerminalSize {
        if let kernel { return kernel }
        let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        let rows = environment["LINES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        return TerminalSize(columns: columns ?? standard.columns, rows: rows ?? standard.rows)
    }
}
