import Foundation

/// `NAME[cond=pattern]… = value` from an xcconfig file.
struct XCConfigAssignment: Sendable, Equatable {
    var name: String
    var conditions: [XCConfigCondition]
    var value: String
    var location: SourceLocation
    /// The part of the line a `//` cut off when it followed a `:`, as in `https://…`; nil otherwise.
    var truncatedURLTail: String?
}

/// One `[parameter=pattern]` of a conditional setting; `pattern` may use `*` and `?`.
struct XCConfigCondition: Sendable, Equatable {
    var parameter: String
    var pattern: String
}

/// `#include "path"` or `#include? "path"`.
struct XCConfigInclude: Sendable, Equatable {
    var path: String
    var isOptional: Bool
    var location: SourceLocation
}

/// One meaningful line of an xcconfig file.
enum XCConfigStatement: Sendable, Equatable {
    case assignment(XCConfigAssignment)
    case include(XCConfigInclude)
}

/// Splits xcconfig text into statements, as Xcode's build system reads it.
///
/// `//` starts a comment anywhere on a line, also inside a value: Xcode cuts `https://example.com` to
/// `https:`, and the audit must see what Xcode sees, so it does the same (and reports the cut as a finding).
/// Values are not unquoted; a trailing `;` is dropped; a trailing `\` is kept as text.
enum XCConfigParser {
    static func parse(_ text: String, file: URL) throws(AuditError) -> [XCConfigStatement] {
        var statements: [XCConfigStatement] = []
        for (index, rawLine) in lines(of: text).enumerated() {
            let location = SourceLocation(file: file, line: index + 1)
            var line = Substring(rawLine)
            var cutTail: String?
            if let comment = line.range(of: "//") {
                let before = line[..<comment.lowerBound]
                if before.hasSuffix(":") { cutTail = String(line[comment.lowerBound...]) }
                line = before
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#") {
                statements.append(.include(try include(trimmed, location)))
            } else {
                var assignment = try assignment(trimmed, location)
                assignment.truncatedURLTail = cutTail
                statements.append(.assignment(assignment))
            }
        }
        return statements
    }

    /// Lines split at `\n`, `\r\n`, `\r`, U+2028 and U+2029, as Xcode accepts all of them.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { character in
            character == "\n" || character == "\r\n" || character == "\r"
                || character == "\u{2028}" || character == "\u{2029}"
        }
    }

    private static func include(_ line: String, _ location: SourceLocation) throws(AuditError) -> XCConfigInclude {
        let hint = "write #include \"other.xcconfig\" or #include? \"optional.xcconfig\""
        var rest = Substring(line)
        guard rest.hasPrefix("#include") else {
            throw AuditError.malformed(location, "unknown directive \(line.split(separator: " ")[0])", hint: hint)
        }
        rest = rest.dropFirst("#include".count)
        let optional = rest.hasPrefix("?")
        if optional { rest = rest.dropFirst() }
        let quoted = rest.trimmingCharacters(in: .whitespaces)
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
            throw AuditError.malformed(location, "the included path must be in double quotes", hint: hint)
        }
        return XCConfigInclude(path: String(quoted.dropFirst().dropLast()), isOptional: optional, location: location)
    }

    private static func assignment(_ line: String, _ location: SourceLocation)
        throws(AuditError) -> XCConfigAssignment {
        let hint = "write NAME = value, NAME[config=Debug] = value, or #include \"file.xcconfig\""
        let chars = Array(line)
        var index = 0
        while index < chars.count, chars[index] == "_" || chars[index].isASCII && (chars[index].isLetter
            || index > 0 && chars[index].isNumber) {
            index += 1
        }
        let name = String(chars[..<index])
        guard !name.isEmpty else {
            throw AuditError.malformed(location, "expected a setting name at \"\(line)\"", hint: hint)
        }
        var conditions: [XCConfigCondition] = []
        while index < chars.count, chars[index] == "[" {
            guard let close = chars[index...].firstIndex(of: "]") else {
                throw AuditError.malformed(location, "a condition of \(name) lacks its closing ]", hint: hint)
            }
            for part in String(chars[(index + 1)..<close]).split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, !pair[0].isEmpty else {
                    throw AuditError.malformed(location, "the condition [\(part)] of \(name) is not parameter=pattern",
                                               hint: hint)
                }
                conditions.append(XCConfigCondition(parameter: pair[0], pattern: pair[1]))
            }
            index = close + 1
        }
        while index < chars.count, chars[index] == " " || chars[index] == "\t" { index += 1 }
        guard index < chars.count, chars[index] == "=" else {
            throw AuditError.malformed(location, "expected = after \(name)", hint: hint)
        }
        var value = String(chars[(index + 1)...]).trimmingCharacters(in: .whitespaces)
        if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
        return XCConfigAssignment(name: name, conditions: conditions, value: value, location: location)
    }
}
