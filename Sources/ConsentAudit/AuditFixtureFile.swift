import Foundation

/// Loads the cases of an audit fixture file: `{"fixture": 1, "kind": "audit", "cases": [...]}`.
public enum AuditFixtureFile {
    /// The fixture format version this code reads.
    public static let formatVersion = 1

    /// Reads and decodes `url`. Any problem (unreadable file, bad JSON, a newer format, another kind,
    /// an unknown field at any level) is an `AuditFixtureError` naming the file.
    public static func load(_ url: URL) throws(AuditFixtureError) -> [AuditFixtureCase] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AuditFixtureError(file: url.path, message: "cannot read the file")
        }
        do {
            return try JSONDecoder().decode(Contents.self, from: data).cases
        } catch let error as AuditFixtureError {
            throw AuditFixtureError(file: url.path, message: error.message)
        } catch let error as DecodingError {
            throw AuditFixtureError(file: url.path, message: FixtureKeys.describe(error))
        } catch {
            throw AuditFixtureError(file: url.path, message: "not valid JSON")
        }
    }

    private struct Contents: Decodable {
        var cases: [AuditFixtureCase]

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case fixture, kind, cases
        }

        init(from decoder: any Decoder) throws {
            try FixtureKeys.refuseUnknown(in: decoder, allowed: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let version = try container.decode(Int.self, forKey: .fixture)
            guard version <= AuditFixtureFile.formatVersion else {
                throw AuditFixtureError(file: "", message: "fixture format \(version) is newer than this tool reads "
                                            + "(\(AuditFixtureFile.formatVersion))")
            }
            let kind = try container.decode(String.self, forKey: .kind)
            guard kind == "audit" else {
                throw AuditFixtureError(file: "", message: "kind is \"\(kind)\", not \"audit\"")
            }
            cases = try container.decode([AuditFixtureCase].self, forKey: .cases)
        }
    }
}

/// A fixture file that cannot be used, with the file and what is wrong.
public struct AuditFixtureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The fixture file's path.
    public let file: String
    /// What is wrong, including the JSON path of the offending field when there is one.
    public let message: String

    /// `file: message`.
    public var description: String { "\(file): \(message)" }
}

/// Checks of fixture JSON shared by every level of the format.
enum FixtureKeys {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws when the object being decoded has a field outside `allowed`.
    static func refuseUnknown(in decoder: any Decoder, allowed: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !allowed.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "unknown field \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")); "
                    + "allowed: \(allowed.joined(separator: ", "))"
            ))
        }
    }

    /// A one-line description of a decoding error with its JSON path (`cases[2].expect.exitCode`).
    static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context, String)
        switch error {
        case .typeMismatch(let type, let c): (context, what) = (c, "expected \(type)")
        case .valueNotFound(let type, let c): (context, what) = (c, "expected \(type), found null")
        case .keyNotFound(let key, let c): (context, what) = (c, "missing field \"\(key.stringValue)\"")
        case .dataCorrupted(let c): (context, what) = (c, c.debugDescription)
        @unknown default: return "invalid fixture"
        }
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path.isEmpty ? what : "\(path): \(what)"
    }
}
