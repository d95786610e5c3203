import ConsentFiles

extension InputFileKind {
    /// An Info.plist or a privacy manifest the audit reads, or a device's preferences plist: the 64 MiB that
    /// the README's "Limits" give a property list.
    package static let propertyList = InputFileKind(name: "property list", maximumBytes: 64 << 20)
}
