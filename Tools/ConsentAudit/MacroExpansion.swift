import Foundation

/// Why an expansion stopped: its result grew past its limit, or references nest deeper than
/// `AuditLimits.nesting`.
enum ExpansionLimit: Error, Sendable, Equatable {
    case tooLong
    case tooDeep
}

/// Expands build-setting references the way Xcode does in settings and in Info.plist values.
///
/// `$(NAME)` and `${NAME}` are references, nested ones included (`$(A_$(B))`); `$$` is a literal `$`.
/// Of Xcode's operators, `:lower`, `:upper` and `:default=text` are applied; others leave the value as it
/// is, which is enough for the identifiers the audit reads. A `$` that starts no reference stays literal.
///
/// The text is read once, as UTF-8 bytes (every character that matters is ASCII), with the brackets
/// matched up front, so a long value full of unclosed `$(` costs linear time, not quadratic.
enum MacroExpansion {
    private static let dollar = UInt8(ascii: "$")

    /// `text` with every reference replaced by what `lookup` gives for its name; a reference for which
    /// `lookup` gives nil stays as written. Throws when the result passes `limit` bytes or references nest
    /// deeper than `AuditLimits.nesting`, and passes on what `lookup` throws.
    static func expand(_ text: String, limit: Int = AuditLimits.valueBytes,
                       lookup: (String) throws(ExpansionLimit) -> String?) throws(ExpansionLimit) -> String {
        guard text.utf8.contains(dollar) else { return text }
        let bytes = Array(text.utf8)
        let expander = Expander(bytes: bytes, partners: partners(in: bytes), limit: limit)
        var output: [UInt8] = []
        try expander.expand(0..<bytes.count, depth: 0, into: &output, lookup: lookup)
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` holds something shaped like a `$(…)` or `${…}` reference: in a final value, one
    /// that expansion left as written.
    static func containsReference(_ text: String) -> Bool {
        guard text.utf8.contains(dollar) else { return false }
        let bytes = Array(text.utf8)
        let partners = partners(in: bytes)
        return bytes.indices.dropLast().contains { bytes[$0] == dollar && partners[$0 + 1] != nil }
    }

    /// `NAME` when the whole text is one plain reference, `$(NAME)` or `${NAME}`; nil otherwise.
    static func singleReference(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 3, trimmed.hasPrefix("$(") && trimmed.hasSuffix(")")
            || trimmed.hasPrefix("${") && trimmed.hasSuffix("}")
        else { return nil }
        let name = trimmed.dropFirst(2).dropLast()
        return name.allSatisfy({ $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }) ? String(name) : nil
    }

    /// For each opening bracket, the index of the bracket of the same kind that closes it.
    private static func partners(in bytes: [UInt8]) -> [Int: Int] {
        var partners: [Int: Int] = [:]
        var open: [UInt8: [Int]] = [:]
        let closers: [UInt8: UInt8] = [UInt8(ascii: ")"): UInt8(ascii: "("), UInt8(ascii: "}"): UInt8(ascii: "{")]
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") {
                open[byte, default: []].append(index)
            } else if let opener = closers[byte], let start = open[opener]?.popLast() {
                partners[start] = index
            }
        }
        return partners
    }

    private struct Expander {
        let bytes: [UInt8]
        let partners: [Int: Int]
        let limit: Int

        func expand(_ range: Range<Int>, depth: Int, into output: inout [UInt8],
                    lookup: (String) throws(ExpansionLimit) -> String?) throws(ExpansionLimit) {
            guard depth <= AuditLimits.nesting else { throw .tooDeep }
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                guard byte == dollar, index + 1 < range.upperBound else {
                    output.append(byte)
                    index += 1
                    continue
                }
                if bytes[index + 1] == dollar {
                    output.append(dollar)
                    index += 2
                } else if let close = partners[index + 1], close < range.upperBound {
                    var name: [UInt8] = []
                    try expand((index + 2)..<close, depth: depth + 1, into: &name, lookup: lookup)
                    if let value = try evaluate(reference: String(decoding: name, as: UTF8.self), lookup: lookup) {
                        output += value.utf8
                        guard output.count <= limit else { throw .tooLong }
                    } else {
                        output += bytes[index...close]
                    }
                    index = close + 1
                } else {
                    output.append(byte)
                    index += 1
                }
            }
            guard output.count <= limit else { throw .tooLong }
        }

        private func evaluate(reference: String, lookup: (String) throws(ExpansionLimit) -> String?)
            throws(ExpansionLimit) -> String? {
            let parts = reference.split(separator: ":", maxSplits: .max, omittingEmptySubsequences: false)
            guard var value = try lookup(String(parts[0])) else { return nil }
            for operation in parts.dropFirst() {
                if operation == "lower" {
                    value = value.lowercased()
                } else if operation == "upper" {
                    value = value.uppercased()
                } else if operation.hasPrefix("default="), value.isEmpty {
                    value = String(operation.dropFirst("default=".count))
                }
            }
            return value
        }
    }
}
