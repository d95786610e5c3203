import ConsentAudit
import ConsentCLI
import ConsentFiles
import ConsentFixtures
import ConsentPreferences
import ConsentPropertyLists
import Testing

/// Every kind of input file the app and the tools read: each declared beside its reader, each bounded.
struct InputFileKindsTests {
    static let kinds: [InputFileKind] = [
        .policy, .vendorList, .propertyList, .xcconfig, .projectFile, .preferences, .certifiedCMPList, .fixture, .consentLog,
    ]

    @Test func everyKindHasItsOwnNameAndABoundOfAtMost64MiB() {
        #expect(Set(Self.kinds.map(\.name)).count == Self.kinds.count)
        for kind in Self.kinds {
            #expect((1 << 20...InputFileKind.largestBound).contains(kind.maximumBytes), "\(kind)")
        }
        #expect(InputFileKind.propertyList.maximumBytes == 64 << 20, "the README's limit for a property list")
    }
}
