import ConsentJSON
import ConsentSignals
import Foundation
import ConsentFiles
import ConsentPropertyLists

/// Reads a device's preferences: an iOS property list (XML or binary) or Android shared-preferences XML,
/// told apart by their content, not their name.
///
/// A file that is neither is refused with what it looks like instead ("JSON", "an app's Info.plist", "XML
/// whose root element is <html>"), so a wrong path is caught at once.
public enum PreferencesReader {
    /// Reads the file at `url`.
    ///
    /// - Throws: ``PreferencesError`` `.missingFile` when it cannot be read, `.notPreferences` when it holds
    ///   something else or is broken.
    public static func read(contentsOf url: URL) throws(PreferencesError) -> DevicePreferences {
        try parse(Data(readFile(url, kind: .preferences)), file: url)
    }

    /// The bytes of the file at `url`, a file of `kind`, read through the bounded reader.
    static func readFile(_ url: URL, kind: InputFileKind) throws(PreferencesError) -> [UInt8] {
        do {
            return try InputFile.read(url.path, kind: kind)
        } catch {
            throw PreferencesError(PropertyListError(error))
        }
    }

    /// Reads `data` as preferences read from `file` (named in errors).
    public static func parse(_ data: Data, file: URL) throws(PreferencesError) -> DevicePreferences {
        func refuse(_ looksLike: String, line: Int? = nil) -> PreferencesError {
            PreferencesError(kind: .notPreferences, file: file.path, line: line,
                             message: "this is not a preferences file: \(looksLike)",
                             hint: "give an iOS preferences plist (Library/Preferences/<bundle id>.plist, defaults export <domain> -) or Android shared_prefs/<name>.xml")
        }
        if data.starts(with: Array("bplist".utf8)) {
            return try preferences(fromPlist: data, file: file, format: .binaryPropertyList, refuse: refuse)
        }
        switch FileShape(data) {
        case .empty:
            throw refuse("the file is empty")
        case .otherEncoding, .xml(root: "plist"):
            // The plist reader refuses a file in another encoding, naming it.
            return try preferences(fromPlist: data, file: file, format: .xmlPropertyList, refuse: refuse)
        case .xml(root: "map"):
            do {
                return try AndroidPreferencesReader.parse(data, file: file)
            } catch {
                throw PreferencesError(error)
            }
        case .xml(let root):
            // XML of neither format is refused for its encoding or its declaration first, as both readers
            // refuse them, so that the message names what the file declares.
            do {
                try XMLDeclarationCheck.checkEncoding(data, file: file, format: .propertyList)
            } catch {
                throw PreferencesError(error)
            }
            guard let root else { throw refuse("it starts as XML but has no root element") }
            throw refuse("it is XML whose root element is <\(root)>, neither a property list (<plist>) nor Android shared preferences (<map>)")
        case .json:
            throw refuse("it looks like JSON")
        case .oldStylePlist:
            throw refuse("it looks like `defaults read` output (an old-style text property list); `defaults export <domain> -` writes XML")
        case .text(let firstLine):
            throw refuse("it looks like plain text (\"\(firstLine)\")", line: 1)
        case .binary(let head):
            throw refuse("it looks like binary data that is not a binary property list (it starts with \(head))")
        }
    }

    private static func preferences(
        fromPlist data: Data, file: URL, format: DevicePreferences.Format,
        refuse: (String, Int?) -> PreferencesError
    ) throws(PreferencesError) -> DevicePreferences {
        let document: PropertyListDocument
        do {
            document = try PropertyListReader.parse(data, file: file)
        } catch {
            throw PreferencesError(error)
        }
        guard let dict = document.root.dict else {
            throw refuse("it is a property list whose root is \(document.root.value.kind.phrase), not a dictionary of keys",
                         document.root.location.line)
        }
        let names = dict.entries.map(\.key)
        let storesCMPKeys = names.contains(where: InAppKeyName.isCMPKey)
        if !storesCMPKeys, let marker = names.first(where: { infoPlistMarkers.contains($0) }) {
            throw refuse("it looks like an app's Info.plist (it has \(marker)), not a preferences domain", nil)
        }
        if !storesCMPKeys, !names.isEmpty, names.allSatisfy({ $0.hasPrefix("NSPrivacy") }) {
            throw refuse("it looks like a privacy manifest (PrivacyInfo.xcprivacy), not a preferences domain", nil)
        }
        let entries = dict.entries.map { entry in
            DevicePreferences.Entry(name: entry.key, value: value(of: entry.value.value), line: entry.keyLocation.line)
        }
        var preferences = DevicePreferences(format: format, entries: entries)
        preferences.noteDuplicates(document.duplicateKeys.map(\.key))
        return preferences
    }

