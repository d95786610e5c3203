/// One entry of a command's option list, made from a declaration (`.option(.geo)`, `.flag(.json)`) so that
/// the name a command lists is the name it reads.
package struct OptionSpec: Sendable {
    /// The long name without dashes (`geo`).
    package let name: String
    /// The value's placeholder (`REGION`), or `nil` for a flag.
    package let value: String?
    /// One line of help.
    package internal(set) var help: String
    /// A one-letter form (`v` for `-v`), if the option has one.
    package let short: Character?

    init(name: String, value: String?, help: String, short: Character? = nil) {
        self.name = name
        self.value = value
        self.help = help
        self.short = short
    }
}

/// The arguments of one command, parsed against its options; a command reads them through their
/// declarations (`arguments[Flag.json]`, `arguments[Option.geo]`, in `Option.swift`).
package struct ParsedArguments: Sendable {
    /// Every value given for each option, in order.
    private var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    /// The names of the options the command was parsed against.
    private var names: Set<String> = []
    /// The operands, in order.
    package private(set) var positionals: [String] = []

    /// The texts given for the option of that name, in order.
    func texts(_ name: String) -> [String] { values[name] ?? [] }

    /// `name`, checked to be one of the command's options: reading an option the command does not list
    /// would always find it absent, so that slip stops the first test that runs the command.
    func declared(_ name: String) -> String {
        assert(names.contains(name), "--\(name) is not among the options this command was parsed against")
        return name
    }

    /// Parses `arguments` (after the command word). `--name value`, `--name=value`, `-h`, and `--` ending
    /// the options are understood.
    ///
    /// Strict, so that a slip never changes what a command does: an option never takes the next option as
    /// its value (`--app --state-dir D` is "--app needs a value"; a value that starts with `-` is written
    /// `--name=-value`), an empty value is refused, and a command that takes no operands refuses a stray
    /// word and `--`.
    package static func parse(
        _ arguments: [String], options: [OptionSpec], command: String, takesOperands: Bool = false
    ) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments()
        parsed.names = Set(options.map(\.name))
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                guard takesOperands else {
                    throw CLIError.usage("'\(command)' takes no operands, got '\(argument)'",
                                         hint: "options come as --name VALUE; see 'consentctl \(command) --help'")
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                guard takesOperands else {
                    throw CLIError.usage("'\(command)' takes no operands, so '--' has nothing to end",
                                         hint: "see 'consentctl \(command) --help'")
                }
                onlyPositionals = true
                continue
            }
            if argument.count == 2, let spec = options.first(where: { $0.short == argument.last && $0.value == nil }) {
                parsed.flags.insert(spec.name)
                continue
            }
            guard argument.hasPrefix("--") else {
                throw CLIError.usage("unknown option '\(argument)' for '\(command)'",
                                     hint: "options are long (--name); see 'consentctl \(command) --help'")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = byName[name] else {
                let suggestion = closest(to: name, among: options.map(\.name)).map { "did you mean --\($0)? " } ?? ""
                throw CLIError.usage("unknown option '--\(name)' for '\(command)'",
                                     hint: "\(suggestion)see 'consentctl \(command) --help'")
            }
            guard let placeholder = spec.value else {
                if inlineValue != nil {
                    throw CLIError.usage("--\(name) takes no value", hint: "write --\(name) alone")
                }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else if index < arguments.count {
                throw CLIError.usage("--\(name) needs a value (\(placeholder)), not the option '\(arguments[index])'",
                                     hint: "write --\(name) \(placeholder) (a value that starts with '-' is written --\(name)=VALUE)")
            } else {
                throw CLIError.usage("--\(name) needs a value (\(placeholder))", hint: "write --\(name) \(placeholder)")
            }
            guard !value.isEmpty else {
                throw CLIError.usage("--\(name) needs a value (\(placeholder)), not an empty one", hint: "write --\(name) \(placeholder)")
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    /// Whether an argument is an option rather than a value: it starts with `-` and is not `-` alone.
    private static func looksLikeOption(_ argument: String) -> Bool {
        argument.hasPrefix("-") && argument != "-"
    }
}

/// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo.
package func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    // A suggestion keeps part of what was typed: two letters that share none with "UK" are not a typo of it.
    let allowed = min(max(2, word.count / 3), min(word.count, best.0.count) - 1)
    return best.1 <= allowed ? best.0 : nil
}

private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
