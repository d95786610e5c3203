import ConsentEngine
import Testing

struct RegionInputTests {
    @Test(arguments: [
        ("EEA", "EEA", Region.eea), ("eea", "EEA", .eea), ("UK", "UK", .uk), ("CH", "CH", .ch),
        ("DE", "DE", .eea), ("fr", "FR", .eea), ("NO", "NO", .eea), ("IS", "IS", .eea), ("LI", "LI", .eea),
        ("GB", "GB", .uk), ("JP", "JP", .other), ("BR", "BR", .other), ("other", "other", .other),
        ("unknown", "unknown", .unknown), ("US-CA", "US-CA", .usState("CA")), ("us-va", "US-VA", .usState("VA")),
        ("US-DC", "US-DC", .usState("DC")), ("US", "US", .unitedStates), ("us", "US", .unitedStates),
    ])
    func aRegionCodeResolvesAndKeepsTheCodeGiven(raw: String, code: String, region: Region) throws {
        let input = try RegionInput(parsing: raw)
        #expect(input.code == code)
        #expect(input.region == region)
    }

    @Test func usWithoutAStateIsKeptForThePolicyToResolve() throws {
        // Reading the code decides nothing: the region rule applies the policy's unitedStatesWithoutState.
        let input = try RegionInput(parsing: "US")
        #expect(input.region == .unitedStates)
        #expect(input.region.description == "US")
    }

    @Test(arguments: ["Europe", "ZZ", "", "D", "DEU", "EU"])
    func aCodeThatIsNoRegionIsAnErrorListingTheValidForms(raw: String) {
        #expect(throws: RegionError.unknownRegion(raw)) { try RegionInput(parsing: raw) }
        #expect(RegionError.unknownRegion(raw).description.contains("US-XX"))
    }

    @Test(arguments: ["US-XX", "US-", "US-CAL"])
    func anUnknownUSStateIsAnError(raw: String) {
        #expect(throws: RegionError.unknownUSState(raw)) { try RegionInput(parsing: raw) }
    }

    @Test func resolvedRegionNamesRoundTrip() {
        for region in [Region.eea, .uk, .ch, .usState("CA"), .unitedStates, .other, .unknown] {
            #expect(Region(resolvedName: region.description) == region)
        }
        #expect(Region(resolvedName: "DE") == nil)
    }
}
