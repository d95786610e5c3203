import ConsentWeb
import Foundation
import Testing

@Suite struct CMPAPIsSourceTests {
    static let scriptFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ConsentWeb/CMPAPIs.js")

    @Test func theEmbeddedScriptIsTheJavaScriptFileSplitAtItsOnePlaceholder() throws {
        let file = try String(contentsOf: Self.scriptFile, encoding: .utf8)
        #expect(CMPAPIsSource.beforeData + CMPAPIsSource.dataPlaceholder + CMPAPIsSource.afterData == file,
                "run scripts/embed-web-scripts after editing Sources/ConsentWeb/CMPAPIs.js")
        #expect(file.components(separatedBy: CMPAPIsSource.dataPlaceholder).count == 2)
    }
}
