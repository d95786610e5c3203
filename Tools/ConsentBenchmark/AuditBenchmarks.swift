import ConsentAudit
import Foundation

enum AuditBenchmarks {
    static let name = "audit of a 10,000-key Info.plist"

    static var all: [Measurement] {
        guard Benchmark.selects(name) else { return [] }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)-Info.plist")
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        <key>GADApplicationIdentifier</key>
        <string>ca-app-pub-3940256099942544~1458002511</string>
        <key>NSUserTrackingUsageDescription</key>
        <string>Your data will be used to show you ads that fit you better.</string>

        """
        for index in 0..<10_000 {
            xml += "<key>Key\(index)</key>\n<string>value \(index)</string>\n"
        }
        xml += "</dict>\n</plist>\n"
        try? xml.write(to: file, atomically: true, encoding: .utf8)
        return [
            Measurement(name: name, iterations: 3, aim: 50_000_000) { count in
                for _ in 0..<count {
                    blackHole(try runAudit(AuditRequest(plist: file, xcconfig: nil, configuration: "Debug", srcroot: nil,
                                                        privacyManifest: nil, requestsTracking: .yes)))
                }
            },
        ]
    }
}
