// SPDX-License-Identifier: GPL-3.0-or-later
/// The defaults a user's `config.json` gives `start` and `stats`: a value for each setting of
/// `ConfigSettings.all` it holds, with the line it came from.
public struct UserConfig: Sendable {
    /// The file's value of each setting given, by key, of that setting's type.
    private var values: [String: any Sendable] = [:]
    /// The line of each key given, by key, so `sevenmin config` can say where a setting came from.
    public var lines: [String: Int] = [:]

    public init() {}

    /// Every key a config file may hold, in the order `sevenmin config` lists them.
    public static var keys: [String] { ConfigSettings.keys }

    /// The file's value for `key`, when it gives one of type `type`.
    public func value<Value>(_ key: String, as type: Value.Type) -> Value? { values[key] as? Value }

    /// Validates config JSON as routines are validated: every problem, with its position and a did-you-mean.
    /// `path` is used in messages; reading the file is the caller's job.
    /// With `voices`, the engine's catalogue, `voice` must be one it lists.
    public static func parse(_ bytes: [UInt8], path: String,
                             voices: VoiceCatalogue? = nil) throws(RoutineLoadError) -> UserConfig {
        let root = try RoutineLoader.root(of: bytes, path: path, what: "a config")
        var v = Validator(path: path, voices: voices)
        var config = UserConfig()
        guard let m = v.members(of: root, allowed: keys, what: "the config") else {
            throw RoutineLoadError(v.allDiagnostics)
        }
        _ = v.string(m["$schema"], key: "$schema")
        for setting in ConfigSettings.all {
            if let node = m[setting.key] { config.values[setting.key] = setting.read(&v, node) }
        }
        if !v.diagnostics.isEmpty { throw RoutineLoadError(v.allDiagnostics) }
        if case .object(let list) = root.value {
            for member in list { config.lines[member.key] = member.keyPosition.line }
        }
        return config
    }

    /// `command` with the file's values filled in wherever no option standing for them was typed.
    func applied<C: ConfigurableCommand>(to command: C) -> C {
        var result: any ConfigurableCommand = command
        for setting in ConfigSettings.all {
            if let value = values[setting.key] { result = setting.apply(value, result) }
        }
        return result as? C ?? command
    }
}

extension StartCommand: ConfigurableCommand {
    /// This command with the config file's defaults filled in wherever no option was given.
    public func applying(_ config: UserConfig) -> StartCommand { config.applied(to: self) }
}

extension StatsCommand: ConfigurableCommand {
    /// This command with the config file's defaults filled in wherever no option was given.
    public func applying(_ config: UserConfig) -> StatsCommand { config.applied(to: self) }
}

extension SnacksCommand: ConfigurableCommand {
    /// This command with the config file's defaults filled in wherever no option was given.
    public func applying(_ config: UserConfig) -> SnacksCommand { config.applied(to: self) }
}

/// The settings the commands begin with once the config file is applied, each with where it came from:
/// what `sevenmin config` prints.
public struct EffectiveSettings: Equatable, Sendable {
    /// One setting: its key in the file, its value as the file would spell it, and its source.
    public struct Row: Equatable, Sendable {
        public var key: String
        public var value: String
        /// `default`, or `PATH:LINE` for the config file.
        public var source: String
    }

    public var rows: [Row]

    /// `config` is nil when there is no file; `path` names it in the sources.
    public init(config: UserConfig?, path: String) {
        let config = config ?? UserConfig()
        rows = ConfigSettings.all.map { setting in
            Row(key: setting.key, value: setting.printed(config),
                source: config.lines[setting.key].map { "\(visible(path)):\($0)" } ?? "default")
        }
    }

    /// The rows as aligned text, one setting a line, measured by `metrics`.
    public func text(metrics: TextMetrics) -> String {
        let keyWidth = rows.map(\.key.count).max() ?? 0
        let valueWidth = rows.map { metrics.width($0.value) }.max() ?? 0
        return rows.map { row in
            row.key + String(repeating: " ", count: keyWidth - row.key.count) + "  " + row.value
                + String(repeating: " ", count: valueWidth - metrics.width(row.value)) + "  " + row.source
        }.joined(separator: "\n") + "\n"
    }
}
