// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import Testing
import SevenminCore

/// Every phrase of every table, as espeak-ng reads it: a word espeak-ng takes for English in a
/// German sentence is read with English sounds, marked `(en)` in its phoneme output, and a German
/// listener hears a foreign word. So no phrase may switch language.
@Suite("Phrases read in their own language")
struct PhraseLanguageTests {
    /// An exercise's name in each language, for the phrases that name one.
    static let names: [CoachLanguage: String] = [
        .en: "Squat", .de: "Kniebeugen", .fr: "Pompes", .es: "Sentadillas", .it: "Piegamenti", .nl: "Opdrukken",
    ]

    /// Every sentence a table makes, with the numbers and durations a workout says.
    static func everyPhrase(_ language: CoachLanguage) -> [String] {
        let p = Phrases(language), name = names[language]!
        var all = [p.getReady(first: name), p.rest(next: name), p.rest(next: name, isLast: true), p.halfway,
                   p.switchSides, p.paused, p.resumed].map(\.text)
        all += [1, 2, 20, 21, 30, 31, 45, 60, 61, 71, 90, 100, 470, 3_725]
            .map { p.workStart(title: name, seconds: $0).text }
        all += [1, 21, 470].map { p.finished(seconds: $0).text }
        all += [1, 21, 470].map { p.finished(seconds: $0, complete: false).text }
        all.append(p.finalRest.text)
        all.append(p.workStart(title: name, seconds: nil).text)
        all += [1, 2, 10, 21].map { p.reps($0, title: name).text }
        all += (1...3).map { p.count($0).text }
        all += [(1, 3), (2, 3), (3, 3), (17, 80)].map { p.round($0, of: $1).text }
        return all
    }

    @Test(arguments: CoachLanguage.allCases)
    func noPhraseSwitchesLanguage(language: CoachLanguage) throws {
        for text in PhraseLanguageTests.everyPhrase(language) {
            let phonemes = try espeakPhonemes(text, voice: language.rawValue)
            #expect(!phonemes.isEmpty, "espeak-ng read nothing of \"\(text)\"")
            #expect(!phonemes.contains("("), "\(language): \"\(text)\" switches language: \(phonemes)")
        }
    }

    /// Where espeak-ng is, from PATH as the tests start.
    static let espeak: String = {
        let folders = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/espeak-ng" }.first { access($0, X_OK) == 0 } ?? "/usr/bin/espeak-ng"
    }()

    /// `espeak-ng -q -x -v VOICE TEXT`: the phonemes, with `(xx)` where it switches language.
    func espeakPhonemes(_ text: String, voice: String) throws -> String {
        var pipe: [Int32] = [0, 0]
        try #require(Glibc.pipe(&pipe) == 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let words: [String] = ["espeak-ng", "-q", "-x", "-v", voice, text]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        // An environment of its own, and a path found once: other tests set variables meanwhile (the
        // sound server's PULSE_PROP_*), and an exec handed `environ` as it was moved failed with EFAULT.
        let envp: [UnsafeMutablePointer<CChar>?] = [strdup("LANG=C.UTF-8"), nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, PhraseLanguageTests.espeak, &actions, nil, argv, envp)
        close(pipe[1])
        try #require(spawned == 0, "espeak-ng is not installed (scripts/setup --test installs it)")
        var output: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let got = read(pipe[0], &buffer, buffer.count)
            if got <= 0 { break }
            output += buffer[..<got]
        }
        close(pipe[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
