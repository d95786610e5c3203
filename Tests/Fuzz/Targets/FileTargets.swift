import ConsentAudit
import ConsentEngine
import ConsentFixtures
import ConsentPreferences
import ConsentWeb
import Foundation
import ConsentJSON
import ConsentPropertyLists

/// The readers of the files a command is given: each must refuse or read any bytes; what the JSON
/// reader and the state file read must come back the same through their writers.
enum FileTargets {
    static let all = [json, stateFile, consentLog, policy, vendorList, propertyList, androidPreferences, preferences, xcconfig, fixture]

    static let json = FuzzTarget(name: "json", summary: "any JSON document, through the one strict reader") { input in
        guard let value = try? JSONReader.parse(input) else { return [] }
        let written = JSONWriter.text(value)
        guard let again = try? JSONReader.parse(written) else { return ["the writer's text of a read value does not read: \(written)"] }
        return sameMeaning(again, value) ? [] : ["the writer's text reads as another value: \(written)"]
    }

    /// Equal as JSON: a number is its value, whether it was written `1000` or `1e3` (the writer writes a
    /// whole number without a fraction, which the reader then keeps as an integer).
    static func sameMeaning(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.integer(x), .number(y)), let (.number(y), .integer(x)): return Double(x) == y
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { sameMeaning($0, $1) }
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && sameMeaning($0.value, $1.value) }
        default: return a == b
        }
    }

    static let stateFile = FuzzTarget(name: "state-file", summary: "a state.json, migrated and decided") { input in
        guard case .record(let record) = StateFile.decode(input) else { return [] }
        DecisionRun.decide(record)
        let again = StateFile.decode(StateFile.encode(record))
        return again == .record(record) ? [] : ["a record read from a state file is written as one that reads as \(again)"]
    }

    static let consentLog = FuzzTarget(name: "consent-log", summary: "a consent-log.jsonl, its hash chain verified as log --verify FILE does") { input in
        let verification = ConsentLogVerification(log: input)
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        return verification.lineCount <= lines ? [] : ["\(verification.lineCount) lines counted in a log of \(lines)"]
    }

    static let policy = FuzzTarget(name: "policy", summary: "a policy file, validated, then decided with") { input in
        guard let policy = try? PolicyLoader.load(data: Data(input), file: "fuzz-policy.json") else { return [] }
        DecisionRun.decide(.empty, policy: policy)
        return []
    }

    static let vendorList = FuzzTarget(name: "vendor-list", summary: "an IAB Global Vendor List v3, applied to a policy and shown on the web form") { input in
        guard let list = try? VendorList.parse(JSONReader.parse(input)) else { return [] }
        var every = Policy.default
        every.partners = list.vendors.keys.sorted().compactMap { list.vendors[$0] }
        guard let policy = try? every.applyingVendorList(Data(input), file: "fuzz-vendor-list.json") else { return [] }
        DecisionRun.decide(.empty, policy: policy)
        _ = ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: policy, language: "de", reason: .noAnswer))
        return []
    }

    static let propertyList = FuzzTarget(name: "property-list", summary: "a property list, XML or binary (bplist00)") { input in
        _ = try? PropertyListReader.parse(Data(input), file: URL(fileURLWithPath: "/fuzz/Info.plist"))
        return []
    }

    static let androidPreferences = FuzzTarget(name: "android-preferences", summary: "Android shared-preferences XML") { input in
        _ = try? AndroidPreferencesReader.parse(Data(input), file: URL(fileURLWithPath: "/fuzz/prefs.xml"))
        return []
    }

    static let preferences = FuzzTarget(name: "preferences", summary: "any file explain --prefs is given, told by content and diagnosed") { input in
        guard let read = try? PreferencesReader.parse(Data(input), file: URL(fileURLWithPath: "/fuzz/preferences")) else { return [] }
        _ = DeviceDiagnosis(read, now: KeyMapTargets.now)
        return []
    }

    /// The input is the app's xcconfig and the files it may include, separated by NUL bytes: the first is
    /// `/fuzz/App.xcconfig`, the next `/fuzz/f1.xcconfig`, `/fuzz/f2.xcconfig`…, served from memory.
    static let xcconfig = FuzzTarget(name: "xcconfig", summary: "an xcconfig with its includes (NUL-separated), resolved and expanded") { input in
        let parts = input.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        let files = Dictionary(parts.enumerated().map { index, part in
            (index == 0 ? "/fuzz/App.xcconfig" : "/fuzz/f\(index).xcconfig", (index: index, bytes: part))
        }, uniquingKeysWith: { first, _ in first })
        let memory = XCConfigResolver.Files(
            identity: { url in files[url.standardizedFileURL.path].map { FileIdentity(device: 1, inode: UInt64($0.index)) } },
            isFile: { files[$0.standardizedFileURL.path] != nil },
            read: { url throws(AuditError) in
                guard let file = files[url.standardizedFileURL.path] else {
                    throw AuditError(kind: .missingFile, file: url, line: nil, message: "no such file", hint: "")
                }
                return file.bytes
            })
        guard let resolution = try? XCConfigResolver.resolve(URL(fileURLWithPath: "/fuzz/App.xcconfig"), files: memory) else { return [] }
        for configuration in ["Debug", "Release"] {
            _ = try? BuildSettings(assignments: resolution.assignments, configuration: configuration, sdk: "iphoneos17.0",
                                   srcroot: URL(fileURLWithPath: "/fuzz"))
        }
        return []
    }

    static let fixture = FuzzTarget(name: "fixture", summary: "a *.test.json fixture file, every kind") { input in
        _ = FixtureFile.load(input, directory: URL(fileURLWithPath: "/nonexistent/fuzz"), displayPath: "fuzz.test.json",
                             policies: PolicyCache())
        return []
    }
}
