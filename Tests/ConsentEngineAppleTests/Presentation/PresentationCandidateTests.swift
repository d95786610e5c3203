import ConsentEngineApple
import Testing

/// "Can a sheet be presented now?", for every state of the app's windows a launch can meet.
struct PresentationCandidateTests {
    typealias Controller = PresentationCandidate.Controller

    @Test(arguments: [
        // A launch from application(_:didFinishLaunchingWithOptions:): no scene yet.
        (PresentationCandidate.nothing, PresentationCandidate.Obstacle?.some(.noScene)),
        (PresentationCandidate(scene: .background, controller: Controller()), .sceneNotActive),
        // A system alert over the app, or the app switcher.
        (PresentationCandidate(scene: .foregroundInactive, controller: Controller()), .sceneNotActive),
        // The scene is active but its window has no root view controller yet.
        (PresentationCandidate(scene: .foregroundActive, controller: nil), .noWindow),
        (PresentationCandidate(scene: .foregroundActive, controller: Controller(isInWindow: false)), .notInWindow),
        // The app's own sheet going away, or coming up.
        (PresentationCandidate(scene: .foregroundActive, controller: Controller(isBeingDismissed: true)), .inTransition),
        (PresentationCandidate(scene: .foregroundActive, controller: Controller(isBeingPresented: true)), .inTransition),
        (PresentationCandidate(scene: .foregroundActive, controller: Controller()), nil),
    ])
    func aSheetIsPresentedOnlyFromAControllerInAWindowOfAnActiveSceneWithNoTransitionUnderWay(
        candidate: PresentationCandidate, obstacle: PresentationCandidate.Obstacle?
    ) {
        #expect(candidate.obstacle == obstacle)
        #expect(candidate.canPresent == (obstacle == nil))
    }
}