    /// Keys every app's Info.plist has and no preferences domain does.
    private static let infoPlistMarkers: Set<String> = [
        "CFBundleIdentifier", "CFBundleExecutable", "CFBundlePackageType", "CFBundleShortVersionString",
    ]

    private static func value(of value: PlistValue) -> PreferenceValue {
        switch value {
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        case .bool(let flag): .boolean(flag)
        case .real(let number): .real(number)
        default: .other(kind: value.kind.rawValue)
        }
    }
}

/// What a file looks like from its first bytes.
private enum FileShape {
    case empty
    /// XML in another encoding than UTF-8 by its first bytes (UTF-16, UTF-32), as libxml2 would tell it.
    case otherEncoding
    /// 8-bit XML with the name of its root element, if it has one.
    case xml(root: String?)
    case json
    /// `{ key = value; }`, as `defaults read` prints a domain.
    case oldStylePlist
    case text(firstLine: String)
    case binary(head: String)

    init(_ data: Data) {
        if XMLDeclarationCheck.otherEncoding(of: data) != nil {
            self = .otherEncoding
            return
        }
        var bytes = [UInt8](data.prefix(64 << 10))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let start = bytes.firstIndex(where: { !whitespace.contains($0) }) else {
            self = .empty
            return
        }
        switch bytes[start] {
        case UInt8(ascii: "<"):
            self = .xml(root: Self.rootElement(bytes[start...]))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let text = String(decoding: bytes[start...].prefix(4096), as: UTF8.self)
            let assigns = text.contains(" = ") && text.contains(";")
            self = assigns && !text.contains("\":") ? .oldStylePlist : .json
        default:
            let line = bytes[start...].prefix { $0 != 0x0A && $0 != 0x0D }
            if let text = UTF8Text.string(line), line.allSatisfy({ $0 >= 0x20 || $0 == 0x09 }) {
                self = .text(firstLine: text.count > 60 ? String(text.prefix(60)) + "…" : text)
            } else {
                self = .binary(head: bytes[start...].prefix(4).map { "0x" + String($0, radix: 16, uppercase: true) }
                    .joined(separator: " "))
            }
        }
    }

    /// The name of the first element, after the XML declaration, comments and the document type.
    private static func rootElement(_ bytes: ArraySlice<UInt8>) -> String? {
        var index = bytes.startIndex
        func starts(_ text: String) -> Bool { bytes[index...].starts(with: Array(text.utf8)) }
        func skip(past end: String) -> Bool {
            let needle = Array(end.utf8)
            while index < bytes.endIndex {
                if bytes[index...].starts(with: needle) {
                    index += needle.count
                    return true
                }
                index += 1
            }
            return false
        }
        while index < bytes.endIndex {
            if bytes[index] != UInt8(ascii: "<") {
                index += 1
                continue
            }
            if starts("<?") { guard skip(past: "?>") else { return nil } }
            else if starts("<!--") { guard skip(past: "-->") else { return nil } }
            else if starts("<!") { guard skip(past: ">") else { return nil } }
            else {
                let name = bytes[(index + 1)...].prefix { byte in
                    !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
                        || byte == UInt8(ascii: "/"))
                }
                return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
            }
        }
        return nil
    }
}

extension PreferencesError {
    /// The preferences error for a file the shared readers refused.
    init(_ error: PropertyListError) {
        self.init(kind: error.kind == .missingFile ? .missingFile : .notPreferences, file: error.file,
                  line: error.line, message: error.message, hint: error.hint)
        fileError = error.fileError
    }
}
