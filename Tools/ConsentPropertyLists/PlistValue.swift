import Foundation

/// One value of a property list, with the place it was read from.
///
/// `template` holds the text before build-setting expansion when expansion changed a string, so messages
/// can say "`$(ADMOB_APP_ID)` expands to an empty string" rather than only show the empty result.
package struct PlistNode: Sendable, Equatable {
    package var value: PlistValue
    package var location: SourceLocation
    package var template: String?

    package init(value: PlistValue, location: SourceLocation, template: String? = nil) {
        self.value = value
        self.location = location
        self.template = template
    }

    package var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    package var dict: PlistDict? {
        if case .dict(let dict) = value { return dict }
        return nil
    }

    package var array: [PlistNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }
}

/// The value kinds of Apple's property-list DTD.
package indirect enum PlistValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PlistNode])
    case dict(PlistDict)

    /// The element name a plist uses for this kind, for messages ("a <string>").
    package var kind: PlistKind {
        switch self {
        case .string: .string
        case .integer: .integer
        case .real: .real
        case .bool: .boolean
        case .date: .date
        case .data: .data
        case .array: .array
        case .dict: .dict
        }
    }
}

/// A value kind, as rules expect it and as messages name it.
package enum PlistKind: String, Sendable {
    case string, integer, real, boolean, date, data, array, dict

    /// How a message names a value of this kind.
    package var phrase: String {
        switch self {
        case .boolean: "a boolean (<true/> or <false/>)"
        case .integer: "an <integer>"
        case .array: "an <array>"
        default: "a <\(rawValue)>"
        }
    }
}

/// A key of a dictionary, where it was written, and its value.
package struct PlistEntry: Sendable, Equatable {
    package var key: String
    package var keyLocation: SourceLocation
    package var value: PlistNode

    package init(key: String, keyLocation: SourceLocation, value: PlistNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}

/// A dictionary that keeps its keys in document order and answers lookups by key.
///
/// Setting a key that is already present replaces its value, as `PropertyListSerialization` does with a
/// duplicate key (the last one wins); the reader reports the duplicate separately.
package struct PlistDict: Sendable, Equatable {
    package private(set) var entries: [PlistEntry] = []
    private var positions: [String: Int] = [:]

    package init() {}

    package subscript(key: String) -> PlistEntry? {
        positions[key].map { entries[$0] }
    }

    /// Stores `entry` and returns the entry it replaced, if the key was already present.
    @discardableResult
    package mutating func set(_ entry: PlistEntry) -> PlistEntry? {
        if let position = positions[entry.key] {
            let replaced = entries[position]
            entries[position] = entry
            return replaced
        }
        positions[entry.key] = entries.count
        entries.append(entry)
        return nil
    }

    package var count: Int { entries.count }
}
