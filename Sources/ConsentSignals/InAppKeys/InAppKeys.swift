/// An ordered set of in-app keys and their values, as a CMP stores them.
///
/// Built from strings (`init(tcString:)`, `init(gppString:)`, `init(additionalConsent:)`) and combined
/// with `merge(_:)`, the keys a string determines are those derived from it, so that keys and string never
/// disagree: a merged set that brings a TC or GPP string first drops every key derived from the string it
/// replaces. Only the engine sets the keys a CMP sets itself (`IABTCF_CmpSdkID`, `IABTCF_gdprApplies`),
/// and the package's reader of another CMP's keys keeps them as that CMP stored them. Order is insertion
/// order; setting an existing key keeps its place.
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

    /// The value of key `name`. Setting one (nil removes the key) is the package's: an app builds keys from
    /// strings, so that they agree with them.
    public package(set) subscript(name: String) -> InAppKeyValue? {
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

    /// Adds or replaces every key of `other`, in `other`'s order. Where `other` holds a TC string or a GPP
    /// string, the keys derived from this set's string of that kind go first, so that none is left over
    /// from a string no longer there (a restriction key of a purpose the new string does not restrict).
    public mutating func merge(_ other: InAppKeys) {
        for family in InAppKeyName.StringFamily.allCases where other[family.stringKey] != nil {
            entries.removeAll { family.derives($0.name) }
        }
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
