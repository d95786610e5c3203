import ConsentEngine
import ConsentPreferences
import ConsentSignals
import Foundation

/// Another CMP's keys, as an app reads them at every launch: any names, any types, any values. The
/// input is one key a line, `NAME=VALUE`, where a value is typed by its prefix: `i:` an integer, `b:` a
/// boolean, `r:` a real, `S:` a set of strings (comma-separated), `o:` a value of another kind, and
/// anything else a string.
enum KeyMapTargets {
    static let all = [cmpKeys, deviceDiagnosis]

    /// A fixed time, so that a replayed input does what it did under the fuzzer.
    static let now = Date(timeIntervalSince1970: 1_780_272_000)

    static let cmpKeys = FuzzTarget(name: "cmp-keys", summary: "another CMP's keys read as the stored answer, then decided") { input in
        var keys = InAppKeys()
        for (name, value) in lines(input) {
            switch value {
            case .integer(let number): keys[name] = .int(number)
            case .string(let text): keys[name] = .string(text)
            default: continue
            }
        }
        let record = CMPKeysTranslation.record(keys, policy: .default, base: .empty, readAt: now)
        DecisionRun.decide(record)
        return []
    }

    static let deviceDiagnosis = FuzzTarget(name: "device-diagnosis", summary: "a device's stored keys, diagnosed as explain does") { input in
        let entries = lines(input).map { DevicePreferences.Entry(name: $0.name, value: $0.value) }
        _ = DeviceDiagnosis(DevicePreferences(format: .keyMap, entries: entries), now: now, certifiedCMPs: [300, 7])
        return []
    }

    static func lines(_ input: [UInt8]) -> [(name: String, value: PreferenceValue)] {
        String(decoding: input, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let equals = line.firstIndex(of: "=") else { return nil }
            let name = String(line[..<equals])
            let raw = line[line.index(after: equals)...]
            let payload = String(raw.dropFirst(2))
            let value: PreferenceValue = switch raw.prefix(2) {
            case "i:": Int(payload).map(PreferenceValue.integer) ?? .string(String(raw))
            case "b:": .boolean(payload == "1" || payload == "true")
            case "r:": Double(payload).map(PreferenceValue.real) ?? .string(String(raw))
            case "S:": .stringSet(payload.split(separator: ",").map(String.init))
            case "o:": .other(kind: payload)
            default: .string(String(raw))
            }
            return (name, value)
        }
    }
}

/// A stored record decided in every kind of region, with its signals: what a launch does with it.
enum DecisionRun {
    static func decide(_ record: ConsentRecord, policy: Policy = .default) {
        for region in ["DE", "US-CA", "JP", "unknown"] {
            guard let input = try? RegionInput(parsing: region) else { continue }
            let context = DecisionContext(region: input, now: KeyMapTargets.now, build: .release)
            let decision = DecisionEngine.decide(policy: policy, context: context, record: record)
            _ = SignalBuilder.signals(policy: policy, context: context, record: record, decision: decision)
            _ = decision.jsonText()
        }
    }
}
