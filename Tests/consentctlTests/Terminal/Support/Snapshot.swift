import Foundation
import Testing
import TestSupport

/// Compares text with a golden file in `Snapshots/` beside the calling test file.
///
/// A missing or different snapshot fails. With `RECORD_SNAPSHOTS=1` (and `CI` unset) the snapshot is
/// written instead, and the test still fails once so that a recording is never mistaken for a pass.
func assertSnapshot(
    _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent("\(name).txt")
    let environment = ProcessInfo.processInfo.environment
    let existing = try? String(contentsOf: file, encoding: .utf8)
    if existing == text { return }

    guard environment["RECORD_SNAPSHOTS"] == "1" else {
        if let existing {
            Issue.record("snapshot \(name) differs:\n\(lineDiff(expected: existing, actual: text))\nrecord it again with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        } else {
            Issue.record("snapshot \(name) is missing (\(file.path)); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        }
        return
    }
    guard !ContinuousIntegration.isSet else {
        Issue.record("snapshot \(name) is missing or differs, and recording is refused with CI set", sourceLocation: sourceLocation)
        return
    }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); look at it, then run the tests again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
    } catch {
        Issue.record("cannot record snapshot \(name): \(error)", sourceLocation: sourceLocation)
    }
}

/// The lines that differ, numbered, for a failure message.
private func lineDiff(expected: String, actual: String) -> String {
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    return (0..<max(expectedLines.count, actualLines.count)).compactMap { index in
        let old = index < expectedLines.count ? expectedLines[index] : "<none>"
        let new = index < actualLines.count ? actualLines[index] : "<none>"
        return old == new ? nil : "line \(index + 1)\n  expected: \(old)\n  actual:   \(new)"
    }.joined(separator: "\n")
}
