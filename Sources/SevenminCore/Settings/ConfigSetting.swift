// SPDX-License-Identifier: GPL-3.0-or-later
/// One setting of the config file, declared once in `ConfigSettings.all`: its key, the type of its
/// value, what it means, the command it gives a default to and the options there that stand for it.
/// Reading the file, applying it to the command, `sevenmin config`, the manual and the schema all
/// come from this declaration.
struct ConfigSetting: Sendable {
    let key: String
    /// What it does, as the manual and the schema say it: plain text, lower-case first.
    let meaning: String
    /// The command it gives a default to.
    let command: CommandSpec
    /// The options of `command` that stand for it: when one is typed, the file's value is not used.
    let options: [OptionSpec]
    /// Whether the command's argument (`start ROUTINE`) stands for it too.
    let argument: Bool
    /// What the command does when neither the file nor the command line sets it, where the value
    /// is then null: said after `null` by `sevenmin config`, and as the default by the manual.
    let unset: String?
    /// What values are allowed, as the manual says it.
    let allowed: String
    /// The JSON Schema of the value, as members of an object, without its description.
    let schema: String
    /// Whether `false` is one of its values, so that a `--no-…` flag stands for it.
    let takesFalse: Bool
    /// The value at a node of the file, checked; nil when a problem was reported.
    let read: @Sendable (inout Validator, JSONNode) -> (any Sendable)?
    /// The command with the file's value set, unless one of `options` (or the argument) was typed.
    let apply: @Sendable (any Sendable, any ConfigurableCommand) -> any ConfigurableCommand
    /// The value the command starts with under `config`, as the file would spell it; nil when it is unset.
    let effective: @Sendable (UserConfig) -> String?

    /// A setting of type `type` that gives `C` a default: `get` reads the command's value (nil when
    /// unset), `set` gives it the file's.
    init<C: ConfigurableCommand, Value>(
        _ key: String, _ type: ConfigType<Value>, of _: C.Type, _ meaning: String, options: [OptionSpec],
        argument: Bool = false, unset: String? = nil,
        get: @escaping @Sendable (C) -> Value?, set: @escaping @Sendable (inout C, Value) -> Void
    ) {
        self.key = key
        self.meaning = meaning
        command = C.spec
        self.options = options
        self.argument = argument
        self.unset = unset
        allowed = type.allowed
        schema = type.schema
        takesFalse = type.takesFalse
        read = { validator, node in type.read(&validator, node, key) }
        apply = { value, command in
            guard var c = command as? C, let value = value as? Value,
                  !(argument && c.explicit.routine), !options.contains(where: c.explicit.contains) else {
                return command
            }
            set(&c, value)
            return c
        }
        effective = { config in get(config.applied(to: C())).map(type.json) }
    }

    /// What `sevenmin config` prints for it under `config`: the value, or null and what that means.
    func printed(_ config: UserConfig) -> String {
        effective(config) ?? ("null" + (unset.map { " (\($0))" } ?? ""))
    }

    /// Which options stand for it, as the schema (`code` false) or the manual says it:
    /// `like --bell, --no-bell`, `like --voice; false: like --no-voice`, `like stats --weight`.
    func like(code: Bool) -> String {
        func span(_ s: String) -> String { code ? "`" + s + "`" : s }
        let prefix = command.name == StartCommand.spec.name ? "" : command.name + " "
        var words = argument ? [span(command.name + " " + (command.positional.name ?? "").uppercased())] : []
        var negated: [String] = []
        for option in options {
            if takesFalse && option.value == nil && option.long.hasPrefix("no-") {
                negated.append(span(prefix + option.name))
            } else {
                words.append(span(prefix + option.name))
            }
        }
        return [words.isEmpty ? nil : "like " + words.joined(separator: ", "),
                negated.isEmpty ? nil : span("false") + ": like " + negated.joined(separator: ", ")]
            .compactMap { $0 }.joined(separator: "; ")
    }

    /// Its row in the manual's table of keys; the default is what `sevenmin config` prints with no file.
    var documented: RoutineKey {
        RoutineKey(key: key, meaning: meaning + " (" + like(code: true) + ")",
                   byDefault: effective(UserConfig()).map { "`" + $0 + "`" } ?? unset ?? "none", allowed: allowed)
    }

    /// Its member of the schema's `properties`, on one line.
    var schemaMember: String {
        let byDefault = effective(UserConfig()).map { "; default " + $0 } ?? unset.map { "; default: " + $0 } ?? ""
        let description = meaning.prefix(1).uppercased() + meaning.dropFirst() + " (" + like(code: false) + ")"
            + byDefault + "."
        return JSONWriter.quote(key) + ": { " + schema + ", \"description\": " + JSONWriter.quote(description) + " }"
    }
}

/// A command whose defaults the config file gives; an option typed on its command line wins over them.
protocol ConfigurableCommand: ParsableCommand, Equatable {
    init()
    /// The options typed, which the config file may not override.
    var explicit: GivenOptions { get }
}

/// What a config setting's value is: how the file's JSON is checked and read into it, how it is spelled
/// back as the file would give it, and what the manual and the schema allow.
struct ConfigType<Value: Sendable>: Sendable {
    let read: @Sendable (inout Validator, JSONNode, _ key: String) -> Value?
    let json: @Sendable (Value) -> String
    let allowed: String
    let schema: String
    var takesFalse = false
}

