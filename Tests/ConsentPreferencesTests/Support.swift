import ConsentPreferences
import Foundation

/// The repository's folders and the conversions the tests need.
enum TestFiles {
    /// The package's folder, found from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A device file of `fixtures/explain/devices`.
    static func device(_ name: String) -> URL {
        repository.appendingPathComponent("fixtures/explain/devices/\(name)")
    }

    /// Reads `text` as a preferences file called `name`.
    static func parse(_ text: String, name: String = "prefs.xml") throws(PreferencesError) -> DevicePreferences {
        try PreferencesReader.parse(Data(text.utf8), file: URL(fileURLWithPath: "/tmp/\(name)"))
    }

    /// The keys of an XML or binary plist, written again as a binary plist by Foundation (tests only: the
    /// reader does not use PropertyListSerialization for XML).
    static func binaryPlist(of url: URL) throws -> Data {
        let object = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), format: nil)
        return try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    }

    /// The integer and string keys of preferences as Android's shared-preferences XML.
    static func androidXML(of preferences: DevicePreferences) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var lines = ["<?xml version='1.0' encoding='utf-8' standalone='yes' ?>", "<map>"]
        for entry in preferences.entries {
            switch entry.value {
            case .integer(let number): lines.append("    <int name=\"\(escaped(entry.name))\" value=\"\(number)\" />")
            case .string(let text): lines.append("    <string name=\"\(escaped(entry.name))\">\(escaped(text))</string>")
            default: continue
            }
        }
        return (lines + ["</map>", ""]).joined(separator: "\n")
    }

    /// The keys as a name → value map, to compare two readings regardless of order and lines.
    static func values(_ preferences: DevicePreferences) -> [String: PreferenceValue] {
        Dictionary(preferences.entries.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
