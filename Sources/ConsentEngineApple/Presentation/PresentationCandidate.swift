/// Where a sheet would be presented from, as the app's windows stand at one moment: what UIKit (or AppKit)
/// reports, read in one place (``ApplicationActivity``), so that whether a sheet can be presented is
/// decided here, in plain Swift, and tested with every state a launch can meet.
///
/// UIKit drops a presentation from a view controller whose view is not in a window, or that is being
/// presented or dismissed, and a scene that is not in the foreground and active shows nothing the user
/// can see: a form presented then is never seen, and its answer never comes.
package struct PresentationCandidate: Sendable, Equatable {
    /// The state of the app's frontmost window scene (UIKit), or of the app (AppKit).
    package enum Scene: Sendable, Equatable {
        /// No scene is connected yet (a launch that began in `application(_:didFinishLaunchingWithOptions:)`).
        case none
        /// In the background, or not yet in the foreground.
        case background
        /// In the foreground but not active: a system alert over it, or the app switcher.
        case foregroundInactive
        /// In the foreground and active: what the user sees and touches.
        case foregroundActive
    }

    /// The view controller a sheet would be presented from: the top of the key window's presented ones.
    package struct Controller: Sendable, Equatable {
        /// Its view is in a window (`viewIfLoaded?.window != nil`).
        package var isInWindow: Bool
        /// It is itself being presented: UIKit takes no other presentation from it until that ends.
        package var isBeingPresented: Bool
        /// It is being dismissed, by the user or the app: a sheet presented from it would go with it.
        package var isBeingDismissed: Bool

        package init(isInWindow: Bool = true, isBeingPresented: Bool = false, isBeingDismissed: Bool = false) {
            self.isInWindow = isInWindow
            self.isBeingPresented = isBeingPresented
            self.isBeingDismissed = isBeingDismissed
        }
    }

    /// Why a sheet cannot be presented now.
    package enum Obstacle: Sendable, Equatable {
        case noScene, sceneNotActive, noWindow, notInWindow, inTransition
    }

    package var scene: Scene
    /// `nil` while the scene has no key window with a root view controller.
    package var controller: Controller?

    package init(scene: Scene, controller: Controller?) {
        self.scene = scene
        self.controller = controller
    }

    /// Before the first scene connects: nothing to present from.
    package static let nothing = PresentationCandidate(scene: .none, controller: nil)

    /// What keeps a sheet from being presented now; `nil` when it can be: a scene in the foreground and
    /// active, a window with a controller whose view is in it, and no presentation or dismissal under way.
    package var obstacle: Obstacle? {
        switch scene {
        case .none: return .noScene
        case .background, .foregroundInactive: return .sceneNotActive
        case .foregroundActive: break
        }
        guard let controller else { return .noWindow }
        guard controller.isInWindow else { return .notInWindow }
        guard !controller.isBeingPresented, !controller.isBeingDismissed else { return .inTransition }
        return nil
    }

    /// Whether a sheet presented now would be on screen.
    package var canPresent: Bool { obstacle == nil }
}
