import ConsentAudit
import Foundation

/// `consentctl audit`: check an app's Info.plist, xcconfig and privacy manifest before a build does.
enum AuditCommand: Command {
    static let name = "audit"
    static let summary = "check an app's Info.plist, xcconfig and privacy manifest"
    static let usage = "consentctl audit [--plist Info.plist] [--xcconfig App.xcconfig] [--configuration Debug|Release] [--srcroot DIR] [--privacy-manifest PrivacyInfo.xcprivacy] [--json]"
    static let about = """
    Finds what makes an ad-supported iOS app crash at launch or fail review: a missing or malformed
    GADApplicationIdentifier, ad unit ids that are not Google's test ids in a Debug configuration, Android
    test ids, a missing NSUserTrackingUsageDescription while the policy asks for tracking, Google's
    SKAdNetwork identifiers, privacy-manifest mistakes, duplicate keys and broken #includes. The xcconfig
    is resolved for the configuration (includes, conditions, $(VAR) expansion) with SRCROOT = --srcroot or
    the xcconfig's folder; the plist is --plist, else the resolved INFOPLIST_FILE, merged with the
    INFOPLIST_KEY_* settings. Exit 0 clean (warnings allowed), 1 errors found, 65 a file cannot be parsed,
    66 a file is missing.
    """
    static let takesCommonOptions = false
    static let options: [OptionSpec] = [
        OptionSpec(name: "plist", value: "FILE", help: "the Info.plist (default: the xcconfig's INFOPLIST_FILE)"),
        OptionSpec(name: "xcconfig", value: "FILE", help: "the app's .xcconfig"),
        OptionSpec(name: "configuration", value: "NAME", help: "Debug or Release (default: Debug)"),
        OptionSpec(name: "srcroot", value: "DIR", help: "the app project's folder (default: the xcconfig's folder)"),
        OptionSpec(name: "privacy-manifest", value: "FILE", help: "the PrivacyInfo.xcprivacy to check"),
        OptionSpec(name: "json", value: nil, help: "print the findings as JSON"),
    ]
    static let examples = [
        "consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Shopping/Shopping.xcconfig",
        "consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Catcher/Catcher.xcconfig --privacy-manifest fixtures/audit/my-apps/Apps/Catcher/PrivacyInfo.xcprivacy",
        "consentctl audit --xcconfig fixtures/audit/my-apps/Apps/Catcher/Catcher.xcconfig --configuration Release --json",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let url = { (name: String) in arguments.value(name).map { URL(fileURLWithPath: $0) } }
        guard arguments.given("plist") || arguments.given("xcconfig") else {
            throw CLIError.usage("audit needs --plist or --xcconfig", hint: "e.g. consentctl audit --xcconfig App.xcconfig")
        }
        let request = AuditRequest(
            plist: url("plist"), xcconfig: url("xcconfig"), configuration: arguments.value("configuration") ?? "Debug",
            srcroot: url("srcroot"), privacyManifest: url("privacy-manifest"),
            // Every policy's launch flow shows the tracking prompt where it may, so iOS needs the usage
            // description (without it the app stops when the prompt is requested).
            trackingRequested: true)
        let report = try runAudit(request)
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        invocation.console.out(arguments.has("json") ? report.jsonText(relativeTo: base) : report.humanText(relativeTo: base))
        return report.exitCode == 0 ? .success : .failure
    }
}

/// The audit's errors, as the CLI reports them.
enum AuditErrorReport {
    static func describe(_ error: AuditError) -> (message: String, hint: String?, code: ExitCode) {
        let code: ExitCode
        switch error.kind {
        case .usage: code = .usage
        case .malformedInput: code = .dataError
        case .missingFile: code = .noInput
        }
        return (error.description, error.hint, code)
    }
}
