import ConsentCLI
import ConsentAudit
import Foundation

/// `consentctl audit`: check an app's Info.plist, xcconfig and privacy manifest before a build does.
enum AuditCommand: Command {
    static let name = "audit"
    static let summary = "check an app's Info.plist, xcconfig and privacy manifest"
    static let usage = "consentctl audit [--plist Info.plist] [--xcconfig App.xcconfig] [--configuration Debug|Release] [--srcroot DIR] [--privacy-manifest PrivacyInfo.xcprivacy] [--requests-tracking yes|no|auto] [--search-path DIR]… [--json]"
    static var about: String {
        """
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
        \(ruleTable)
        """
    }

    /// Every rule id with its severity and what it finds, one per line.
    static var ruleTable: String {
        let width = AuditRule.allCases.map(\.rawValue.count).max() ?? 0
        return AuditRule.allCases.map { rule in
            "  " + rule.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + rule.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + rule.summary
        }.joined(separator: "\n")
    }

    static let takesCommonOptions = false
    static let options: [OptionSpec] = [
        OptionSpec(name: "plist", value: "FILE", help: "the Info.plist (default: the xcconfig's INFOPLIST_FILE)"),
        OptionSpec(name: "xcconfig", value: "FILE", help: "the app's .xcconfig"),
        OptionSpec(name: "configuration", value: "NAME", help: "Debug or Release, any case (default: Debug)"),
        OptionSpec(name: "srcroot", value: "DIR", help: "the app project's folder (default: the xcconfig's folder)"),
        OptionSpec(name: "privacy-manifest", value: "FILE", help: "the PrivacyInfo.xcprivacy to check; alone: an SDK's"),
        OptionSpec(name: "requests-tracking", value: "yes|no|auto",
                   help: "whether the app asks for tracking (default: auto, from its sources)"),
        OptionSpec(name: "search-path", value: "DIR", help: "another folder of the app's sources for auto (repeatable)"),
        OptionSpec(name: "json", value: nil, help: "print the findings as JSON"),
    ]
    static let examples = [
        "consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Shopping/Shopping.xcconfig",
        "consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Catcher/Catcher.xcconfig --privacy-manifest fixtures/audit/my-apps/Apps/Catcher/PrivacyInfo.xcprivacy",
        "consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Catcher/Catcher.xcconfig --configuration Release --json",
        "consentctl audit --xcconfig fixtures/audit/real-apps/flutter_quiz/ios/Flutter/Debug.xcconfig --plist fixtures/audit/real-apps/flutter_quiz/ios/Runner/Info.plist --srcroot fixtures/audit/real-apps/flutter_quiz/ios --configuration debug",
        "consentctl audit --plist fixtures/audit/real-apps/BannerSample/BannerSample/Info.plist --requests-tracking no",
        "consentctl audit --privacy-manifest fixtures/audit/real-apps/AdKit/Sources/AdKit/PrivacyInfo.xcprivacy",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let url = { (name: String) in arguments.value(name).map { URL(fileURLWithPath: $0) } }
        guard arguments.given("plist") || arguments.given("xcconfig") || arguments.given("privacy-manifest") else {
            throw CLIError.usage("audit needs --plist, --xcconfig or --privacy-manifest",
                                 hint: "e.g. consentctl audit --xcconfig App.xcconfig")
        }
        let tracking = arguments.value("requests-tracking") ?? TrackingRequest.auto.rawValue
        guard let requestsTracking = TrackingRequest(rawValue: tracking) else {
            throw CLIError.usage("--requests-tracking is '\(tracking)'; it takes yes, no or auto",
                                 hint: "write --requests-tracking yes when the app shows the tracking prompt")
        }
        let request = AuditRequest(
            plist: url("plist"), xcconfig: url("xcconfig"), configuration: arguments.value("configuration") ?? "Debug",
            srcroot: url("srcroot"), privacyManifest: url("privacy-manifest"), requestsTracking: requestsTracking,
            searchPaths: (arguments.values["search-path"] ?? []).map { URL(fileURLWithPath: $0) })
        let report = try runAudit(request)
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        invocation.console.out(arguments.has("json") ? report.jsonText(relativeTo: base) : report.humanText(relativeTo: base))
        return report.exitCode == 0 ? .success : .failure
    }
}

/// The audit's errors, as the CLI reports them.
extension AuditError: ReportableError {
    package var report: (message: String, hint: String?, code: ExitCode) {
        if let fileError { return ErrorReport.describe(fileError, message: description, option: nil, content: .dataError) }
        let code: ExitCode
        switch kind {
        case .usage: code = .usage
        case .malformedInput: code = .dataError
        case .missingFile: code = .noInput
        }
        return (description, hint, code)
    }
}
