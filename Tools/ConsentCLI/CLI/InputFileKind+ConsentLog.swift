import ConsentFiles

extension InputFileKind {
    /// A consent log checked on its own (`log --verify FILE`), such as one a backend received. A line is under
    /// 2 KiB; tens of thousands of answers fit many times over.
    package static let consentLog = InputFileKind(name: "consent log", maximumBytes: 64 << 20)
}
