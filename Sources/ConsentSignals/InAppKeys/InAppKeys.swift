/// An ordered set of in-app keys and their values, as a CMP stores them.
///
/// Build one from a string (`init(tcString:)`, `init(gppString:)`,
/// `init(additionalConsent:)`) so that keys and string can never disagree, add the keys a
/// CMP sets itself (`IABTCF_CmpSdkID`, `IABTCF_gdprApplies`) by subscript, and combine sets
/// with `merge(_:)`. Order is insertion order; setting an existing key keeps its place.
public struct InAppKeys: Sendable, Equatable, Sequence {
    /// One key and its value.
    public struct Entry: Sendable, Equatable {
        /// The key, such as `IABTCF_TCString`.
        public let name: String
        /// Its value.
        public let value: InAppKeyValue
    }

    private var entries: [Entry] = []

    /// An empty key set.
    public init() {}

    /// The number of keys.
    public var count: Int { entries.count }

    /// The key names, in order.
    public var names: [String] { entries.map(\.name) }

    /// The value of key `name`; setting nil removes the key.
    public subscript(name: String) -> InAppKeyValue? {
        get { entries.first { $0.name == name }?.value }
        set {
            let index = entries.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): entries[index] = Entry(name: name, value: value)
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(name: name, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Adds or replaces every key of `other`, in `other`'s order.
    public mutating func merge(_ other: InAppKeys) {
        for entry in other.entries {
            self[entry.name] = entry.value
        }
    }

    /// Iterates the keys in order.
    public func makeIterator() -> IndexingIterator<[Entry]> {
        entries.makeIterator()
    }

    /// The `IABTCF_AddtlConsent` key for an AC string, after checking that it decodes.
    public init(additionalConsent string: String) throws(SignalDecodingError) {
        _ = try AdditionalConsentString(decoding: string)
        self[InAppKeyName.additionalConsent] = .string(string)
    }
}
