import ConsentFiles

extension InputFileKind {
    /// A fixture (`*.test.json`): a suite of 10,000 cases is about 3 MiB.
    package static let fixture = InputFileKind(name: "fixture", maximumBytes: 64 << 20)
}
