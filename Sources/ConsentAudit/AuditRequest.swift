import Foundation

/// What to audit: the inputs of `consentctl audit`.
public struct AuditRequest: Sendable, Equatable {
    /// The Info.plist file (`--plist`); when nil, the resolved `INFOPLIST_FILE` is used.
    public var plist: URL?
    /// The app's xcconfig file (`--xcconfig`), whose includes are followed.
    public var xcconfig: URL?
    /// The build configuration (`--configuration`). `Debug` is the development build; any other name is
    /// treated as a release build.
    public var configuration: String
    /// The app project's folder, `SRCROOT` (`--srcroot`); when nil, the folder of the xcconfig file.
    public var srcroot: URL?
    /// The privacy manifest (`--privacy-manifest`), checked when given.
    public var privacyManifest: URL?
    /// Whether the app asks for tracking permission (from the policy): then the Info.plist needs
    /// `NSUserTrackingUsageDescription`.
    public var trackingRequested: Bool
    /// The SDK that `[sdk=…]` conditions are matched against; an iOS device build by default.
    public var sdk: String

    /// Creates a request; every input is optional, but a plist or an xcconfig that sets
    /// `INFOPLIST_FILE` is needed to run.
    public init(
        plist: URL? = nil, xcconfig: URL? = nil, configuration: String = "Debug", srcroot: URL? = nil,
        privacyManifest: URL? = nil, trackingRequested: Bool = false, sdk: String = "iphoneos"
    ) {
        self.plist = plist
        self.xcconfig = xcconfig
        self.configuration = configuration
        self.srcroot = srcroot
        self.privacyManifest = privacyManifest
        self.trackingRequested = trackingRequested
        self.sdk = sdk
    }

    /// True for the `Debug` configuration, where only Google's test ad units may be used.
    var isDebug: Bool { configuration == "Debug" }
}
