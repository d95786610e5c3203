import Foundation

/// Whether the app asks for tracking permission (`--requests-tracking`), which decides whether the
/// Info.plist needs `NSUserTrackingUsageDescription`.
public enum TrackingRequest: String, Sendable, CaseIterable {
    /// It asks: a missing description is an error.
    case yes
    /// It never asks: the description is not needed.
    case no
    /// Look for the request in the app's Swift and Objective-C sources: under `SRCROOT`, in the local Swift
    /// packages its Xcode project or workspace references, and in the extra search paths. Without `SRCROOT`
    /// a missing description is a warning, as the audit cannot tell.
    case auto
}

/// What to audit: the inputs of `consentctl audit`.
public struct AuditRequest: Sendable, Equatable {
    /// The Info.plist file (`--plist`); when nil, the resolved `INFOPLIST_FILE` is used.
    public var plist: URL?
    /// The app's xcconfig file (`--xcconfig`), whose includes are followed.
    public var xcconfig: URL?
    /// The build configuration (`--configuration`), matched without regard to case. `Debug` is the
    /// development build; any other name is treated as a release build.
    public var configuration: String
    /// The app project's folder, `SRCROOT` (`--srcroot`); when nil, the folder of the xcconfig file.
    public var srcroot: URL?
    /// The privacy manifest (`--privacy-manifest`), checked when given. Given alone, it is audited on its
    /// own, as an SDK's manifest.
    public var privacyManifest: URL?
    /// Whether the app asks for tracking permission (`--requests-tracking`).
    public var requestsTracking: TrackingRequest
    /// More folders to search for the tracking request (`--search-path`).
    public var searchPaths: [URL]
    /// The SDK that `[sdk=…]` conditions are matched against; an iOS device build by default.
    public var sdk: String

    /// Creates a request; every input is optional, but a plist, an xcconfig that sets `INFOPLIST_FILE`,
    /// or a privacy manifest is needed to run.
    public init(
        plist: URL? = nil, xcconfig: URL? = nil, configuration: String = "Debug", srcroot: URL? = nil,
        privacyManifest: URL? = nil, requestsTracking: TrackingRequest = .auto, searchPaths: [URL] = [],
        sdk: String = "iphoneos"
    ) {
        self.plist = plist
        self.xcconfig = xcconfig
        self.configuration = configuration
        self.srcroot = srcroot
        self.privacyManifest = privacyManifest
        self.requestsTracking = requestsTracking
        self.searchPaths = searchPaths
        self.sdk = sdk
    }
}
