import Foundation

/// `consentctl test` over 10,000 generated decision cases (100 files of 100), as a privacy engineer's
/// large suite would run.
enum FixtureBenchmarks {
    static let regions = ["EEA", "DE", "UK", "CH", "US-CA", "US-VA", "US-NY", "JP", "BR", "unknown"]
    static let choices = ["consentAll", "rejectAll", "custom"]

    static let name = "`consentctl test` over 10,000 generated cases"

    static var all: [Measurement] {
        guard Benchmark.selects(name), FileManager.default.isExecutableFile(atPath: ProcessBenchmarks.binary.path) else { return [] }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consent-bench-fixtures-\(UUID().uuidString)")
        do {
            try generate(into: folder)
        } catch {
            print("fixture benchmark: cannot write the generated cases: \(error)")
            return []
        }
        return [
            Measurement(name: name, iterations: 1, perIteration: false, aim: 250_000_000) { _ in
                let status = try ProcessBenchmarks.run(["test", folder.path])
                guard status == 0 else { throw GeneratedFixturesFailed(status: status) }
            },
        ]
    }

    struct GeneratedFixturesFailed: Error { var status: Int32 }

    /// Each case states only what the engine must decide from its inputs, so a failure means a real change.
    static func generate(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in 0..<100 {
            var cases: [String] = []
            for index in 0..<100 {
                let n = file * 100 + index
                let region = regions[n % regions.count]
                let stored = n % 3 == 0 ? "{}" : #"{"consent": {"choice": "\#(choices[n % 3])", "answeredAt": "2026-0\#(1 + n % 5)-15T10:00:00Z"}}"#
                let expected: String
                switch region {
                case "unknown": expected = #""consentStatus": "unknown", "canRequestAds": false"#
                case "US-CA", "US-VA": expected = #""consentStatus": "notRequired", "privacyOptionsRequirementStatus": "required""#
                case "US-NY", "JP", "BR": expected = #""consentStatus": "notRequired", "privacyOptionsRequirementStatus": "notRequired""#
                default: expected = n % 3 == 0 ? #""consentStatus": "required", "formReason": "noAnswer""# : #""consentStatus": "obtained""#
                }
                cases.append(#"    {"name": "generated \#(n)", "context": {"region": "\#(region)", "now": "2026-07-01T00:00:00Z"}, "stored": \#(stored), "expect": {\#(expected)}}"#)
            }
            let text = "{\n  \"fixture\": 1,\n  \"kind\": \"decision\",\n  \"cases\": [\n" + cases.joined(separator: ",\n") + "\n  ]\n}\n"
            try text.write(to: folder.appendingPathComponent("generated-\(file).test.json"), atomically: true, encoding: .utf8)
        }
    }
}
