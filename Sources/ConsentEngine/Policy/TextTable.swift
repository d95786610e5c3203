/// A language's form texts by key (`consent`, `formTitle`), kept sorted by key and found by binary search.
///
/// A policy's texts live in these rather than in dictionaries because the embedded default policy is made at
/// every launch: a dictionary hashes each key it is made with, and the default policy's ~75 texts cost more
/// than the rest of the policy together that way. A table made from sorted literals compares each key with
/// the one before it, and a form, which reads a few dozen texts, pays a few comparisons for each. The tables
/// are concrete types, not one generic type, since a generic one's metadata is made at run time, at launch.
package struct TextTable: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Key and text, sorted by key with no key twice (unlabelled: they are the literal's own elements).
    private var entries: [(String, String)]

    /// A table of `elements`; like a dictionary literal, a key given twice is a programming error.
    package init(dictionaryLiteral elements: (String, String)...) {
        entries = SortedEntries.sorted(elements)
    }

    /// The entries of `dictionary`.
    package init(_ dictionary: [String: String]) {
        entries = SortedEntries.sorted(dictionary.map { ($0.key, $0.value) })
    }

    /// The keys, sorted.
    package var keys: [String] { entries.map(\.0) }

    /// The entries as a dictionary.
    package var dictionary: [String: String] { SortedEntries.dictionary(entries) }

    /// The text for `key`; setting `nil` removes it.
    package subscript(key: String) -> String? {
        get { SortedEntries.value(of: key, in: entries) }
        set { SortedEntries.set(key, to: newValue, in: &entries) }
    }

    package static func == (lhs: TextTable, rhs: TextTable) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0 == $1 }
    }
}

/// A policy's form texts by language code (`en`, `de-AT`), each a ``TextTable``, kept as that is kept.
package struct PolicyTexts: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Language and texts, sorted by language with no language twice.
    private var entries: [(String, TextTable)]

    /// The texts of `elements`; like a dictionary literal, a language given twice is a programming error.
    package init(dictionaryLiteral elements: (String, TextTable)...) {
        entries = SortedEntries.sorted(elements)
    }

    /// The texts of `dictionary`.
    package init(_ dictionary: [String: [String: String]]) {
        entries = SortedEntries.sorted(dictionary.map { ($0.key, TextTable($0.value)) })
    }

    /// The languages, sorted.
    package var languages: [String] { entries.map(\.0) }

    /// The texts as dictionaries.
    package var dictionary: [String: [String: String]] { SortedEntries.dictionary(entries).mapValues(\.dictionary) }

    /// The texts of `language`; setting `nil` removes them.
    package subscript(language: String) -> TextTable? {
        get { SortedEntries.value(of: language, in: entries) }
        set { SortedEntries.set(language, to: newValue, in: &entries) }
    }

    package static func == (lhs: PolicyTexts, rhs: PolicyTexts) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0 == $1 }
    }
}

/// The sorted entry list both tables keep: made, searched and changed in one place.
private enum SortedEntries {
    static func sorted<Value>(_ entries: [(String, Value)]) -> [(String, Value)] {
        if isSorted(entries) { return entries }
        let sorted = entries.sorted { $0.0 < $1.0 }
        precondition(isSorted(sorted), "a text table names a key twice")
        return sorted
    }

    /// Whether each key is strictly above the one before it.
    static func isSorted<Value>(_ entries: [(String, Value)]) -> Bool {
        entries.indices.dropFirst().allSatisfy { entries[$0 - 1].0 < entries[$0].0 }
    }

    static func value<Value>(of key: String, in entries: [(String, Value)]) -> Value? {
        let index = insertionIndex(of: key, in: entries)
        return index < entries.count && entries[index].0 == key ? entries[index].1 : nil
    }

    static func set<Value>(_ key: String, to newValue: Value?, in entries: inout [(String, Value)]) {
        let index = insertionIndex(of: key, in: entries)
        let present = index < entries.count && entries[index].0 == key
        switch (newValue, present) {
        case (let value?, true): entries[index].1 = value
        case (let value?, false): entries.insert((key, value), at: index)
        case (nil, true): entries.remove(at: index)
        case (nil, false): break
        }
    }

    static func dictionary<Value>(_ entries: [(String, Value)]) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: entries)
    }

    /// The index of the first entry whose key is not below `key`.
    private static func insertionIndex<Value>(of key: String, in entries: [(String, Value)]) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].0 < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
