/// A kind of file read as input, with the most that is read of one and the name messages give it.
///
/// The kinds an app reads are declared here: a policy and a vendor list. Each tool declares its own kinds
/// beside the reader that reads them (`InputFileKind.propertyList` in ConsentPropertyLists, `.xcconfig` and
/// `.projectFile` in ConsentAudit, `.preferences` and `.certifiedCMPList` in ConsentPreferences, `.fixture` in
/// ConsentFixtures, `.consentLog` in the command line), so that what an app links knows nothing of them.
///
/// A bound sits far above the largest real file of its kind and never above 64 MiB (the README's
/// "Limits"), so that no input can make a command hold more than a few times that in memory.
package struct InputFileKind: Sendable, Equatable, CustomStringConvertible {
    /// The largest bound any kind may have: 64 MiB.
    package static let largestBound = 64 << 20

    /// How a file of this kind is named in messages ("policy file").
    package let name: String
    /// The largest file of this kind that is read; a larger one is refused.
    package let maximumBytes: Int

    /// A kind named `name` whose files are read up to `maximumBytes`, which is at most ``largestBound``.
    package init(name: String, maximumBytes: Int) {
        precondition(maximumBytes > 0 && maximumBytes <= Self.largestBound, "a bound of at most 64 MiB")
        self.name = name
        self.maximumBytes = maximumBytes
    }

    package var description: String { name }

    /// A policy file, or a base policy one extends. The embedded default is 16 KiB; one listing every GVL
    /// vendor as a partner stays under 1 MiB.
    package static let policy = InputFileKind(name: "policy file", maximumBytes: 16 << 20)
    /// An IAB Global Vendor List (`--vendor-list`, named by a policy, or delivered as an update). The live list
    /// is about 1.5 MiB and grows with every vendor registered.
    package static let vendorList = InputFileKind(name: "vendor list", maximumBytes: 64 << 20)
}
