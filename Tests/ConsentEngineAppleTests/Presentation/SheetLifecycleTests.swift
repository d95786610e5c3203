import ConsentEngine
import ConsentEngineApple
import ConsentWeb
import Testing

/// What each of UIKit's reports means for a form's sheet, through every order of events the framework
/// allows: what the live sheet does is what these say.
struct SheetLifecycleTests {
    typealias Event = SheetLifecycle.Event
    typealias Action = SheetLifecycle.Action

    /// The actions of `events` in order, from a new sheet.
    static func actions(_ events: [Event], userMayClose: Bool) -> (actions: [Action], state: SheetLifecycle.State) {
        var sheet = SheetLifecycle(userMayClose: userMayClose)
        let actions = events.map { sheet.handle($0) }
        return (actions, sheet.state)
    }

    struct Order: CustomTestStringConvertible, Sendable {
        var name: String
        var userMayClose: Bool
        var events: [Event]
        var actions: [Action]
        var state: SheetLifecycle.State
        var testDescription: String { name }
    }

    static let orders: [Order] = [
        Order(name: "answered: the dismissal ends before anything else is presented", userMayClose: false,
              events: [.presentationBegan, .presentationEnded, .dismissalRequested, .dismissalEnded],
              actions: [.none, .none, .dismiss, .finished], state: .gone),
        Order(name: "answered while the sheet still slides in: dismissed once it is up", userMayClose: false,
              events: [.presentationBegan, .dismissalRequested, .presentationEnded, .dismissalEnded],
              actions: [.none, .none, .dismiss, .finished], state: .gone),
        Order(name: "a swipe with close disallowed: the sheet stays, and the answer still ends it", userMayClose: false,
              events: [.presentationBegan, .presentationEnded, .userTriedToClose, .userTriedToClose, .dismissalRequested, .dismissalEnded],
              actions: [.none, .none, .none, .none, .dismiss, .finished], state: .gone),
        Order(name: "a sheet that went anyway with close disallowed is not shown, never left", userMayClose: false,
              events: [.presentationBegan, .presentationEnded, .userClosed, .dismissalRequested],
              actions: [.none, .none, .notShown, .finished], state: .gone),
        Order(name: "a swipe with close allowed leaves the form; the dismissal asked after it has nothing to wait for", userMayClose: true,
              events: [.presentationBegan, .presentationEnded, .userClosed, .dismissalRequested],
              actions: [.none, .none, .userLeft, .finished], state: .gone),
        Order(name: "a controller under the sheet dismissed by the app: not shown", userMayClose: true,
              events: [.presentationBegan, .presentationEnded, .disappeared, .dismissalRequested],
              actions: [.none, .none, .notShown, .finished], state: .gone),
        Order(name: "a presentation UIKit refused: not shown", userMayClose: false,
              events: [.presentationRefused, .dismissalRequested],
              actions: [.notShown, .finished], state: .gone),
        Order(name: "refused after it began: not shown", userMayClose: false,
              events: [.presentationBegan, .presentationRefused],
              actions: [.none, .notShown], state: .gone),
        Order(name: "the engine's own dismissal: its disappearance and a late swipe change nothing", userMayClose: true,
              events: [.presentationBegan, .presentationEnded, .dismissalRequested, .disappeared, .userClosed, .dismissalEnded],
              actions: [.none, .none, .dismiss, .none, .none, .finished], state: .gone),
        Order(name: "a second request while dismissing waits for the same end", userMayClose: false,
              events: [.presentationBegan, .presentationEnded, .dismissalRequested, .dismissalRequested, .dismissalEnded],
              actions: [.none, .none, .dismiss, .none, .finished], state: .gone),
        Order(name: "nothing presented yet: dismissing is done at once", userMayClose: false,
              events: [.dismissalRequested], actions: [.finished], state: .gone),
        Order(name: "a report after the end changes nothing", userMayClose: true,
              events: [.presentationBegan, .presentationEnded, .dismissalRequested, .dismissalEnded, .dismissalEnded, .presentationEnded],
              actions: [.none, .none, .dismiss, .finished, .none, .none], state: .gone),
    ]

    @Test(arguments: orders)
    func eachOrderOfEventsMeansWhatTheFormNeeds(_ order: Order) {
        let (actions, state) = Self.actions(order.events, userMayClose: order.userMayClose)
        #expect(actions == order.actions)
        #expect(state == order.state)
    }

    @Test("a swipe with close disallowed: the sheet is modal in presentation and stays up")
    func aSwipeWithCloseDisallowed() {
        // The default policy shows no close button: its consent form at launch cannot be swiped away.
        let page = ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: .default, language: "en", reason: .noAnswer))
        #expect(!page.userMayClose)
        var sheet = SheetLifecycle(userMayClose: page.userMayClose)
        #expect(sheet.isModal, "isModalInPresentation")
        #expect(sheet.handle(.presentationBegan) == .none)
        #expect(sheet.handle(.presentationEnded) == .none)
        #expect(sheet.handle(.userTriedToClose) == .none)
        #expect(sheet.state == .shown)
    }

    @Test("the user may leave the forms they opened, and the launch's form only where the policy has a close button")
    func whoMayClose() throws {
        let policy = Policy.default
        #expect(!ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: policy, language: "en", reason: .noAnswer)).userMayClose)
        #expect(ConsentFormPage(ConsentFormRequest(kind: .privacyOptionsForm, policy: policy, language: "en", reason: nil)).userMayClose)
        #expect(ConsentFormPage(OptOutFormRequest(policy: policy, language: "en", region: try RegionInput(parsing: "US-CA").region,
                                                  current: nil)).userMayClose)
        var closing = policy
        closing.consent.showCloseButton = true
        #expect(ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: closing, language: "en", reason: .noAnswer)).userMayClose)
    }
}
