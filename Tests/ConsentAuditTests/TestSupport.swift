import Foundation
import ConsentPropertyLists
@testable import ConsentAudit

/// Files the tests read and write.
enum TestFiles {
    /// `fixtures/audit` of the repository, found by walking up from this source file, so the tests need
    /// no bundle resources.
    static let auditFixtures: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("fixtures")
            if FileManager.default.fileExists(atPath: candidate.path) {
                return candidate.appendingPathComponent("audit")
            }
            directory.deleteLastPathComponent()
        }
        fatalError("no fixtures/ folder above \(#filePath)")
    }()

    /// A fixture file by its path under `fixtures/audit`.
    static func fixture(_ path: String) -> URL {
        auditFixtures.appendingPathComponent(path)
    }

    /// A fresh folder holding `files` (path → contents), for inputs a test builds itself.
    static func directory(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("consent-audit-tests-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return root
    }

    /// An XML property list whose root `<dict>` holds `body`; the `<dict>` is on line 4.
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    /// The build settings of `text` read as an xcconfig, for `configuration`.
    static func settings(_ text: String, configuration: String = "Debug", sdk: String = "iphoneos")
        throws(AuditError) -> BuildSettings {
        let file = URL(fileURLWithPath: "/tmp/App.xcconfig")
        let assignments = try XCConfigParser.parse(text, file: file).compactMap { statement -> XCConfigAssignment? in
            if case .assignment(let assignment) = statement { return assignment }
            return nil
        }
        return try BuildSettings(assignments: assignments, configuration: configuration, sdk: sdk,
                                 srcroot: URL(fileURLWithPath: "/src/App"))
    }

    /// Parses XML text as if read from `name`.
    static func parse(_ text: String, name: String = "Test.plist") throws(AuditError) -> PropertyListDocument {
        try AuditPlist.parse(Data(text.utf8), file: URL(fileURLWithPath: "/tmp/\(name)"))
    }
}
