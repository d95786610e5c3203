import Foundation

/// Audits an app's ad configuration: its xcconfig settings, merged Info.plist and privacy manifest.
///
/// Findings are returned, never printed. Throws `AuditError` when the audit cannot run: no plist to read
/// (`.usage`), a file that cannot be parsed (`.malformedInput`, with file and line), or a missing input
/// file (`.missingFile`). A missing `#include` is a finding, not an error.
public func runAudit(_ request: AuditRequest) throws(AuditError) -> AuditReport {
    var findings: [Finding] = []
    var settings = BuildSettings(configuration: request.configuration, sdk: request.sdk, srcroot: request.srcroot)
    var srcroot = request.srcroot
    if let xcconfig = request.xcconfig {
        let resolution = try XCConfigResolver.resolve(xcconfig)
        findings += XCConfigRules.findings(resolution)
        srcroot = srcroot ?? xcconfig.deletingLastPathComponent()
        settings = BuildSettings(assignments: resolution.assignments, configuration: request.configuration,
                                 sdk: request.sdk, srcroot: srcroot)
    }

    let document = try PropertyListReader.read(try infoPlistFile(request, settings, srcroot), role: "Info.plist")
    let info = InfoPlistMerger.merge(document, settings: settings)
    findings += PlistRules.findings(document)
    findings += InfoPlistRules.findings(info, trackingRequested: request.trackingRequested)
    findings += AdUnitRules.findings(info, isDebug: request.isDebug, configuration: request.configuration)

    if let manifestURL = request.privacyManifest {
        let manifest = try PropertyListReader.read(manifestURL, role: "privacy manifest")
        findings += PlistRules.findings(manifest)
        findings += PrivacyManifestRules.findings(manifest)
    }
    return AuditReport(findings: findings)
}

/// `--plist`, else `INFOPLIST_FILE` relative to `SRCROOT` (an absolute value is used as it is).
private func infoPlistFile(_ request: AuditRequest, _ settings: BuildSettings, _ srcroot: URL?)
    throws(AuditError) -> URL {
    if let plist = request.plist { return plist }
    let path = settings.value("INFOPLIST_FILE")
    guard !path.isEmpty else {
        throw AuditError(
            kind: .usage, file: request.xcconfig, line: nil,
            message: request.xcconfig == nil
                ? "nothing to audit: no Info.plist given"
                : "the xcconfig sets no INFOPLIST_FILE for \(request.configuration), and no --plist was given",
            hint: "pass --plist Info.plist, or --xcconfig with a file that sets INFOPLIST_FILE"
        )
    }
    let base = srcroot ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let file = path.hasPrefix("/")
        ? URL(fileURLWithPath: path).standardizedFileURL
        : base.appendingPathComponent(path).standardizedFileURL
    if !FileManager.default.fileExists(atPath: file.path), let setting = settings.location(of: "INFOPLIST_FILE") {
        throw AuditError(
            kind: .missingFile, file: file, line: nil,
            message: "INFOPLIST_FILE (set in \(setting.file.lastPathComponent):\(setting.line ?? 0)) names a file "
                + "that does not exist",
            hint: "check the path and SRCROOT (--srcroot, else the xcconfig's folder)"
        )
    }
    return file
}
