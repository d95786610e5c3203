import ConsentFiles

extension InputFileKind {
    /// A device's preferences (`explain --prefs`, an explain fixture's file). A preferences domain holds the
    /// app's other keys too, sometimes caches: a property list's bound.
    package static let preferences = InputFileKind(name: "preferences file", maximumBytes: 64 << 20)
    /// Google's certified CMP ids (`explain --certified-cmps`): 4,095 possible ids, one a line, about 20 KiB
    /// with comments.
    package static let certifiedCMPList = InputFileKind(name: "list of certified CMPs", maximumBytes: 1 << 20)
}
