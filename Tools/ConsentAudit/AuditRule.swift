import ConsentPropertyLists

/// How serious a finding is. Only errors make `consentctl audit` exit with 1.
public enum Severity: String, Sendable, CaseIterable {
    /// The build or the app would fail, or a store would reject it.
    case error
    /// Works, but is likely not what was meant.
    case warning
    /// Worth knowing; nothing to fix.
    case info
}

/// Every check the audit makes, by stable id. The raw value is the id printed and written to JSON.
///
/// Ids never change meaning once published; fixtures and scripts match on them.
public enum AuditRule: String, Sendable, CaseIterable {
    /// `GADApplicationIdentifier` is missing or empty.
    case appIDMissing = "app-id-missing"
    /// `GADApplicationIdentifier` is not `ca-app-pub-<16 digits>~<10 digits>`.
    case appIDMalformed = "app-id-malformed"
    /// `GADApplicationIdentifier` holds an ad unit id.
    case appIDIsUnitID = "app-id-is-unit-id"
    /// A key named for an ad unit holds an app id.
    case unitIDIsAppID = "unit-id-is-app-id"
    /// An ad unit id is not `ca-app-pub-<16 digits>/<10 digits>` (nor an Ad Manager path).
    case unitIDMalformed = "unit-id-malformed"
    /// A Debug configuration uses an ad unit that is not one of Google's iOS test units.
    case adUnitNotTest = "ad-unit-not-test"
    /// A Debug configuration uses a real app id (allowed; test units keep requests safe).
    case appIDNotTest = "app-id-not-test"
    /// One of Google's Android test ids in an iOS app.
    case androidTestID = "android-test-id"
    /// A non-Debug configuration still uses Google's test or sample ids.
    case testIDInRelease = "test-id-in-release"
    /// `--configuration` names a configuration that nothing in the files or Xcode's defaults knows.
    case configurationUnknown = "configuration-unknown"
    /// A non-optional `#include` names a file that does not exist.
    case includeMissing = "include-missing"
    /// A non-optional `#include` names a file that a build step generates (`pod install`, `flutter pub get`)
    /// and that is not there yet.
    case includeGeneratedMissing = "include-generated-missing"
    /// An `#include` leads back to a file that is already being read.
    case includeCycle = "include-cycle"
    /// A `//` after `:` in an xcconfig value started a comment and cut the value (`https://…`).
    case xcconfigCommentInValue = "xcconfig-comment-in-value"
    /// A line Xcode skips without setting anything: `export NAME=value`, an unknown `#directive`.
    case xcconfigLineSkipped = "xcconfig-line-skipped"
    /// The plist file and an `INFOPLIST_KEY_` setting give one key different values.
    case infoPlistKeyConflict = "infoplist-key-conflict"
    /// The app asks for tracking but `NSUserTrackingUsageDescription` is missing.
    case trackingDescriptionMissing = "tracking-description-missing"
    /// `NSUserTrackingUsageDescription` is missing and, with no SRCROOT, whether the app asks for tracking
    /// cannot be told.
    case trackingDescriptionUnverified = "tracking-description-unverified"
    /// `NSUserTrackingUsageDescription` is a placeholder (`TODO`, `test`, an unexpanded `$(…)`, very short).
    case trackingDescriptionPlaceholder = "tracking-description-placeholder"
    /// A `…UsageDescription` key is empty.
    case usageDescriptionEmpty = "usage-description-empty"
    /// `SKAdNetworkItems` lacks Google's `cstr6suwn9.skadnetwork`.
    case skAdNetworkGoogleMissing = "skadnetwork-google-missing"
    /// `SKAdNetworkItems` lacks some of Google's published third-party identifiers.
    case skAdNetworkThirdPartyMissing = "skadnetwork-3p-missing"
    /// A `SKAdNetworkIdentifier` one or two edits away from one of Google's published identifiers.
    case skAdNetworkIDMisspelled = "skadnetwork-id-misspelled"
    /// `NSPrivacyTracking` is true but no tracking domain is listed.
    case privacyTrackingWithoutDomains = "privacy-tracking-without-domains"
    /// Tracking domains are listed while `NSPrivacyTracking` is false or absent.
    case privacyDomainsWithoutTracking = "privacy-domains-without-tracking"
    /// A tracking domain is written as a URL (`https://…`) rather than a host name.
    case privacyTrackingDomainURL = "privacy-tracking-domain-url"
    /// A data type is collected for tracking while `NSPrivacyTracking` is false or absent.
    case privacyTrackingDataInconsistent = "privacy-tracking-data-inconsistent"
    /// A collected data type that is not one of Apple's identifiers.
    case privacyUnknownDataType = "privacy-unknown-data-type"
    /// A collection purpose that is not one of Apple's identifiers.
    case privacyUnknownPurpose = "privacy-unknown-purpose"
    /// A required-reason API category that is not one of Apple's identifiers.
    case privacyUnknownAPICategory = "privacy-unknown-api-category"
    /// A reason code that Apple does not accept for its API category.
    case privacyUnknownReason = "privacy-unknown-reason"
    /// A privacy-manifest entry lacks a key it needs.
    case privacyEntryIncomplete = "privacy-entry-incomplete"
    /// A reason Apple reserves for third-party SDKs, in an app's manifest.
    case privacySDKOnlyReason = "privacy-sdk-only-reason"
    /// A dictionary has the same key twice; the last one silently wins.
    case plistDuplicateKey = "plist-duplicate-key"
    /// A known key has a value of the wrong type (an `<integer>` where a boolean belongs).
    case plistWrongType = "plist-wrong-type"
    /// A privacy manifest given as the Info.plist, or an Info.plist given as the privacy manifest.
    case fileKindMismatch = "file-kind-mismatch"

