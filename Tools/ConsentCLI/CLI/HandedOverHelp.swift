// Written by scripts/handed-over-help from `consentctl-inspect COMMAND --help`: run it again rather than
// editing this file. consentctlTests' HandedOverHelpTests fails when the two differ.

/// The help of the commands `consentctl` hands to `consentctl-inspect`, as that tool prints it: `consentctl`
/// answers their help itself, where the tool is not built yet or not installed.
enum HandedOverHelp {
    /// `consentctl test --help`.
    static let test = #"""
        Usage: consentctl test [PATH…] [-v] [--run REGEX] [--json]

        Runs the *.test.json fixtures under the given files and folders (default: fixtures/): decision cases
        (a context and stored answers → the expected decision fields), flow cases (scripted answers → what was
        shown, whether ads started, what was stored, the final decision) and audit cases. Prints one line per
        failure with the expected and actual values, then "N passed, N failed" and how many of the engine's
        (rule, outcome) pairs the suite exercised. Exits 0 when every case passed, 2 when a case failed, and 1
        when a fixture could not be loaded or none was found. The format is documented in fixtures/README.md.

        Options:
          -v, --verbose  every case with its time and trace
          --run REGEX    only the cases whose name matches REGEX; the others are skipped
          --json         print the results as JSON
          -h, --help     show this help

        Examples:
          consentctl test
          consentctl test fixtures/decisions --run expiry -v
          consentctl test fixtures/flows/first-launch.test.json --json

        """#

    /// `consentctl audit --help`.
    static let audit = #"""
        Usage: consentctl audit [--plist Info.plist] [--xcconfig App.xcconfig] [--configuration Debug|Release] [--srcroot DIR] [--privacy-manifest PrivacyInfo.xcprivacy] [--requests-tracking yes|no|auto] [--search-path DIR]… [--json]

