import ConsentEngine
import ConsentEngineApple
import Testing

@MainActor
struct ATTTrackingAuthorizerTests {
    /// The explainers the app was asked to show.
    @MainActor
    final class Explainers {
        var shown: [ExplainerRequest] = []
    }

    let explainers = Explainers()

    func authorizer(_ system: FakeTrackingSystem, explainer answer: ExplainerResult = .continued) -> ATTTrackingAuthorizer {
        let explainers = explainers
        return ATTTrackingAuthorizer(system: system) { request in
            explainers.shown.append(request)
            return answer
        }
    }

    @Test(arguments: [(SystemTrackingStatus.authorized, TrackingPromptResult.authorized), (.denied, .denied)])
    func theUsersAnswerOnThePromptIsTheResult(tapped: SystemTrackingStatus, result: TrackingPromptResult) async throws {
        let system = FakeTrackingSystem(answer: tapped)
        #expect(try await authorizer(system).requestTracking(trackingPromptRequest) == result)
        #expect(system.requests == [true])
    }

    @Test func aRestrictedDeviceGivesNoAnswerAndIsReportedAsRestricted() async throws {
        let system = FakeTrackingSystem(status: .restricted)
        let att = authorizer(system)
        #expect(await att.trackingCapability() == .restricted)
        #expect(try await att.requestTracking(trackingPromptRequest) == .dismissed)
    }

    @Test func anOrdinaryDeviceIsReportedAsAvailable() async {
        #expect(await authorizer(FakeTrackingSystem(status: .denied)).trackingCapability() == .available)
    }

    @Test func aRequestTheSystemDidNotShowTwiceCountsAsNoAnswer() async throws {
        // Another permission alert was up: the system showed nothing and left the status not determined.
        let system = FakeTrackingSystem()
        system.requestReturns = .notDetermined
        #expect(try await authorizer(system).requestTracking(trackingPromptRequest) == .dismissed)
        #expect(system.requests == [true, true], "asked once more before it counts as no answer")
    }

    @Test func aRequestTheSystemAnsweredWithoutShowingIsAskedOnceMoreAfterAPause() async throws {
        // Asked in the same turn as the app's activation: nothing shown, the status still not determined.
        let system = FakeTrackingSystem(answer: .denied)
        system.unshownRequests = 1
        #expect(try await authorizer(system).requestTracking(trackingPromptRequest) == .denied)
        #expect(system.requests == [true, true])
        #expect(system.pauses == 1)
    }

    @Test func aRequestThatIsAnsweredIsNotAskedAgain() async throws {
        let system = FakeTrackingSystem(answer: .authorized)
        #expect(try await authorizer(system).requestTracking(trackingPromptRequest) == .authorized)
        #expect(system.requests == [true])
        #expect(system.pauses == 0)
    }

    @Test(arguments: [
        (SystemTrackingStatus.notDetermined, TrackingStatus?.some(.notDetermined)), (.denied, .denied),
        (.authorized, .authorized), (.restricted, .restricted), (.unrecognized, .restricted),
    ])
    func theSystemsStatusIsWhatEveryEvaluationReads(status: SystemTrackingStatus, reads: TrackingStatus?) async {
        #expect(await authorizer(FakeTrackingSystem(status: status)).systemStatus() == reads)
    }

    @Test func anEarlyDeniedFromTheRequestIsNotTakenAsTheAnswer() async throws {
        // iOS 17.4: the request returned `.denied` while the status stayed not determined.
        let system = FakeTrackingSystem()
        system.requestReturns = .denied
        #expect(try await authorizer(system).requestTracking(trackingPromptRequest) == .dismissed)
    }

    @Test func theStatusReadAfterTheRequestIsTheAnswer() async throws {
        // The request returned `.notDetermined`, but by the time it returned the system kept the user's answer.
        let system = FakeTrackingSystem()
        system.requestReturns = .notDetermined
        system.status = .authorized
        #expect(try await authorizer(system).requestTracking(trackingPromptRequest) == .authorized)
    }

    @Test func anInactiveAppIsAskedOnlyOnceItBecomesActive() async throws {
        let system = FakeTrackingSystem(isAppActive: false)
        let att = authorizer(system)
        let request = Task { try await att.requestTracking(trackingPromptRequest) }
        await system.authorizerSettled()
        #expect(system.requests.isEmpty)
        system.becomeActive()
        #expect(try await request.value == .authorized)
        #expect(system.requests == [true])
    }

    @Test func aLaunchCancelledWhileTheAppIsInactiveAsksNothing() async throws {
        let system = FakeTrackingSystem(isAppActive: false)
        let att = authorizer(system)
        let request = Task { try await att.requestTracking(trackingPromptRequest) }
        await system.authorizerSettled()
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(system.requests.isEmpty)
    }

    @Test(arguments: [ExplainerResult.continued, .dismissed])
    func theAppsExplainerIsShownWhileThePromptCanAppear(answer: ExplainerResult) async throws {
        let att = authorizer(FakeTrackingSystem(), explainer: answer)
        #expect(try await att.presentExplainer(explainerRequest) == answer)
        #expect(explainers.shown == [explainerRequest])
    }

    @Test(arguments: [SystemTrackingStatus.denied, .authorized, .restricted])
    func noExplainerIsShownForAPromptThatWillNotAppear(status: SystemTrackingStatus) async throws {
        let system = FakeTrackingSystem(status: status)
        let att = authorizer(system, explainer: .dismissed)
        #expect(try await att.presentExplainer(explainerRequest) == .continued)
        #expect(explainers.shown.isEmpty)
        // The request that follows returns the system's answer without a prompt.
        #expect(try await att.requestTracking(trackingPromptRequest) == status.promptResult)
    }
}