    /// The severity every finding of this rule has.
    public var severity: Severity {
        switch self {
        case .appIDNotTest: .info
        case .testIDInRelease, .xcconfigCommentInValue, .infoPlistKeyConflict, .skAdNetworkThirdPartyMissing,
             .privacySDKOnlyReason, .trackingDescriptionUnverified, .trackingDescriptionPlaceholder,
             .includeGeneratedMissing, .xcconfigLineSkipped, .configurationUnknown, .skAdNetworkIDMisspelled,
             .privacyTrackingDataInconsistent:
            .warning
        default: .error
        }
    }

    /// What the rule checks, in one line (the rules table of `fixtures/audit/README.md` says the same).
    public var summary: String {
        switch self {
        case .appIDMissing: "GADApplicationIdentifier is missing or empty: the ads SDK stops the app at launch"
        case .appIDMalformed: "GADApplicationIdentifier is not ca-app-pub-<16 digits>~<10 digits>"
        case .appIDIsUnitID: "GADApplicationIdentifier holds an ad unit id (with /) instead of the app id (with ~)"
        case .unitIDIsAppID: "a key named for an ad unit holds the app id (with ~) instead of a unit id (with /)"
        case .unitIDMalformed: "an ad unit id is not ca-app-pub-<16 digits>/<10 digits>"
        case .adUnitNotTest: "a Debug build uses an ad unit that is not one of Google's iOS test units"
        case .appIDNotTest: "a Debug build uses a real app id"
        case .androidTestID: "one of Google's Android test ids in an iOS app"
        case .testIDInRelease: "a release configuration uses Google's test or sample ids, which earn nothing"
        case .configurationUnknown: "no [config=…] condition, xcconfig file name or Xcode default names the configuration"
        case .includeMissing: "an #include names a file that does not exist"
        case .includeGeneratedMissing: "an #include names a file that pod install or flutter pub get writes, not there yet"
        case .includeCycle: "an #include leads back to a file already being read"
        case .xcconfigCommentInValue: "// in an xcconfig value starts a comment and cuts the value short"
        case .xcconfigLineSkipped: "Xcode skips the line (export NAME=value, an unknown #directive): nothing is set"
        case .infoPlistKeyConflict: "the plist file and an INFOPLIST_KEY_ setting give one key different values"
        case .trackingDescriptionMissing:
            "the app asks for tracking but NSUserTrackingUsageDescription is missing: iOS stops the app"
        case .trackingDescriptionUnverified:
            "NSUserTrackingUsageDescription is missing; without SRCROOT the audit cannot tell if the app asks"
        case .trackingDescriptionPlaceholder:
            "NSUserTrackingUsageDescription is a placeholder (TODO, test, $(…), under 10 characters)"
        case .usageDescriptionEmpty: "a usage description is empty"
        case .skAdNetworkGoogleMissing: "SKAdNetworkItems lacks Google's cstr6suwn9.skadnetwork"
        case .skAdNetworkThirdPartyMissing: "SKAdNetworkItems lacks some of Google's third-party identifiers"
        case .skAdNetworkIDMisspelled: "an SKAdNetworkIdentifier is one or two edits away from one of Google's"
        case .privacyTrackingWithoutDomains: "NSPrivacyTracking is true but lists no NSPrivacyTrackingDomains"
        case .privacyDomainsWithoutTracking: "NSPrivacyTrackingDomains are listed while NSPrivacyTracking is false"
        case .privacyTrackingDomainURL: "a tracking domain is a URL, not a host name"
        case .privacyTrackingDataInconsistent: "data collected for tracking while NSPrivacyTracking is false or absent"
        case .privacyUnknownDataType: "a collected data type is not one of Apple's identifiers"
        case .privacyUnknownPurpose: "a collection purpose is not one of Apple's identifiers"
        case .privacyUnknownAPICategory: "a required-reason API category is not one of Apple's identifiers"
        case .privacyUnknownReason: "a reason code is not one Apple accepts for its API category"
        case .privacyEntryIncomplete: "a privacy-manifest entry lacks a key it needs"
        case .privacySDKOnlyReason: "a reason reserved for third-party SDKs appears in the manifest"
        case .plistDuplicateKey: "a dictionary has the same key twice; the last one silently wins"
        case .plistWrongType: "a known key has a value of the wrong type"
        case .fileKindMismatch: "a privacy manifest given as the Info.plist, or the reverse"
        }
    }

