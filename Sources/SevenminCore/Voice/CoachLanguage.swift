// SPDX-License-Identifier: GPL-3.0-or-later
/// A language the coach has a phrase table for.
public enum CoachLanguage: String, CaseIterable, Sendable {
    case en, de, fr, es, it, nl

    /// The codes, for help and messages: "en, de, fr, es, it, nl".
    public static let codes = allCases.map(\.rawValue)

    /// The language of a language tag or locale name: `de`, `de-AT`, `fr_FR.UTF-8`, `nl_BE@euro`;
    /// nil for one without a table (and for `C` and `POSIX`).
    public init?(tag: String) {
        let head = tag.prefix { $0.isLetter }.lowercased()
        guard let language = CoachLanguage(rawValue: head) else { return nil }
        self = language
    }

    /// The language a voice speaks: Flite's voices are English; an espeak-ng voice is named by its
    /// language (`de`, `fr-be`, `es-419`, `en-gb-x-rp`, or with a folder, `roa/it`).
    public init?(voice: String) {
        if VoiceChoice.fliteVoices.contains(voice) {
            self = .en
            return
        }
        guard let name = voice.split(separator: "/").last else { return nil }
        self.init(tag: String(name))
    }

    /// The first language with a table in the environment, by gettext's rules: the locale of messages
    /// is the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty, and `C` if none
    /// is; `C` or `POSIX` means untranslated, English, whatever `LANGUAGE` says (so `LC_ALL=C` is
    /// English, with `LANG` German); otherwise `LANGUAGE`'s list (`fr:de`) comes first, then the
    /// locale's own language.
    public static func fromEnvironment(_ environment: [String: String]) -> CoachLanguage? {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
            .first { !$0.isEmpty } ?? "C"
        if locale == "C" || locale == "POSIX" { return nil }
        let preferences = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init) + [locale]
        return preferences.lazy.compactMap { CoachLanguage(tag: $0) }.first
    }

    /// The language and the voice a workout speaks with, from what was asked, most specific first:
    /// a voice named on the command line or in the config file speaks its own language; else the
    /// routine's `language`, else its `voice`'s, else `--language`, else the environment, else
    /// English. The voice is the one named, else the routine's (when it speaks that language), else
    /// the language's own: Flite's `rms` for English, espeak-ng's for the others.
    public static func resolve(voiceName: String?, routine: Routine, option: CoachLanguage?,
                               environment: [String: String]) -> (language: CoachLanguage, voice: VoiceChoice) {
        let language = voiceName.flatMap(CoachLanguage.init(voice:)) ?? routine.language
            ?? routine.voice.flatMap(CoachLanguage.init(voice:)) ?? option ?? fromEnvironment(environment) ?? .en
        if let name = voiceName { return (language, .named(name)) }
        if let name = routine.voice, CoachLanguage(voice: name) == language { return (language, .named(name)) }
        return (language, language.voice)
    }

    /// This language's one of six tables, given in the order of the cases.
    func table<T>(_ en: T, _ de: T, _ fr: T, _ es: T, _ it: T, _ nl: T) -> T {
        switch self {
        case .en: return en
        case .de: return de
        case .fr: return fr
        case .es: return es
        case .it: return it
        case .nl: return nl
        }
    }

    /// Who speaks this language when nobody chose: Flite for English, espeak-ng for the rest.
    public var voice: VoiceChoice {
        self == .en ? .standard : VoiceChoice(engine: .espeak, voice: rawValue)
    }
}
