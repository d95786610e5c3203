import ConsentPropertyLists

/// Findings about a property list as a file, whatever it configures: duplicate keys and a root that is
/// not a dictionary.
enum PlistRules {
    static func findings(_ document: PropertyListDocument) -> [Finding] {
        var findings = document.duplicateKeys.map { duplicate in
            Finding(.plistDuplicateKey, at: duplicate.second,
                    "the key \"\(duplicate.key)\" is \(duplicate.first.line.map { "also on line \($0)" } ?? "written twice in one dictionary"); "
                        + "this later one wins",
                    hint: "keep one of the two \"\(duplicate.key)\" keys")
        }
        if document.root.dict == nil {
            findings.append(Finding(.plistWrongType, at: document.root.location,
                                    "the root is \(document.root.value.kind.phrase), but must be a <dict>"))
        }
        return findings
    }

    /// A wrong-type finding for `key` when `node` is not of `kind`; nil when it is.
    static func typeFinding(_ key: String, _ node: PlistNode, expected kind: PlistKind) -> Finding? {
        guard node.value.kind != kind else { return nil }
        return Finding(.plistWrongType, at: node.location,
                       "\(key) is \(node.value.kind.phrase), but must be \(kind.phrase)")
    }

    /// How a message shows a value that came from a setting: `"x" (from $(NAME))`, or just `"x"`.
    static func quoted(_ node: PlistNode, _ text: String) -> String {
        guard let template = node.template else { return quoted(text) }
        return "\(quoted(text)) (from \(template))"
    }

    /// `text` in double quotes, unless it already is in them (an xcconfig keeps quotes as part of a value),
    /// so a quoted value is shown once-quoted.
    static func quoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? text : "\"\(text)\""
    }
}
