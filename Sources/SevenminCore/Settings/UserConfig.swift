// SPDX-License-Identifier: GPL-3.0-or-later
/// The defaults a user's `config.json` sets for `start` (and `stats`), each with the line it came from.
public struct UserConfig: Equatable, Sendable {
    public var routine: String?
    public var mute: Bool?
    /// A voice name, or `false` in the file (stored as `.some(nil)`): do not speak.
    public var voice: String??
    public var rate: Int?
    public var volume: Int?
    public var countAloud: Bool?
    /// The language to speak when neither the voice nor the routine says (like `--language`).
    public var language: CoachLanguage?
    public var flash: Bool?
    public var figure: Bool?
    public var bell: CoachSettings.Bell?
    public var audioDriver: String?
    public var audioDevice: String?
    public var color: ColorChoice?
    public var history: Bool?
    public var notify: Bool?
    public var weight: Double?
    /// The line of each key given, by key, so `sevenmin config` can say where a setting came from.
    public var lines: [String: Int] = [:]

    public init() {}

    /// Every key a config file may hold, in the order `sevenmin config` lists them.
    public static let keys = ["$schema", "routine", "mute", "voice", "language", "rate", "volume", "countAloud",
                              "flash", "figure", "bell", "audioDriver", "audioDevice", "color", "history", "notify",
                              "weight"]

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
        config.routine = v.string(m["routine"], key: "routine")
        if config.routine?.isEmpty == true, let node = m["routine"] { v.report(node.position, "\"routine\" is empty") }
        config.mute = v.boolean(m["mute"], key: "mute")
        if let node = m["voice"] {
            if case .bool(false) = node.value {
                config.voice = .some(nil)
            } else if let name = v.string(node, key: "voice") {
                if VoiceName.isValid(name) {
                    if let listed = v.listedVoice(name, at: node.position) { config.voice = listed }
                } else {
                    v.report(node.position, "\"voice\" must be a voice name such as \"en-us\", or false")
                }
            }
        }
        config.rate = v.integer(m["rate"], key: "rate", range: 80...450)
        config.volume = v.integer(m["volume"], key: "volume", range: 0...100)
        config.countAloud = v.boolean(m["countAloud"], key: "countAloud")
        config.language = v.choice(m["language"], key: "language", what: "language")
        config.flash = v.boolean(m["flash"], key: "flash")
        config.figure = v.boolean(m["figure"], key: "figure")
        config.bell = v.choice(m["bell"], key: "bell", among: ["auto", "always", "never"]).map {
            $0 == "always" ? .always : $0 == "never" ? .never : .auto
        }
        config.audioDriver = v.string(m["audioDriver"], key: "audioDriver")
        config.audioDevice = v.string(m["audioDevice"], key: "audioDevice")
        if let device = config.audioDevice, !AudioDeviceName.isValid(device), let node = m["audioDevice"] {
            v.report(node.position, "\"audioDevice\" must be a device name such as \"default\", \"hw:1\" or "
                + "\"plughw:CARD=PCH,DEV=0\" (see aplay -L), not a plugin's definition")
            config.audioDevice = nil
        }
        config.color = v.choice(m["color"], key: "color", among: ["auto", "always", "never"]).flatMap(ColorChoice.init)
        config.history = v.boolean(m["history"], key: "history")
        config.notify = v.boolean(m["notify"], key: "notify")
        if let node = m["weight"] {
            if case .number(let kg) = node.value, (20...400).contains(kg) {
                config.weight = kg
            } else {
                v.report(node.position, "\"weight\" must be kilograms from 20 to 400")
            }
        }
        if !v.diagnostics.isEmpty { throw RoutineLoadError(v.allDiagnostics) }
        if case .object(let list) = root.value {
            for member in list { config.lines[member.key] = member.keyPosition.line }
        }
        return config
    }
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
