/// The keys of one preferences file, typed as stored: an iOS preferences domain (a simulator's or Mac
/// app's `Library/Preferences/<bundle id>.plist`, `defaults export` output, `preferences.plist`) or an
/// Android shared-preferences file.
public struct DevicePreferences: Sendable, Equatable {
    /// The file format the keys were read from.
    public enum Format: String, Sendable, Equatable {
        /// An XML property list.
        case xmlPropertyList
        /// A binary property list (`bplist00`).
        case binaryPropertyList
        /// Android's shared-preferences XML (`<map>`).
        case androidSharedPreferences
        /// Keys given directly, as a fixture or a test gives them.
        case keyMap
    }

    /// One key, its value, and the line it was read from when the format has lines.
    public struct Entry: Sendable, Equatable {
        /// The key, such as `IABTCF_TCString`.
        public var name: String
        /// Its value, typed as stored.
        public var value: PreferenceValue
        /// The 1-based line of the key, when known.
        public var line: Int?

        /// An entry; `line` is nil when the format has no lines.
        public init(name: String, value: PreferenceValue, line: Int? = nil) {
            self.name = name
            self.value = value
            self.line = line
        }
    }

    /// The format the keys were read from.
    public var format: Format
    /// The keys in the file's order (binary property lists: sorted); a key written twice keeps its last value.
    public private(set) var entries: [Entry] = []
    /// Keys written more than once, each named once, in the order of their second appearance.
    public private(set) var duplicateKeys: [String] = []

    /// Preferences holding `entries` in order; a name given twice keeps its last value and is noted in
    /// `duplicateKeys`.
    public init(format: Format, entries: [Entry]) {
        self.format = format
        for entry in entries { add(entry) }
    }

    /// The value of key `name`, or nil when it is not stored; setting a value replaces the key's (keeping
    /// its place) or adds it at the end, setting nil removes the key.
    public subscript(name: String) -> PreferenceValue? {
        get { entries.last { $0.name == name }?.value }
        set {
            guard let newValue else {
                entries.removeAll { $0.name == name }
                return
            }
            if let index = entries.firstIndex(where: { $0.name == name }) {
                entries[index].value = newValue
            } else {
                entries.append(Entry(name: name, value: newValue))
            }
        }
    }

    /// The entry of key `name`, or nil when it is not stored.
    public func entry(_ name: String) -> Entry? {
        entries.last { $0.name == name }
    }

    /// Records keys the reader found written twice (a plist dictionary keeps only the last value).
    mutating func noteDuplicates(_ names: [String]) {
        for name in names where !duplicateKeys.contains(name) { duplicateKeys.append(name) }
    }

    private mutating func add(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.name == entry.name }) {
            entries[index] = entry
            if !duplicateKeys.contains(entry.name) { duplicateKeys.append(entry.name) }
        } else {
            entries.append(entry)
        }
    }
}