        Finds what makes an ad-supported iOS app crash at launch or fail review: a missing or malformed
        GADApplicationIdentifier, ad unit ids that are not Google's test ids in a Debug configuration (found by
        value, under any key or setting), Android test ids, a missing NSUserTrackingUsageDescription in an app
        that asks for tracking, Google's SKAdNetwork identifiers, privacy-manifest mistakes, duplicate keys and
        broken #includes. The xcconfig is resolved for the configuration (includes, conditions, $(VAR)
        expansion; the name matches without regard to case) with SRCROOT = --srcroot or the xcconfig's folder;
        the plist is --plist, else the resolved INFOPLIST_FILE, merged with the INFOPLIST_KEY_* settings. A
        privacy manifest given alone is audited as an SDK's. --requests-tracking auto (the default) looks for
        requestTrackingAuthorization or an import of AppTrackingTransparency in the Swift and Objective-C files
        under SRCROOT, the local packages its Xcode project or workspace references, and each --search-path.
        Exit 0 clean (warnings allowed), 1 errors found, 65 a file cannot be parsed or is beyond the audit's
        bounds, 66 a file is missing.

        Rules:
          app-id-missing                      error    GADApplicationIdentifier is missing or empty: the ads SDK stops the app at launch
          app-id-malformed                    error    GADApplicationIdentifier is not ca-app-pub-<16 digits>~<10 digits>
          app-id-is-unit-id                   error    GADApplicationIdentifier holds an ad unit id (with /) instead of the app id (with ~)
          unit-id-is-app-id                   error    a key named for an ad unit holds the app id (with ~) instead of a unit id (with /)
          unit-id-malformed                   error    an ad unit id is not ca-app-pub-<16 digits>/<10 digits>
          ad-unit-not-test                    error    a Debug build uses an ad unit that is not one of Google's iOS test units
          app-id-not-test                     info     a Debug build uses a real app id
          android-test-id                     error    one of Google's Android test ids in an iOS app
          test-id-in-release                  warning  a release configuration uses Google's test or sample ids, which earn nothing
          configuration-unknown               warning  no [config=…] condition, xcconfig file name or Xcode default names the configuration
          include-missing                     error    an #include names a file that does not exist
          include-generated-missing           warning  an #include names a file that pod install or flutter pub get writes, not there yet
          include-cycle                       error    an #include leads back to a file already being read
          xcconfig-comment-in-value           warning  // in an xcconfig value starts a comment and cuts the value short
          xcconfig-line-skipped               warning  Xcode skips the line (export NAME=value, an unknown #directive): nothing is set
          infoplist-key-conflict              warning  the plist file and an INFOPLIST_KEY_ setting give one key different values
          tracking-description-missing        error    the app asks for tracking but NSUserTrackingUsageDescription is missing: iOS stops the app
          tracking-description-unverified     warning  NSUserTrackingUsageDescription is missing; without SRCROOT the audit cannot tell if the app asks
          tracking-description-placeholder    warning  NSUserTrackingUsageDescription is a placeholder (TODO, test, $(…), under 10 characters)
          usage-description-empty             error    a usage description is empty
          skadnetwork-google-missing          error    SKAdNetworkItems lacks Google's cstr6suwn9.skadnetwork
          skadnetwork-3p-missing              warning  SKAdNetworkItems lacks some of Google's third-party identifiers
          skadnetwork-id-misspelled           warning  an SKAdNetworkIdentifier is one or two edits away from one of Google's
          privacy-tracking-without-domains    error    NSPrivacyTracking is true but lists no NSPrivacyTrackingDomains
          privacy-domains-without-tracking    error    NSPrivacyTrackingDomains are listed while NSPrivacyTracking is false
          privacy-tracking-domain-url         error    a tracking domain is a URL, not a host name
          privacy-tracking-data-inconsistent  warning  data collected for tracking while NSPrivacyTracking is false or absent
          privacy-unknown-data-type           error    a collected data type is not one of Apple's identifiers
          privacy-unknown-purpose             error    a collection purpose is not one of Apple's identifiers
          privacy-unknown-api-category        error    a required-reason API category is not one of Apple's identifiers
          privacy-unknown-reason              error    a reason code is not one Apple accepts for its API category
          privacy-entry-incomplete            error    a privacy-manifest entry lacks a key it needs
          privacy-sdk-only-reason             warning  a reason reserved for third-party SDKs appears in the manifest
          plist-duplicate-key                 error    a dictionary has the same key twice; the last one silently wins
          plist-wrong-type                    error    a known key has a value of the wrong type
          file-kind-mismatch                  error    a privacy manifest given as the Info.plist, or the reverse

        Options:
          --plist FILE                     the Info.plist (default: the xcconfig's INFOPLIST_FILE)
          --xcconfig FILE                  the app's .xcconfig
          --configuration NAME             Debug or Release, any case (default: Debug)
          --srcroot DIR                    the app project's folder (default: the xcconfig's folder)
          --privacy-manifest FILE          the PrivacyInfo.xcprivacy to check; alone: an SDK's
          --requests-tracking yes|no|auto  whether the app asks for tracking (default: auto, from its sources)
          --search-path DIR                another folder of the app's sources for auto (repeatable)
          --json                           print the findings as JSON
          -h, --help                       show this help

        Examples:
          consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Shopping/Shopping.xcconfig
          consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Catcher/Catcher.xcconfig --privacy-manifest fixtures/audit/my-apps/Apps/Catcher/PrivacyInfo.xcprivacy
          consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Catcher/Catcher.xcconfig --configuration Release --json
          consentctl audit --xcconfig fixtures/audit/real-apps/flutter_quiz/ios/Flutter/Debug.xcconfig --plist fixtures/audit/real-apps/flutter_quiz/ios/Runner/Info.plist --srcroot fixtures/audit/real-apps/flutter_quiz/ios --configuration debug
          consentctl audit --plist fixtures/audit/real-apps/BannerSample/BannerSample/Info.plist --requests-tracking no
          consentctl audit --privacy-manifest fixtures/audit/real-apps/AdKit/Sources/AdKit/PrivacyInfo.xcprivacy

        """#

    /// `consentctl explain --help`.
    static let explain = #"""
        Usage: consentctl explain --prefs FILE [--json] [--now ISO8601] [--certified-cmps FILE]

        Reads the IABTCF_, IABGPP_ and IABUSPrivacy_ keys a CMP stored on a device, from an iOS preferences
        property list (XML or binary: a simulator's or Mac app's Library/Preferences/<bundle id>.plist,
        defaults export <bundle id> - output, consentctl's own preferences.plist) or an Android shared
        preferences file (shared_prefs/<name>.xml), and says in order: which CMP wrote them and what
        applies (gdpr, usStates, none, unknown); the decoded TC, AC and GPP strings; whether every key
        agrees with the strings by meaning and has its type; what Google will serve (personalized,
        nonPersonalized, limited, none) and why, by the serving table the engine uses, with Google's TCF
        error codes; and Consent Mode. Exit 0 when ads serve personalised or non-personalised and no
        finding is an error; 1 when ads are limited or blocked, a finding is an error, or nothing says what
        applies; 65 a file that is not preferences (the message says what it looks like); 66 a missing
        file. docs/explain.md explains every finding.

        Findings:
          tcStringMissing                     error    GDPR applies (IABTCF_gdprApplies 1) but no TC string is stored
          tcStringInvalid                     error    IABTCF_TCString does not decode (segment, field and bit offset named)
          keyMismatch                         error    an IABTCF_ key disagrees with the TC string by meaning (both values named)
          keyWrongType                        error    a key stored with the wrong type, such as IABTCF_gdprApplies as a string
          keyValueInvalid                     error    a key holds a value its format does not allow, such as IABTCF_gdprApplies 2
          disclosedVendorsMissing             error    a TC string created on or after 2026-02-28 has no Disclosed Vendors segment
          stringExpired                       error    the TC string was last updated more than 13 months ago
          gppInconsistent                     error    GPP keys disagree: header, sections, IABGPP_GppSID and the TC string
          gppStringInvalid                    error    IABGPP_HDR_GppString does not decode
          acStringInvalid                     error    IABTCF_AddtlConsent does not decode
          cmpIdInvalid                        error    the CMP id is below 2 (0 and 1 are not registered CMPs)
          cmpNotCertified                     error    the CMP is not on the --certified-cmps list: limited ads at most
          cmpCertificationUnknown             warning  whether the CMP is Google-certified cannot be told without --certified-cmps
          keyMissing                          warning  a key the CMP should have stored is absent (the TC string's keys, IABTCF_CmpSdkID…)
          keyWithoutTCString                  warning  an IABTCF_ key derived from a TC string is stored without one (a leftover)
          stringDatedInFuture                 warning  the TC string is dated after the time of the diagnosis (a clock is off)
          duplicateKey                        warning  a key is written twice in the file; the last value counts
          noCMPKeys                           warning  no IABTCF_, IABGPP_ or IABUSPrivacy_ key is stored: no CMP has run
          purposeLegitimateInterestForbidden  warning  legitimate interest set for purpose 1, or for purposes 3-6 under TCF policy version 4 or later
          vendorIdAboveMax                    warning  a vendor section lists a vendor above its MaxVendorId
          vendorIdZero                        warning  a vendor section lists vendor 0, which no vendor has (ids start at 1)
          gpcSubsectionEmpty                  warning  a GPP section ends with an empty sub-section ('.' and nothing after it)
          purposeUndefined                    warning  a purpose above 10 (TCF policy versions 2-3) or 11 (version 4 on)
          coreSegmentShort                    warning  the TC core segment ends before NumPubRestrictions, read as no restriction
          usnatCoreShort                      warning  a usnat Version 2 core only a version-1 core long, read with v1's fields padded with zeros

        Options:
          --prefs FILE           the preferences file: an iOS plist (XML or binary) or Android shared_prefs XML
          --json                 print the diagnosis as JSON
          --now ISO8601          the time string age and Google's rules are judged at (default: the clock)
          --certified-cmps FILE  Google's certified CMP ids, one per line (# comments)
          -h, --help             show this help

        Examples:
          consentctl explain --prefs fixtures/explain/devices/accept-all.plist --now 2026-06-01T00:00:00Z
          consentctl explain --prefs fixtures/explain/devices/accept-all-android.xml --now 2026-06-01T00:00:00Z --json
          consentctl explain --prefs fixtures/explain/devices/ump-accept-all.plist --now 2026-06-01T00:00:00Z --certified-cmps fixtures/explain/devices/certified-cmps.txt
          consentctl explain --prefs fixtures/explain/devices/us-california-sale-opt-out.plist

        """#
}
