#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

#if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
/// The app's activity as UIKit (iOS, iPadOS, Mac Catalyst, tvOS, visionOS) or AppKit (macOS) reports it:
/// the one place that reads the application object and its notifications.
@MainActor
enum ApplicationActivity {
    /// Whether the app is active: frontmost, with no system alert over it. The application object is out of
    /// an app extension's reach, and so is everything that asks this.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    static var isActive: Bool {
        #if canImport(UIKit) && !os(watchOS)
        UIApplication.shared.applicationState == .active
        #else
        NSApplication.shared.isActive
        #endif
    }

    /// Posted each time the app becomes active (also after a system alert over it closes).
    static var becameActive: Notification.Name {
        #if canImport(UIKit) && !os(watchOS)
        UIApplication.didBecomeActiveNotification
        #else
        NSApplication.didBecomeActiveNotification
        #endif
    }

    /// Posted each time the app comes back to the foreground. A Mac app has no background state: coming
    /// back is becoming active again.
    static var returnedToForeground: Notification.Name {
        #if canImport(UIKit) && !os(watchOS)
        UIApplication.willEnterForegroundNotification
        #else
        NSApplication.didBecomeActiveNotification
        #endif
    }

    /// Opens a web address in the system's browser (a partner's privacy policy from the consent form).
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    static func openInBrowser(_ url: URL) {
        #if canImport(UIKit) && !os(watchOS)
        UIApplication.shared.open(url)
        #else
        NSWorkspace.shared.open(url)
        #endif
    }

    #if canImport(UIKit) && !os(watchOS)
    /// The view controller on top of the frontmost window scene's key window, for a sheet to go over.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    static var frontmostViewController: UIViewController? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let scene = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
        let window = scene?.windows.first { $0.isKeyWindow } ?? scene?.windows.first
        var top = window?.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
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
            observation.token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                continuation.yield()
            }
            continuation.onTermination = { _ in
                Task { @MainActor in observation.end() }
            }
        }
    }

    /// Holds a notification observer until its stream ends; main-actor isolated, so that the stream's
    /// termination handler, which may run on any thread, can hand it back.
    @MainActor
    private final class Observation {
        var token: (any NSObjectProtocol)?

        func end() {
            if let token { NotificationCenter.default.removeObserver(token) }
            token = nil
        }
    }
}
#endif
