/// The kinds of file a command reads as input, each with the most that is read of one: the one place these
/// bounds are set (README, "Limits").
///
/// A bound sits far above the largest real file of its kind and never above §8's 64 MiB, so that no input
/// can make a command hold more than a few times that in memory.
package enum InputFileKind: Sendable, Equatable, CaseIterable {
    /// A policy file, or a base policy one extends.
    case policy
    /// An IAB Global Vendor List (`--vendor-list`, or named by a policy).
    case vendorList
    /// An Info.plist or a privacy manifest the audit reads.
    case propertyList
    /// An xcconfig file, or one it includes.
    case xcconfig
    /// A Swift or Objective-C source, an Xcode project or a workspace the audit searches for tracking.
    case projectFile
    /// A device's preferences (`explain --prefs`, an explain fixture's file).
    case preferences
    /// Google's certified CMP ids (`explain --certified-cmps`).
    case certifiedCMPList
    /// A fixture (`*.test.json`).
    case fixture
    /// A consent log checked on its own (`log --verify FILE`), such as one a backend received.
    case consentLog

    /// The largest file of this kind that is read; a larger one is refused.
    package var maximumBytes: Int {
        switch self {
        // The embedded default is 16 KiB; one listing every GVL vendor as a partner stays under 1 MiB.
        case .policy: 16 << 20
        // The live list is about 1.5 MiB and grows with every vendor registered: the bound it always had.
        case .vendorList: 64 << 20
        // The audit's files' bound (README, "Limits").
        case .propertyList: 64 << 20
        // Real ones are a few KiB; the bound of the audit's files, so that a long line meets the line bound first.
        case .xcconfig: 64 << 20
        // A generated source or the project file of a large app reaches tens of MiB.
        case .projectFile: 64 << 20
        // A preferences domain holds the app's other keys too, sometimes caches: a plist's bound.
        case .preferences: 64 << 20
        // 4,095 possible ids, one a line: about 20 KiB with comments.
        case .certifiedCMPList: 1 << 20
        // A suite of 10,000 cases is about 3 MiB.
        case .fixture: 64 << 20
        // A line is under 2 KiB; tens of thousands of answers fit many times over.
        case .consentLog: 64 << 20
        }
    }

    /// How a file of this kind is named in messages ("policy file").
    package var name: String {
        switch self {
        case .policy: "policy file"
        case .vendorList: "vendor list"
        case .propertyList: "property list"
        case .xcconfig: "xcconfig file"
        case .projectFile: "project file"
        case .preferences: "preferences file"
        case .certifiedCMPList: "list of certified CMPs"
        case .fixture: "fixture"
        case .consentLog: "consent log"
        }
    }
}
