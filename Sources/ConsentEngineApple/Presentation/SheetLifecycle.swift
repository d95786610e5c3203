/// One form's sheet from the moment it is presented to the end of its dismissal, and what each of
/// UIKit's (or AppKit's) reports means for the form: plain Swift, so that every order of events is tested
/// on every platform; ``ConsentFormSheet`` only reports what happened and does what this answers.
///
/// - A sheet the user may not close (``init(userMayClose:)``) is modal in presentation: a swipe changes
///   nothing, and should the sheet go anyway, the form counts as not shown, never as left.
/// - The engine's own dismissal (the form answered, or the launch cancelled) is finished only once the
///   dismissal's animation has ended, so that the next screen (the explainer) is presented after it, not
///   during it; one asked for while the sheet is still being presented waits for the presentation to end.
/// - A sheet taken away by something else (the app dismissing the controller under it, the scene going
///   away) leaves the form not shown: it is asked again at the next return to the foreground.
package struct SheetLifecycle: Sendable, Equatable {
    package enum State: Sendable, Equatable {
        /// Not presented yet.
        case idle
        /// Presented; the presentation's animation has not ended.
        case presenting
        /// On screen.
        case shown
        /// The engine is dismissing it; the dismissal's animation has not ended.
        case dismissing
        /// Gone: its outcome is decided.
        case gone
    }

    /// What the framework reports.
    package enum Event: Sendable, Equatable {
        /// `present(_:animated:)` took the sheet (it is the presenter's `presentedViewController`).
        case presentationBegan
        /// `present(_:animated:)` did not take it: the controller had gone from the window in between.
        case presentationRefused
        /// The presentation's completion ran.
        case presentationEnded
        /// A swipe on a sheet that is modal in presentation (`presentationControllerDidAttemptToDismiss`).
        case userTriedToClose
        /// The user swiped the sheet away (`presentationControllerDidDismiss`).
        case userClosed
        /// The form ended (answered, or the launch cancelled): take the sheet away.
        case dismissalRequested
        /// The engine's dismissal's completion ran.
        case dismissalEnded
        /// The sheet left the screen while shown, neither by the user's swipe nor by the engine.
        case disappeared
    }

    /// What to do about an event.
    package enum Action: Sendable, Equatable {
        /// Nothing.
        case none
        /// Dismiss the sheet now, and report ``Event/dismissalEnded`` from the dismissal's completion.
        case dismiss
        /// The user left the form without an answer, as the policy allows.
        case userLeft
        /// The form was not on screen for the user to answer: report it not shown.
        case notShown
        /// The sheet is gone after the engine's dismissal: the next screen may be presented.
        case finished
    }

    /// Whether the user may close the sheet without an answer (a swipe).
    package let userMayClose: Bool
    package private(set) var state: State = .idle
    /// A dismissal asked for while the sheet was being presented, made once the presentation ends.
    private var dismissalPending = false

    package init(userMayClose: Bool) {
        self.userMayClose = userMayClose
    }

    /// Whether the sheet is modal in presentation (`isModalInPresentation`): a swipe cannot close it.
    package var isModal: Bool { !userMayClose }

    /// The next state after `event`, and what to do.
    package mutating func handle(_ event: Event) -> Action {
        switch (state, event) {
        case (.idle, .presentationBegan):
            state = .presenting
            return .none
        case (.idle, .presentationRefused), (.presenting, .presentationRefused):
            state = .gone
            return .notShown
        case (.idle, .dismissalRequested), (.gone, .dismissalRequested):
            state = .gone
            return .finished
        case (.presenting, .presentationEnded):
            guard dismissalPending else {
                state = .shown
                return .none
            }
            state = .dismissing
            return .dismiss
        case (.presenting, .dismissalRequested):
            dismissalPending = true
            return .none
        case (.shown, .dismissalRequested):
            state = .dismissing
            return .dismiss
        case (.presenting, .userTriedToClose), (.shown, .userTriedToClose):
            return .none
        case (.presenting, .userClosed), (.shown, .userClosed):
            state = .gone
            return userMayClose ? .userLeft : .notShown
        case (.presenting, .disappeared), (.shown, .disappeared):
            state = .gone
            return .notShown
        case (.dismissing, .dismissalEnded):
            state = .gone
            return .finished
        case (.dismissing, .userClosed), (.dismissing, .disappeared), (.dismissing, .userTriedToClose):
            // The engine's own dismissal under way: its completion finishes it.
            return .none
        default:
            // A report that does not fit the state (a second completion, a swipe after the end) changes nothing.
            return .none
        }
    }
}
