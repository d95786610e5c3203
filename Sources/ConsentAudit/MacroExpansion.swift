import Foundation

/// Expands build-setting references the way Xcode does in settings and in Info.plist values.
///
/// `$(NAME)` and `${NAME}` are references, nested ones included (`$(A_$(B))`); `$$` is a literal `$`.
/// Of Xcode's operators, `:lower`, `:upper` and `:default=text` are applied; others leave the value as it
/// is, which is enough for the identifiers the audit reads. A `$` that starts no reference stays literal.
enum MacroExpansion {
    static func expand(_ text: String, lookup: (String) -> String) -> String {
        guard text.contains("$") else { return text }
        let chars = Array(text)
        var output = ""
        var index = 0
        while index < chars.count {
            let character = chars[index]
            guard character == "$", index + 1 < chars.count else {
                output.append(character)
                index += 1
                continue
            }
            let next = chars[index + 1]
            if next == "$" {
                output.append("$")
                index += 2
            } else if next == "(" || next == "{", let close = closing(of: index + 1, in: chars) {
                let inner = expand(String(chars[(index + 2)..<close]), lookup: lookup)
                output += evaluate(reference: inner, lookup: lookup)
                index = close + 1
            } else {
                output.append(character)
                index += 1
            }
        }
        return output
    }

    /// The index of the bracket that closes the one at `open`, counting nested pairs of the same kind.
    private static func closing(of open: Int, in chars: [Character]) -> Int? {
        let opener = chars[open]
        let closer: Character = opener == "(" ? ")" : "}"
        var depth = 0
        for index in open..<chars.count {
            if chars[index] == opener { depth += 1 }
            if chars[index] == closer {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
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

    private static func evaluate(reference: String, lookup: (String) -> String) -> String {
        let parts = reference.split(separator: ":", maxSplits: .max, omittingEmptySubsequences: false)
        var value = lookup(String(parts[0]))
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
