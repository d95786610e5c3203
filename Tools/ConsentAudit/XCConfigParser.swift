import Foundation
import ConsentPropertyLists

/// `NAME[cond=pattern]… = value` from an xcconfig file.
package struct XCConfigAssignment: Sendable, Equatable {
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

/// A line Xcode reads past without setting anything: a shell-style `export NAME=value`, or a `#` directive
/// other than `#include`.
struct XCConfigSkippedLine: Sendable, Equatable {
    /// Why Xcode skips it, for the message.
    enum Reason: Sendable, Equatable {
        /// `export NAME=value`: shell syntax, so `name` is not set.
        case export(name: String)
        /// `#directive …`, which xcconfig files do not have.
        case directive(String)
    }

    var reason: Reason
    var location: SourceLocation
}

/// One meaningful line of an xcconfig file.
enum XCConfigStatement: Sendable, Equatable {
    case assignment(XCConfigAssignment)
    case include(XCConfigInclude)
    case skipped(XCConfigSkippedLine)
}

/// Splits xcconfig text into statements, as Xcode's build system reads it.
///
/// `//` starts a comment anywhere on a line, also inside a value: Xcode cuts `https://example.com` to
/// `https:`, and the audit must see what Xcode sees, so it does the same (and reports the cut as a finding).
/// Values are not unquoted; a trailing `;` is dropped. A trailing `\` continues the line on the next one,
/// joined with a space, as newer Xcode versions read it; the statement keeps the line where it started.
/// A UTF-8 byte-order mark at the start is skipped. Lines Xcode skips (`export`, unknown directives) are
/// returned as `.skipped`; any other line that is not an assignment or an include is an error.
///
/// A line is measured before it is decoded, and one longer than `AuditLimits.valueBytes` is refused there,
/// so that a file of one endless line costs no more than its bytes.
enum XCConfigParser {
    /// The statements of xcconfig text already in memory.
    static func parse(_ text: String, file: URL) throws(AuditError) -> [XCConfigStatement] {
        try parse(Array(text.utf8), file: file)
    }

    /// The statements of an xcconfig file's bytes (UTF-8; a malformed sequence reads as U+FFFD).
    static func parse(_ bytes: [UInt8], file: URL) throws(AuditError) -> [XCConfigStatement] {
        var statements: [XCConfigStatement] = []
        // A line ended by `\` so far: where it started, its text, and the tail a `//` cut from it.
        var pending: (line: Int, text: String, cutTail: String?)?
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for (index, physical) in lines(of: bytes, from: start).enumerated() {
            let location = SourceLocation(file: file, line: pending?.line ?? index + 1)
            guard physical.range.count <= AuditLimits.valueBytes else {
                throw AuditError.malformed(location, "the line is longer than \(AuditLimits.valueBytesText)",
                                           hint: "no build setting needs this much text; check the file")
            }
            let rawLine = String(decoding: bytes[physical.range], as: UTF8.self)
            var line = Substring(rawLine)
            var cutTail: String?
            if let comment = line.range(of: "//") {
                let before = line[..<comment.lowerBound]
                if before.hasSuffix(":") { cutTail = String(line[comment.lowerBound...]) }
                line = before
            }
            let isBlank = { (character: Character) in character == " " || character == "\t" }
            var end = line.endIndex
            while end > line.startIndex, isBlank(line[line.index(before: end)]) { end = line.index(before: end) }
            let continues = end > line.startIndex && line[line.index(before: end)] == "\\" && physical.isFollowed
            var piece = continues ? line[..<line.index(before: end)] : line
            if continues { while let last = piece.last, isBlank(last) { piece = piece.dropLast() } }
            if pending == nil {
                pending = (index + 1, String(piece), cutTail)
            } else {
                pending!.text += " " + piece.drop(while: isBlank)
                pending!.cutTail = pending!.cutTail ?? cutTail
                guard pending!.text.utf8.count <= AuditLimits.valueBytes else {
                    throw AuditError.malformed(location,
                                               "a line continued with \\ is longer than \(AuditLimits.valueBytesText)",
                                               hint: "no build setting needs this much text; check the file")
                }
            }
            guard !continues, let (_, logical, cut) = pending else { continue }
            pending = nil
            let trimmed = logical.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if let skipped = skippedLine(trimmed, location) {
                statements.append(.skipped(skipped))
            } else if trimmed.hasPrefix("#") {
                statements.append(.include(try include(trimmed, location)))
            } else {
                var assignment = try assignment(trimmed, location)
                assignment.truncatedURLTail = cut
                statements.append(.assignment(assignment))
            }
        }
        return statements
    }

    /// The lines of `bytes` from `start`, split at `\n`, `\r\n`, `\r`, U+2028 and U+2029 as Xcode accepts
    /// all of them; `isFollowed` when a line break ends the line, so that another line (perhaps empty)
    /// comes after it.
    static func lines(of bytes: [UInt8], from start: Int) -> [(range: Range<Int>, isFollowed: Bool)] {
        var lines: [(range: Range<Int>, isFollowed: Bool)] = []
        var lineStart = start
        var index = start
        while index < bytes.count {
            let breakLength: Int
            switch bytes[index] {
            case 0x0A: breakLength = 1
            case 0x0D: breakLength = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9): breakLength = 3
            default:
                index += 1
                continue
            }
            lines.append((lineStart..<index, true))
            index += breakLength
            lineStart = index
        }
        lines.append((lineStart..<bytes.count, false))
        return lines
    }

    /// `export NAME=value` or a directive other than `#include`, which Xcode reads past.
    private static func skippedLine(_ line: String, _ location: SourceLocation) -> XCConfigSkippedLine? {
        if line.hasPrefix("#") {
            let word = line.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard word != "include" else { return nil }
            return XCConfigSkippedLine(reason: .directive("#" + word), location: location)
        }
        let words = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count == 2, words[0] == "export" else { return nil }
        let name = words[1].prefix { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard !name.isEmpty else { return nil }
        return XCConfigSkippedLine(reason: .export(name: String(name)), location: location)
    }

    private static func include(_ line: String, _ location: SourceLocation) throws(AuditError) -> XCConfigInclude {
        let hint = "write #include \"other.xcconfig\" or #include? \"optional.xcconfig\""
        var rest = Substring(line).dropFirst("#include".count)
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
