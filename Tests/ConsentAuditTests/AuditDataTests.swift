import Foundation
import Testing
@testable import ConsentAudit

struct AuditDataTests {
    @Test func theCompiledListsEqualTheDataFileInTheRepository() throws {
        let data = try Data(contentsOf: TestFiles.fixture("data/identifiers.json"))
        let file = try JSONDecoder().decode(AuditIdentifiers.self, from: data)
        let compiled = AuditData.identifiers
        #expect(file.iosTestUnits == compiled.iosTestUnits)
        #expect(file.androidTestUnits == compiled.androidTestUnits)
        #expect(file.skAdNetworkIdentifiers == compiled.skAdNetworkIdentifiers)
        #expect(file.privacyDataTypes == compiled.privacyDataTypes)
        #expect(file.privacyPurposes == compiled.privacyPurposes)
        #expect(file.privacyAPICategories == compiled.privacyAPICategories)
        #expect(file == compiled)
    }

    @Test func theListsHaveTheShapesTheRulesRelyOn() {
        let data = AuditData.identifiers
        #expect(data.skAdNetworkIdentifiers.count == 50)
        #expect(data.skAdNetworkIdentifiers.first == data.googleSKAdNetworkIdentifier)
        #expect(Set(data.skAdNetworkIdentifiers).count == data.skAdNetworkIdentifiers.count)
        let testUnits = data.iosTestUnits.map(\.id) + data.androidTestUnits.map(\.id)
        #expect(testUnits.allSatisfy { $0.hasPrefix(data.testPublisherPrefix) && AdMobID.isUnitID($0) })
        #expect(Set(data.iosTestUnits.map(\.id)).isDisjoint(with: data.androidTestUnits.map(\.id)))
        #expect(AdMobID.isAppID(data.iosTestAppID) && AdMobID.isAppID(data.androidTestAppID))
        let reasons = data.privacyAPICategories.flatMap(\.reasons)
        #expect(Set(data.privacySDKOnlyReasons).isSubset(of: reasons))
    }
}
