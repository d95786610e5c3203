/// An option that takes a value, declared once with its name, its placeholder, its help and how its text
/// becomes a value; a command reads it as `arguments[Option.geo]`, so a misspelt name does not compile.
///
/// Declarations are static members of constrained extensions (`extension Option where Value == Date`),
/// beside the code that owns them: the common options in `CommonOptions.swift`, the answer flags in
/// `AnswerFlags.swift`, a command's own in its file.
package struct Option<Value: Sendable>: Sendable {
    /// The name, placeholder, help and short form the parser and the help text use.
    package let spec: OptionSpec
    private let convert: @Sendable (String) throws(CLIError) -> Value

    /// An option whose text `convert` turns into a value, or refuses with a usage error naming the option.
    package init(_ name: String, _ placeholder: String, help: String,
                 convert: @escaping @Sendable (String) throws(CLIError) -> Value) {
        spec = OptionSpec(name: name, value: placeholder, help: help)
        self.convert = convert
    }

    /// The option's name, without dashes.
    package var name: String { spec.name }

    /// The value `text` gives, or the usage error that names the option and what it takes.
    package func value(of text: String) throws(CLIError) -> Value {
        try convert(text)
    }
}

extension Option where Value == String {
    /// An option whose value is its text, as given.
    package init(_ name: String, _ placeholder: String, help: String) {
        self.init(name, placeholder, help: help) { text throws(CLIError) in text }
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An option that takes one of `Value`'s cases by name, in any letter case (`eea` for `EEA`,
    /// `notdetermined` for `notDetermined`); any other text is the usage error `--NAME: 'TEXT' is not NOUN`,
    /// with the cases as the hint (`use text, json or kantara`). The one case-insensitive reading of a
    /// named value on the command line.
    package init(_ name: String, _ placeholder: String, help: String, oneOf noun: String) {
        self.init(name, placeholder, help: help) { text throws(CLIError) in
            let wanted = text.lowercased()
            guard let value = Value.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else {
                let names = Value.allCases.map(\.rawValue)
                let choices = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
                throw CLIError.usage("--\(name): '\(text)' is not \(noun)", hint: "use \(choices)")
            }
            return value
        }
    }
}

/// An option that takes no value: given or not.
package struct Flag: Sendable {
    /// The name, help and short form the parser and the help text use.
    package let spec: OptionSpec

    package init(_ name: String, help: String, short: Character? = nil) {
        spec = OptionSpec(name: name, value: nil, help: help, short: short)
    }

    /// The flag's name, without dashes.
    package var name: String { spec.name }

    /// `-h`, `--help`: every command takes it.
    package static let help = Flag("help", help: "show this help", short: "h")
}

extension OptionSpec {
    /// The entry of a command's option list for `option`; `help` replaces the declaration's help where a
    /// command words it for itself (`decode --json`: "print the decoded fields as JSON").
    package static func option<Value>(_ option: Option<Value>, help: String? = nil) -> OptionSpec {
        var spec = option.spec
        if let help { spec.help = help }
        return spec
    }

    /// The entry of a command's option list for `flag`, its help reworded where `help` is given.
    package static func flag(_ flag: Flag, help: String? = nil) -> OptionSpec {
        var spec = flag.spec
        if let help { spec.help = help }
        return spec
    }
}

extension ParsedArguments {
    /// Whether the flag was given.
    package subscript(flag: Flag) -> Bool {
        flags.contains(declared(flag.name))
    }

    /// The option's last value, as given.
    package subscript(option: Option<String>) -> String? {
        texts(declared(option.name)).last
    }

    /// The option's last value, converted by its declaration (which names the option when it refuses one).
    package subscript<Value>(option: Option<Value>) -> Value? {
        get throws(CLIError) {
            guard let text = texts(declared(option.name)).last else { return nil }
            return try option.value(of: text)
        }
    }

    /// Every value of an option that may be repeated (`--search-path A --search-path B`), in order.
    package func all<Value>(_ option: Option<Value>) throws(CLIError) -> [Value] {
        var values: [Value] = []
        for text in texts(declared(option.name)) { values.append(try option.value(of: text)) }
        return values
    }

    /// Whether the option or flag of that entry was given at all, for messages that name the one given.
    package func given(_ spec: OptionSpec) -> Bool {
        let name = declared(spec.name)
        return flags.contains(name) || !texts(name).isEmpty
    }
}
