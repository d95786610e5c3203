#if os(iOS)
import UIKit
#elseif os(macOS)
import AppKit
#endif

#if os(iOS) || os(macOS)
/// The app's activity as UIKit (iOS, iPadOS, Mac Catalyst) or AppKit (macOS) reports it: the one place that
/// reads the application object, its scenes and windows, and its notifications.
@MainActor
enum ApplicationActivity {
    /// Whether the app is active: frontmost, with no system alert over it. The application object is out of
    /// an app extension's reach, and so is everything that asks this.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    static var isActive: Bool {
        #if os(iOS)
        UIApplication.shared.applicationState == .active
        #else
        NSApplication.shared.isActive
        #endif
    }

    /// Posted each time the app becomes active (also after a system alert over it closes).
    static var becameActive: Notification.Name {
        #if os(iOS)
        UIApplication.didBecomeActiveNotification
        #else
        NSApplication.didBecomeActiveNotification
        #endif
    }

    /// Posted each time the app comes back to the foreground. A Mac app has no background state: coming
    /// back is becoming active again.
    static var returnedToForeground: Notification.Name {
        #if os(iOS)
        UIApplication.willEnterForegroundNotification
        #else
        NSApplication.didBecomeActiveNotification
        #endif
    }

    /// Opens a web address in the system's browser (a partner's privacy policy from the consent form).
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    static func openInBrowser(_ url: URL) {
        #if os(iOS)
        UIApplication.shared.open(url)
        #else
        NSWorkspace.shared.open(url)
        #endif
    }

    /// Where a sheet would be presented from now, for ``PresentationCandidate`` to judge: UIKit's frontmost
    /// window scene (the one in the foreground and active, else one in the foreground, else any) and the top
    /// view controller of its key window; AppKit's app and its key or main window, whose attached sheet
    /// counts as a presentation under way.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    static var presentationCandidate: PresentationCandidate {
        #if os(iOS)
        guard let scene = frontmostScene else { return .nothing }
        let state: PresentationCandidate.Scene
        switch scene.activationState {
        case .foregroundActive: state = .foregroundActive
        case .foregroundInactive: state = .foregroundInactive
        case .background, .unattached: state = .background
        @unknown default: state = .background
        }
        guard let top = topViewController(of: scene) else { return PresentationCandidate(scene: state, controller: nil) }
        return PresentationCandidate(scene: state, controller: .init(
            isInWindow: top.viewIfLoaded?.window != nil, isBeingPresented: top.isBeingPresented,
            isBeingDismissed: top.isBeingDismissed))
        #else
        let application = NSApplication.shared
        let state: PresentationCandidate.Scene = application.isActive ? .foregroundActive
            : application.isHidden ? .background : .foregroundInactive
        guard let window = frontmostWindow else { return PresentationCandidate(scene: state, controller: nil) }
        return PresentationCandidate(scene: state, controller: .init(
            isInWindow: window.isVisible, isBeingPresented: window.attachedSheet != nil, isBeingDismissed: false))
        #endif
    }

    /// One element each time something that may let a sheet be presented happened, from now on: a scene
    /// became active or came to the foreground, a window became key, visible or main, the app became active;
    /// and, since neither framework tells when a presentation or a dismissal ends, one every quarter of a
    /// second while the stream lasts. It ends when the iterating task is cancelled.
    static func presentationChanges() -> AsyncStream<Void> {
        #if os(iOS)
        let names = [UIScene.didActivateNotification, UIScene.willEnterForegroundNotification,
                     UIWindow.didBecomeKeyNotification, UIWindow.didBecomeVisibleNotification,
                     UIApplication.didBecomeActiveNotification]
        #else
        let names = [NSApplication.didBecomeActiveNotification, NSWindow.didBecomeKeyNotification,
                     NSWindow.didBecomeMainNotification, NSWindow.didEndSheetNotification]
        #endif
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let observation = Observation()
            for name in names {
                observation.tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                    continuation.yield()
                })
            }
            let ticks = Task { @MainActor in
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 250_000_000)
                    continuation.yield()
                }
            }
            continuation.onTermination = { _ in
                ticks.cancel()
                Task { @MainActor in observation.end() }
            }
        }
    }

    #if os(iOS)
    /// The window scene a sheet goes in: the one in the foreground and active, else one in the foreground,
    /// else any.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    private static var frontmostScene: UIWindowScene? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        return scenes.first { $0.activationState == .foregroundActive }
            ?? scenes.first { $0.activationState == .foregroundInactive } ?? scenes.first
    }

    /// The view controller on top of `scene`'s key window (else its first window): its root, then each
    /// controller it presents.
    private static func topViewController(of scene: UIWindowScene) -> UIViewController? {
        let window = scene.windows.first { $0.isKeyWindow } ?? scene.windows.first
        var top = window?.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }

    /// The view controller a sheet goes over: the top of the frontmost scene's key window.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    static var frontmostViewController: UIViewController? {
        frontmostScene.flatMap(topViewController(of:))
    }
    #else
    /// The window a sheet goes over: the key window, else the main one.
    @available(macOSApplicationExtension, unavailable)
    static var frontmostWindow: NSWindow? {
        NSApplication.shared.keyWindow ?? NSApplication.shared.mainWindow
    }
    #endif

    /// One element per `name` notification from now on; the observer is removed when the stream ends (the
    /// iterating task cancelled). Only the newest unconsumed notification is kept: each stands for "it
    /// happened again".
    static func notifications(named name: Notification.Name) -> AsyncStream<Void> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let observation = Observation()
            observation.tokens.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                continuation.yield()
            })
            continuation.onTermination = { _ in
                Task { @MainActor in observation.end() }
            }
        }
    }

    /// Holds notification observers until their stream ends; main-actor isolated, so that the stream's
    /// termination handler, which may run on any thread, can hand them back.
    @MainActor
    private final class Observation {
        var tokens: [any NSObjectProtocol] = []

        func end() {
            for token in tokens { NotificationCenter.default.removeObserver(token) }
            tokens = []
        }
    }
}

/// The app's own windows, for a form or the explainer to wait for (``PresentationScenes``).
@available(iOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(macOSApplicationExtension, unavailable)
struct ApplicationScenes: PresentationScenes {
    @MainActor var candidate: PresentationCandidate { ApplicationActivity.presentationCandidate }

    @MainActor func changes() -> AsyncStream<Void> { ApplicationActivity.presentationChanges() }

    @MainActor func pause(seconds: Int) async {
        try? await Task.sleep(nanoseconds: UInt64(max(seconds, 0)) * 1_000_000_000)
    }
}
#endif
