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
        .option(.plist), .option(.xcconfig), .option(.configuration), .option(.srcroot), .option(.privacyManifest),
        .option(.requestsTracking), .option(.searchPath), .flag(.json, help: "print the findings as JSON"),
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
        let plist = try arguments[Option.plist], xcconfig = try arguments[Option.xcconfig]
        let privacyManifest = try arguments[Option.privacyManifest]
        guard plist != nil || xcconfig != nil || privacyManifest != nil else {
            throw CLIError.usage("audit needs --plist, --xcconfig or --privacy-manifest",
                                 hint: "e.g. consentctl audit --xcconfig App.xcconfig")
        }
        let request = AuditRequest(
            plist: plist, xcconfig: xcconfig, configuration: arguments[Option.configuration] ?? "Debug",
            srcroot: try arguments[Option.srcroot], privacyManifest: privacyManifest,
            requestsTracking: try arguments[Option.requestsTracking] ?? .auto, searchPaths: try arguments.all(Option.searchPath))
        let report = try runAudit(request)
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        invocation.console.out(arguments[Flag.json] ? report.jsonText(relativeTo: base) : report.humanText(relativeTo: base))
        return exitCode(for: report)
    }

    /// §8: errors found fail the audit (1); warnings and info do not.
    static func exitCode(for report: AuditReport) -> ExitCode {
        report.count(of: .error) > 0 ? .failure : .success
    }

    /// What `consentctl audit` exits with for an audit that ran (its report) or stopped (its error); the
    /// fixture runner compares an audit case's expected status with it.
    static func exitStatus(of outcome: Result<AuditReport, AuditError>) -> Int32 {
        switch outcome {
        case .success(let report): exitCode(for: report).rawValue
        case .failure(let error): error.report.code.rawValue
        }
    }
}

extension Option where Value == URL {
    static var plist: Option<URL> { file("plist", "FILE", help: "the Info.plist (default: the xcconfig's INFOPLIST_FILE)") }
    static var xcconfig: Option<URL> { file("xcconfig", "FILE", help: "the app's .xcconfig") }
    static var srcroot: Option<URL> { file("srcroot", "DIR", help: "the app project's folder (default: the xcconfig's folder)") }
    static var privacyManifest: Option<URL> {
        file("privacy-manifest", "FILE", help: "the PrivacyInfo.xcprivacy to check; alone: an SDK's")
    }
    static var searchPath: Option<URL> { file("search-path", "DIR", help: "another folder of the app's sources for auto (repeatable)") }

    /// A file or folder, relative to the current directory.
    private static func file(_ name: String, _ placeholder: String, help: String) -> Option<URL> {
        Option(name, placeholder, help: help) { path throws(CLIError) in URL(fileURLWithPath: path) }
    }
}

extension Option where Value == String {
    static var configuration: Option<String> { Option("configuration", "NAME", help: "Debug or Release, any case (default: Debug)") }
}

extension Option where Value == TrackingRequest {
    static var requestsTracking: Option<TrackingRequest> {
        Option("requests-tracking", "yes|no|auto", help: "whether the app asks for tracking (default: auto, from its sources)") { text throws(CLIError) in
            guard let request = TrackingRequest(rawValue: text) else {
                throw CLIError.usage("--requests-tracking is '\(text)'; it takes yes, no or auto",
                                     hint: "write --requests-tracking yes when the app shows the tracking prompt")
            }
            return request
        }
    }
}
