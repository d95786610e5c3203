import ConsentFiles

extension InputFileKind {
    /// An xcconfig file, or one it includes. Real ones are a few KiB; the bound of a property list, so that a
    /// long line meets the line bound first.
    package static let xcconfig = InputFileKind(name: "xcconfig file", maximumBytes: 64 << 20)
    /// A Swift or Objective-C source, an Xcode project or a workspace the audit searches for tracking: a
    /// generated source or the project file of a large app reaches tens of MiB.
    package static let projectFile = InputFileKind(name: "project file", maximumBytes: 64 << 20)
}
