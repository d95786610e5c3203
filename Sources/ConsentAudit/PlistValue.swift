import Foundation

/// One value of a property list, with the place it was read from.
///
/// `template` holds the text before build-setting expansion when expansion changed a string, so messages
/// can say "`$(ADMOB_APP_ID)` expands to an empty string" rather than only show the empty result.
struct PlistNode: Sendable, Equatable {
    var value: PlistValue
    var location: SourceLocation
    var template: String? = nil

    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var dict: PlistDict? {
        if case .dict(let dict) = value { return dict }
        return nil
    }

    var array: [PlistNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }
}

/// The value kinds of Apple's property-list DTD.
indirect enum PlistValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PlistNode])
    case dict(PlistDict)

    /// The element name a plist uses for this kind, for messages ("a <string>").
    var kind: PlistKind {
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
enum PlistKind: String, Sendable {
    case string, integer, real, boolean, date, data, array, dict

    /// How a message names a value of this kind.
    var phrase: String {
        switch self {
        case .boolean: "a boolean (<true/> or <false/>)"
        case .integer: "an <integer>"
        case .array: "an <array>"
        default: "a <\(rawValue)>"
        }
    }
}

/// A key of a dictionary, where it was written, and its value.
struct PlistEntry: Sendable, Equatable {
    var key: String
    var keyLocation: SourceLocation
    var value: PlistNode
}

/// A dictionary that keeps its keys in document order and answers lookups by key.
///
/// Setting a key that is already present replaces its value, as `PropertyListSerialization` does with a
/// duplicate key (the last one wins); the reader reports the duplicate separately.
struct PlistDict: Sendable, Equatable {
    private(set) var entries: [PlistEntry] = []
    private var positions: [String: Int] = [:]

    subscript(key: String) -> PlistEntry? {
        positions[key].map { entries[$0] }
    }

    /// Stores `entry` and returns the entry it replaced, if the key was already present.
    @discardableResult
    mutating func set(_ entry: PlistEntry) -> PlistEntry? {
        if let position = positions[entry.key] {
            let replaced = entries[position]
            entries[position] = entry
            return replaced
        }
        positions[entry.key] = entries.count
        entries.append(entry)
        return nil
    }

    var count: Int { entries.count }
}