extension ConfigType where Value == Bool {
    static var boolean: Self {
        Self(read: { v, node, key in v.boolean(node, key: key) }, json: { "\($0)" }, allowed: "`true` or `false`",
             schema: #""type": "boolean""#, takesFalse: true)
    }
}

extension ConfigType where Value == Int {
    static func integer(_ range: ClosedRange<Int>) -> Self {
        Self(read: { v, node, key in v.integer(node, key: key, range: range) }, json: { "\($0)" },
             allowed: "\(range.lowerBound) to \(range.upperBound)",
             schema: #""type": "integer", "minimum": \#(range.lowerBound), "maximum": \#(range.upperBound)"#)
    }
}

extension ConfigType where Value == Double {
    /// A body weight: any number of kilograms in `range`.
    static func kilograms(_ range: ClosedRange<Double>) -> Self {
        let (low, high) = (JSONWriter.number(range.lowerBound), JSONWriter.number(range.upperBound))
        return Self(read: { v, node, key in
            if case .number(let kg) = node.value, range.contains(kg) { return kg }
            v.report(node.position, "\"\(key)\" must be kilograms from \(low) to \(high)")
            return nil
        }, json: JSONWriter.number, allowed: "kilograms, \(low) to \(high)",
           schema: #""type": "number", "minimum": \#(low), "maximum": \#(high)"#)
    }
}

extension ConfigType where Value == String {
    /// Text, refused with `"KEY" problem` where `isValid` says no.
    static func text(where isValid: @escaping @Sendable (String) -> Bool = { _ in true }, else problem: String = "",
                     allowed: String = "text", schema: String = "") -> Self {
        Self(read: { v, node, key in
            guard let text = v.string(node, key: key) else { return nil }
            guard isValid(text) else {
                v.report(node.position, "\"\(key)\" " + problem)
                return nil
            }
            return text
        }, json: spelled, allowed: allowed, schema: #""type": "string""# + schema)
    }
}

extension ConfigType {
    /// Text that `parse` reads into a value and `spell` writes back, refused with `"KEY" must be EXPECTED`.
    static func parsed(_ parse: @escaping @Sendable (String) -> Value?, spell: @escaping @Sendable (Value) -> String,
                       expected: String, allowed: String) -> Self {
        Self(read: { v, node, key in
            guard let text = v.string(node, key: key) else { return nil }
            guard let value = parse(text) else {
                v.report(node.position, "\"\(key)\" must be " + expected + ", not \"\(visible(text))\"")
                return nil
            }
            return value
        }, json: { spelled(spell($0)) }, allowed: allowed, schema: #""type": "string""#)
    }
}

extension ConfigType where Value: Equatable {
    /// One of `names`, each standing for a value.
    static func choice(_ names: [(String, Value)]) -> Self {
        let words = names.map(\.0)
        return Self(read: { v, node, key in
            v.choice(node, key: key, among: words).flatMap { word in names.first { $0.0 == word }?.1 }
        }, json: { value in spelled(names.first { $0.1 == value }?.0 ?? "") },
           allowed: either(words),
           schema: #""enum": ["# + words.map(JSONWriter.quote).joined(separator: ", ") + "]")
    }
}

extension ConfigType where Value == CoachLanguage {
    /// A language code, refused as a routine's `language` is.
    static var language: Self {
        Self(read: { v, node, key in v.choice(node, key: key, what: "language") }, json: { spelled($0.rawValue) },
             allowed: either(CoachLanguage.codes),
             schema: #""enum": ["# + CoachLanguage.codes.map(JSONWriter.quote).joined(separator: ", ") + "]")
    }
}

/// A voice in the config file: one by name, or `false` for none.
public enum ConfigVoice: Equatable, Sendable {
    case named(String)
    case silent
}

extension ConfigType where Value == ConfigVoice {
    /// A voice name the engine lists (when the validator has its catalogue), or `false`.
    static var voice: Self {
        Self(read: { v, node, key in
            if case .bool(false) = node.value { return .silent }
            guard let name = v.string(node, key: key) else { return nil }
            guard VoiceName.isValid(name) else {
                v.report(node.position, "\"\(key)\" must be a voice name such as \"en-us\", or false")
                return nil
            }
            return v.listedVoice(name, at: node.position).map(ConfigVoice.named)
        }, json: { if case .named(let name) = $0 { spelled(name) } else { "false" } },
           allowed: "a voice's name (Flite's `rms` or `slt`, or one espeak-ng lists), or `false`",
           schema: #""oneOf": [ { "type": "string", "minLength": 1, "maxLength": 64, "#
            + #""not": { "pattern": "[^A-Za-z0-9_+/-]" } }, { "const": false } ]"#,
           takesFalse: true)
    }
}

/// Text as the config file spells it, with anything a terminal would act on made visible.
private func spelled(_ text: String) -> String { JSONWriter.quote(visible(text)) }

/// Words as the manual lists choices: "`auto`, `always` or `never`".
private func either(_ words: [String]) -> String {
    let spans = words.map { "`" + $0 + "`" }
    return spans.count > 1 ? spans.dropLast().joined(separator: ", ") + " or " + spans.last! : spans.joined()
}

extension Validator {
    mutating func boolean(_ node: JSONNode?, key: String) -> Bool? {
        guard let node else { return nil }
        guard case .bool(let b) = node.value else {
            report(node.position, "\"\(key)\" must be true or false, not \(node.value.typeName)")
            return nil
        }
        return b
    }

    mutating func choice(_ node: JSONNode?, key: String, among choices: [String]) -> String? {
        guard let node, let text = string(node, key: key) else { return nil }
        guard choices.contains(text) else {
            let near = Suggestions.nearest(to: text, in: choices).first.map { "; did you mean \"\($0)\"?" } ?? ""
            report(node.position,
                   "\"\(key)\" must be one of \(Suggestions.phrase(choices)), not \"\(visible(text))\"" + near)
            return nil
        }
        return text
    }
}
