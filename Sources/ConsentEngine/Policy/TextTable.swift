/// A language's form texts by key (`consent`, `formTitle`): a list of keys and texts in the order given, each key
/// once, searched from the start.
///
/// A policy's texts live in these rather than in dictionaries because the embedded default policy is made at
/// every launch: a dictionary hashes each key it is made with, and the default policy's ~75 texts cost more
/// than the rest of the policy together that way; sorting them would cost as much in comparisons. A list is
/// made as it is given, and a form, which reads a few dozen texts, finds each among a few dozen keys by their
/// lengths first. The tables are concrete types, not one generic type, since a generic one's metadata is made
/// at run time, at launch.
package struct TextTable: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Key and text, each key once (unlabelled: they are the literal's own elements, taken as they are).
    private var entries: [(String, String)]

    /// A table of `elements`; like a dictionary literal's, its keys are each given once.
    package init(dictionaryLiteral elements: (String, String)...) {
        assert(Entries.areUnique(elements), "a text table literal names a key twice")
        entries = elements
    }

    /// The entries of `dictionary`.
    package init(_ dictionary: [String: String]) {
        entries = dictionary.map { ($0.key, $0.value) }
    }

    /// A table of `entries`, each key once (a JSON object's members are: the reader refuses a repeated name).
    package init(entries: [(String, String)]) {
        assert(Entries.areUnique(entries), "a text table names a key twice")
        self.entries = entries
    }

    /// The keys, in the order given.
    package var keys: [String] { entries.map(\.0) }

    /// The entries as a dictionary.
    package var dictionary: [String: String] { Entries.dictionary(entries) }

    /// The text for `key`; setting `nil` removes it.
    package subscript(key: String) -> String? {
        @inline(never)
        get { Entries.value(of: key, in: entries) }
        set { Entries.set(key, to: newValue, in: &entries) }
    }

    /// Whether the two have the same keys with the same texts, in whatever order.
    package static func == (lhs: TextTable, rhs: TextTable) -> Bool {
        Entries.same(lhs.entries, rhs.entries)
    }
}

/// A policy's form texts by language code (`en`, `de-AT`), each a ``TextTable``, kept as that is kept.
package struct PolicyTexts: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// Language and texts, each language once.
    private var entries: [(String, TextTable)]

    /// The texts of `elements`; like a dictionary literal's, its languages are each given once.
    package init(dictionaryLiteral elements: (String, TextTable)...) {
        assert(Entries.areUnique(elements), "a policy's texts name a language twice")
        entries = elements
    }

    /// The texts of `dictionary`.
    package init(_ dictionary: [String: [String: String]]) {
        entries = dictionary.map { ($0.key, TextTable($0.value)) }
    }

    /// The languages, in the order given.
    package var languages: [String] { entries.map(\.0) }

    /// The texts as dictionaries.
    package var dictionary: [String: [String: String]] { Entries.dictionary(entries).mapValues(\.dictionary) }

    /// The texts of `language`; setting `nil` removes them.
    package subscript(language: String) -> TextTable? {
        @inline(never)
        get { Entries.value(of: language, in: entries) }
        set { Entries.set(language, to: newValue, in: &entries) }
    }

    /// Whether the two have the same languages with the same texts, in whatever order.
    package static func == (lhs: PolicyTexts, rhs: PolicyTexts) -> Bool {
        Entries.same(lhs.entries, rhs.entries)
    }
}

/// The list of entries both tables keep: searched, changed and compared in one place. A table's reading
/// subscript is not inlined, so that each place that reads a text does not carry a copy of the search.
private enum Entries {
    /// Where `key` is: lengths are compared first, as most keys differ in length.
    static func index<Value>(of key: String, in entries: [(String, Value)]) -> Int? {
        let length = key.utf8.count
        return entries.firstIndex { $0.0.utf8.count == length && $0.0 == key }
    }

    static func value<Value>(of key: String, in entries: [(String, Value)]) -> Value? {
        index(of: key, in: entries).map { entries[$0].1 }
    }

    static func set<Value>(_ key: String, to newValue: Value?, in entries: inout [(String, Value)]) {
        switch (newValue, index(of: key, in: entries)) {
        case (let value?, let index?): entries[index].1 = value
        case (let value?, nil): entries.append((key, value))
        case (nil, let index?): entries.remove(at: index)
        case (nil, nil): break
        }
    }

    static func areUnique<Value>(_ entries: [(String, Value)]) -> Bool {
        entries.indices.allSatisfy { index(of: entries[$0].0, in: entries) == $0 }
    }

    static func same<Value: Equatable>(_ lhs: [(String, Value)], _ rhs: [(String, Value)]) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { entry in value(of: entry.0, in: rhs) == entry.1 }
    }

    static func dictionary<Value>(_ entries: [(String, Value)]) -> [String: Value] {
        Dictionary(entries, uniquingKeysWith: { first, _ in first })
    }
}
