import Foundation
import ConsentPropertyLists

/// Audits an app's ad configuration: its xcconfig settings, merged Info.plist and privacy manifest.
///
/// Findings are returned, never printed. Throws `AuditError` when the audit cannot run: nothing to read
/// (`.usage`), a file that cannot be parsed or crosses a bound of `AuditLimits` (`.malformedInput`, with
/// file and line), or a missing input file or folder (`.missingFile`). A missing `#include` is a finding,
/// not an error. A privacy manifest given alone is audited on its own, as an SDK's.
public func runAudit(_ request: AuditRequest) throws(AuditError) -> AuditReport {
    try checkFolders(request)
    var findings: [Finding] = []
    var srcroot = request.srcroot
    var resolution: XCConfigResolution?
    if let xcconfig = request.xcconfig {
        let resolved = try XCConfigResolver.resolve(xcconfig)
        findings += XCConfigRules.findings(resolved)
        srcroot = srcroot ?? xcconfig.deletingLastPathComponent()
        resolution = resolved
    }
    let configuration = ConfigurationName(request.configuration, resolution: resolution)
    let settings = try resolution.map { resolved throws(AuditError) in
        try BuildSettings(assignments: resolved.assignments, configuration: configuration.name, sdk: request.sdk,
                          srcroot: srcroot)
    } ?? BuildSettings(configuration: configuration.name, sdk: request.sdk, srcroot: srcroot)

    let manifestAlone = request.plist == nil && request.xcconfig == nil && request.privacyManifest != nil
    var infoPlist: PropertyListDocument?
    // A manifest audited without an app around it is an SDK's.
    var manifest: (document: PropertyListDocument, isSDK: Bool)?
    if !manifestAlone {
        let url = try infoPlistFile(request, settings, srcroot)
        let document = try AuditPlist.read(url, role: "Info.plist")
        findings += PlistRules.findings(document)
        if PlistFileKind.of(document) == .privacyManifest {
            findings.append(PlistFileKind.mismatch(document, is: .privacyManifest))
            if request.privacyManifest == nil { manifest = (document, request.xcconfig == nil) }
        } else {
            infoPlist = document
        }
        if !configuration.isKnown { findings.append(configuration.unknownFinding(at: request.xcconfig ?? url)) }
    }
    if let manifestURL = request.privacyManifest {
        let document = try AuditPlist.read(manifestURL, role: "privacy manifest")
        findings += PlistRules.findings(document)
        if PlistFileKind.of(document) == .infoPlist {
            findings.append(PlistFileKind.mismatch(document, is: .infoPlist))
        } else {
            manifest = (document, manifestAlone)
        }
    }

    if let infoPlist {
        let info = try InfoPlistMerger.merge(infoPlist, settings: settings)
        findings += InfoPlistRules.findings(info)
        findings += TrackingRules.findings(info) { trackingAnswer(request, srcroot: srcroot) }
        findings += AdUnitRules.findings(info, settings: settings, isDebug: configuration.isDebug,
                                         configuration: configuration.name)
    }
    if let manifest {
        findings += PrivacyManifestRules.findings(manifest.document, isSDK: manifest.isSDK)
    }
    return AuditReport(findings: findings)
}

/// What the request and the app's sources say about the app asking for tracking.
private func trackingAnswer(_ request: AuditRequest, srcroot: URL?) -> TrackingRules.Answer {
    switch request.requestsTracking {
    case .yes:
        return .asks(nil)
    case .no:
        return .doesNotAsk
    case .auto:
        let places = (srcroot.map { [$0] } ?? []) + request.searchPaths
        if let evidence = TrackingSearch.firstRequest(in: places) { return .asks(evidence) }
        return srcroot == nil ? .cannotTell : .doesNotAsk
    }
}

/// `--srcroot` and every `--search-path` must be folders: a mistyped one would make `auto` find nothing.
private func checkFolders(_ request: AuditRequest) throws(AuditError) {
    let folders = (request.srcroot.map { [($0, "--srcroot")] } ?? []) + request.searchPaths.map { ($0, "--search-path") }
    for (folder, option) in folders {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw AuditError(kind: .missingFile, file: folder, line: nil, message: "\(option) names no folder",
                             hint: "check the path; relative paths start at the current directory")
        }
    }
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