    /// The usual fix, in one line; a finding may give a more specific one.
    public var hint: String {
        switch self {
        case .appIDMissing: "set GADApplicationIdentifier to the app id from the AdMob console (App settings)"
        case .appIDMalformed: "copy the app id from the AdMob console (App settings)"
        case .appIDIsUnitID: "use the app id, which has a ~; unit ids, with /, are what the app's ad code loads"
        case .unitIDIsAppID: "use the ad unit id, which has a /; the app id goes in GADApplicationIdentifier"
        case .unitIDMalformed: "copy the ad unit id from the AdMob console"
        case .adUnitNotTest: "use Google's iOS test unit of the same format in Debug builds"
        case .appIDNotTest: "nothing to do; Google's sample app id ca-app-pub-3940256099942544~1458002511 also works"
        case .androidTestID: "use Google's iOS test ids; the Android ones share the prefix but fail on iOS"
        case .testIDInRelease: "use the app's own ids from the AdMob console in release builds"
        case .configurationUnknown: "check the spelling against the configurations of the Xcode project"
        case .includeMissing: "fix the path (relative to the including file) or use #include? for an optional file"
        case .includeGeneratedMissing: "run the step that writes the file (pod install, flutter pub get), then audit again"
        case .includeCycle: "remove one of the #include lines of the cycle"
        case .xcconfigCommentInValue: "write the URL as https:/$()/host… so // is not read as a comment"
        case .xcconfigLineSkipped: "write NAME = value; only #include and #include? are directives in an xcconfig"
        case .infoPlistKeyConflict: "set the key in one place only"
        case .trackingDescriptionMissing:
            "add NSUserTrackingUsageDescription to the Info.plist, saying what the user gets from tracking"
        case .trackingDescriptionUnverified:
            "pass --requests-tracking yes|no, or --srcroot so the audit can look for the tracking request"
        case .trackingDescriptionPlaceholder:
            "write the sentence the tracking prompt shows: what the user gets from allowing tracking"
        case .usageDescriptionEmpty: "write the text the system prompt shows, or check the setting it expands"
        case .skAdNetworkGoogleMissing:
            "add <dict><key>SKAdNetworkIdentifier</key><string>cstr6suwn9.skadnetwork</string></dict>"
        case .skAdNetworkThirdPartyMissing: "add the list from developers.google.com/admob/ios/3p-skadnetworks"
        case .skAdNetworkIDMisspelled: "copy the identifier from developers.google.com/admob/ios/3p-skadnetworks"
        case .privacyTrackingWithoutDomains: "list the tracking domains, or set NSPrivacyTracking to false"
        case .privacyDomainsWithoutTracking: "set NSPrivacyTracking to true, or remove the domains"
        case .privacyTrackingDomainURL: "write the host name alone, without scheme or path"
        case .privacyTrackingDataInconsistent:
            "set NSPrivacyTracking to true with its domains, or NSPrivacyCollectedDataTypeTracking to false"
        case .privacyUnknownDataType: "use an NSPrivacyCollectedDataType… identifier from Apple's list"
        case .privacyUnknownPurpose: "use an NSPrivacyCollectedDataTypePurpose… identifier from Apple's list"
        case .privacyUnknownAPICategory: "use the full NSPrivacyAccessedAPICategory… identifier"
        case .privacyUnknownReason: "pick one of the reasons Apple lists for this category"
        case .privacyEntryIncomplete: "fill in every key of the entry, or remove the entry"
        case .privacySDKOnlyReason: "in an app's own manifest use a reason that is not reserved for SDKs"
        case .plistDuplicateKey: "keep one of the keys"
        case .plistWrongType: "write the value with the type the key needs"
        case .fileKindMismatch: "pass an Info.plist as --plist and a PrivacyInfo.xcprivacy as --privacy-manifest"
        }
    }
}
