import ConsentEngine
import ConsentEngineApple
import Testing

struct SystemTrackingStatusTests {
    /// Every status ATT reports, with what the engine makes of it.
    static let table: [(SystemTrackingStatus, TrackingPromptResult, TrackingCapability, Bool)] = [
        (.notDetermined, .dismissed, .available, true),
        (.restricted, .dismissed, .restricted, false),
        (.denied, .denied, .available, false),
        (.authorized, .authorized, .available, false),
        (.unrecognized, .dismissed, .restricted, false),
    ]

    @Test(arguments: table)
    func eachStatusMapsToTheEnginesTrackingValues(
        status: SystemTrackingStatus, answer: TrackingPromptResult, capability: TrackingCapability, promptCanAppear: Bool
    ) {
        #expect(status.promptResult == answer)
        #expect(status.capability == capability)
        #expect(status.promptCanAppear == promptCanAppear)
    }

    @Test func theTableCoversEveryStatus() {
        #expect(Self.table.map(\.0) == SystemTrackingStatus.allCases)
    }
}
