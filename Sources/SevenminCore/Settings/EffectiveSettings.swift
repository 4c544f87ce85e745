// SPDX-License-Identifier: GPL-3.0-or-later
/// The settings `start` begins with once the config file is applied, each with where it came from:
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
        let start = StartCommand().applying(config)
        func quoted(_ s: String?) -> String { s.map { JSONWriter.quote(visible($0)) } ?? "null" }
        let bell: String = switch start.bell { case .auto: "auto"; case .always: "always"; case .never: "never" }
        let values: [(String, String)] = [
            ("routine", quoted(start.plan.routine)),
            ("mute", "\(start.mute)"),
            ("voice", start.voice ? (start.voiceName.map { quoted($0) }
                ?? "null (the routine's, else the language's: \"rms\" for English)") : "false"),
            ("language", start.speech.language.map { quoted($0.rawValue) }
                ?? "null (the voice's or the routine's, else LANGUAGE or LANG, else \"en\")"),
            ("rate", "\(start.rate)"),
            ("volume", "\(start.volume)"),
            ("countAloud", "\(start.countAloud)"),
            ("flash", "\(start.flash)"),
            ("figure", "\(start.figure)"),
            ("bell", quoted(bell)),
            ("audioDriver", start.audioDriver.map { quoted($0) } ?? "null (libao's default, then pulse, alsa, oss)"),
            ("audioDevice", quoted(start.audioDevice)),
            ("color", quoted(start.color.rawValue)),
            ("history", "\(!start.noHistory)"),
            ("notify", "\(start.notify)"),
            ("weight", config.weight.map { JSONWriter.number($0) } ?? "null"),
        ]
        rows = values.map { key, value in
            Row(key: key, value: value, source: config.lines[key].map { "\(visible(path)):\($0)" } ?? "default")
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
