// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// Every word a user meets during a workout comes from the language's tables: a test walks each screen
/// state, each panel and the plain lines in every language but English, and fails on an English word.
@Suite("No English in another language's workout")
struct EnglishLeakTests {
    /// Words of the English tables that no other table should show; the routine's own names are chosen
    /// to share none of them.
    static let english: Set<String> = [
        "Get", "ready", "Rest", "Next", "Last", "Paused", "PAUSED", "Halfway", "Switch", "sides", "side", "Going",
        "Finished", "left", "Exercise", "Exercises", "exercises", "exercise", "Warm", "Cool", "Round", "round",
        "Keys", "keys", "pause", "resume", "skip", "quit", "Quit", "next", "previous", "restart", "segment", "add",
        "remove", "seconds", "open", "video", "show", "hide", "help", "suspend", "resumes", "Workout", "complete",
        "Ended", "done", "Day", "row", "streak", "Time", "Shuffled", "How", "hard", "that", "Enter", "skips",
        "Press", "any", "key", "finish", "keep", "going", "go", "to", "Done", "paused", "no", "sound", "device",
        "cues", "are", "silent", "for", "Form", "Note", "all", "make", "window", "taller", "more", "space", "effort",
        "first", "second", "each", "quits", "skips", "goes", "back", "restarts", "opens", "or", "right",
        // The notices'.
        "the", "by", "voice", "cannot", "speak", "speaking", "with", "history", "saved", "not", "locked", "another",
        "program", "read", "only", "disk", "holding", "full", "damaged", "moved", "will", "started", "plain",
        "file", "from", "newer", "could", "written", "events", "its", "reader", "went", "away", "write", "failed",
        "error", "link", "set", "found", "did", "start", "this", "move", "writing", "line", "change", "instead",
        "screen", "off", "reach", "looking", "trying", "skin",
    ]

    /// Words that are also the language's own.
    static let ownWords: [CoachLanguage: Set<String>] = [
        .fr: ["pause", "effort", "segment", "second"], .es: ["no"], .it: ["video"], .nl: ["Enter", "video", "open"],
    ]

    /// A routine whose names are no English word: two rounds, an exercise done on each side, a step counted
    /// in reps (so that totals say how many are open), a warm-up.
    static let plan = Plan(Routine(name: "Zyx", rest: 2, getReady: 2, rounds: 2, roundRest: 3, exercises: [
        Exercise(title: "Qwa", color: FlatColor.red.rgb, work: 4, cues: ["Qwo"]),
        Exercise(title: "Qwe", color: FlatColor.teal.rgb, work: 4, sides: 2),
        Exercise(title: "Qwu", color: FlatColor.green.rgb, work: 4, reps: 8),
    ], warmup: [Exercise(title: "Qwi", color: FlatColor.blue.rgb, work: 2)]))

    /// One of every notice, each kind of failure of each; `kind` below fails to build when a notice is added,
    /// and `everyNoticeKindIsWalked` when it is not listed here.
    static let notices: [WorkoutNotice] = [
        .noSound, .noSoundBell, .noVideo(exercise: "Qwa"), .noVoice(voice: "espeak-ng xx"),
        .voiceFallback(asked: "espeak-ng xx", speaking: "Flite rms"),
        .historyNotSaved(path: "/q/z.sqlite3", .locked), .historyNotSaved(path: "/q/z.sqlite3", .readOnly),
        .historyNotSaved(path: "/q/z.sqlite3", .full),
        .historyNotSaved(path: "/q/z.sqlite3", .damaged(movedTo: "/q/y")),
        .historyNotSaved(path: "/q/z.sqlite3", .notAFile),
        .historyNotSaved(path: "/q/z.sqlite3", .tooNew(schema: 9)), .historyNotSaved(path: "/q/z.sqlite3", .failed),
        .historyStartedAfresh(movedTo: "/q/y"),
        .eventsFileStopped(.readerGone), .eventsFileStopped(.full), .eventsFileStopped(.failed(code: 5)),
        .linkNotOpened(.noBrowser(tried: "qx, qy")), .linkNotOpened(.didNotStart(program: "qx")),
        .linkNotOpened(.failed(program: "qx")), .linesInstead(term: "dumb"),
        .noHeartRate(device: "Qz 7"), .noPhone(address: "10.9.8.7"), .noPhone(address: nil),
        .heartRateLost(device: "Qz 7", .adapterOff),
        .heartRateLost(device: "Qz 7", .gone), .heartRateLost(device: "Qz 7", .wontConnect), .noSkinContact,
        .heartRateLost(device: "Qz 7", .ambiguous(addresses: ["A0:9E:1A:12:34:56", "C1:9E:1A:12:34:57"])),
    ]

    /// Which kind of notice, down to its failure: an exhaustive switch, so a new one must be named here.
    static func kind(_ notice: WorkoutNotice) -> String {
        switch notice {
        case .noSound: return "noSound"
        case .noSoundBell: return "noSoundBell"
        case .noVideo: return "noVideo"
        case .noVoice: return "noVoice"
        case .voiceFallback: return "voiceFallback"
        case .historyNotSaved(_, let problem):
            switch problem {
            case .locked: return "history.locked"
            case .readOnly: return "history.readOnly"
            case .full: return "history.full"
            case .damaged: return "history.damaged"
            case .notAFile: return "history.notAFile"
            case .tooNew: return "history.tooNew"
            case .failed: return "history.failed"
            }
        case .historyStartedAfresh: return "history.startedAfresh"
        case .eventsFileStopped(let failure):
            switch failure {
            case .readerGone: return "events.readerGone"
            case .full: return "events.full"
            case .failed: return "events.failed"
            }
        case .linkNotOpened(let failure):
            switch failure {
            case .noBrowser: return "link.noBrowser"
            case .didNotStart: return "link.didNotStart"
            case .failed: return "link.failed"
            }
        case .linesInstead: return "linesInstead"
        case .noHeartRate: return "noHeartRate"
        case .noPhone(let address): return address == nil ? "noPhone.noNetwork" : "noPhone"
        case .heartRateLost(_, let loss):
            switch loss {
            case .adapterOff: return "heart.adapterOff"
            case .gone: return "heart.gone"
            case .wontConnect: return "heart.wontConnect"
            case .ambiguous: return "heart.ambiguous"
            }
        case .noSkinContact: return "noSkinContact"
        }
    }

    static func leaks(_ text: String, _ language: CoachLanguage) -> Set<String> {
        let words = Set(text.split { !$0.isLetter }.map(String.init))
        return words.intersection(english.subtracting(ownWords[language] ?? []))
    }

    /// Every text a user is shown while the workout runs: each frame at each size, the window titles, the
    /// notification and the line left after exit.
    static func shown(in language: CoachLanguage, skipping: Bool) -> [String] {
        var settings = CoachSettings(flash: false, seed: 7, notify: true, asksEffort: true)
        settings.language = language
        settings.planStep = RoutineChoice.PlanStep(plan: "Zwei", step: 2, steps: 4, counts: !skipping)
        var app = WorkoutApp(plan: plan, settings: settings)
        var effects = app.start(at: 0)
        effects += app.handle(.audio(.silent), at: 0.1)
        effects += app.handle(.streak(StreakBasis(daysBeforeToday: 3, todaySeconds: 0, threshold: 1)), at: 0.2)
        var t = 0.5
        while app.session.state != .finished, t < 120 {
            let counting = app.session.state == .running && app.session.segment.reps != nil
            let key: Input? = skipping ? .key(.character("n")) : counting && t.truncatingRemainder(dividingBy: 3) == 0
                ? .key(.character("\r"))
                : t == 3 ? .key(.character("?")) : t == 3.5 ? .key(.character("?"))
                : t == 5 ? .key(.character(" ")) : t == 5.5 ? .key(.character(" "))
                : t == 6 ? .key(.character("q")) : t == 6.5 ? .key(.character("n"))
                : t == 7 ? .key(.character("o")) : nil
            effects += app.handle(key ?? .tick, at: t)
            t += 0.5
        }
        effects += app.handle(.tick, at: t + 2)
        var texts: [String] = []
        for effect in effects {
            switch effect {
            case .draw(let model):
                for (w, h) in [(200, 60), (80, 24), (40, 12), (20, 5), (10, 3)] {
                    texts.append(WorkoutScreen.render(model, width: w, height: h).text)
                }
                if let summary = model.summary {
                    texts.append(summary.line(routine: "Zyx", streak: true, text: model.text))
                }
            case .setTitle(let title): texts.append(title)
            case .notify(let title, let body): texts += [title, body]
            default: break
            }
        }
        // The quit prompt at the sizes where it is compact.
        var quitting = app.screen(at: t)
        quitting.summary = nil
        quitting.overlay = .confirmQuit
        for (w, h) in [(40, 12), (20, 5), (10, 3)] {
            texts.append(WorkoutScreen.render(quitting, width: w, height: h).text)
        }
        // `during`'s, naming its command.
        quitting.overlay = .confirmQuitCommand("gcc")
        for (w, h) in [(80, 24), (30, 6), (20, 5), (10, 3)] {
            texts.append(WorkoutScreen.render(quitting, width: w, height: h).text)
        }
        texts.append(ScreenText.of(language).plainQuitCommand("gcc"))
        return texts
    }

    @Test(arguments: CoachLanguage.allCases.filter { $0 != .en }, [false, true])
    func everyScreenStateIsInTheLanguage(language: CoachLanguage, skipping: Bool) {
        let texts = Self.shown(in: language, skipping: skipping)
        #expect(texts.count > 100)
        for text in texts {
            let found = Self.leaks(text, language)
            #expect(found.isEmpty, "\(language): \(found.sorted()) in:\n\(text)")
        }
    }

    @Test(arguments: CoachLanguage.allCases.filter { $0 != .en })
    func plainModeIsInTheLanguage(language: CoachLanguage) throws {
        let clock = ManualClock(), backend = TranscriptBackend()
        let input = ScriptedInput(clock: clock, [.at(0, [.audio(.silent)]), .at(1, [.key(.character("?"))]),
                                                 .at(1.5, [.key(.character("q"))]), .at(2, [.key(.character("n"))])]
            + Array(repeating: .untilDeadline, count: 80))
        // No keys at hand, as down a pipe: the step counted in reps lasts its exercise's work.
        var settings = CoachSettings(flash: false, summaryWaitsForKey: false, keysAtHand: false)
        settings.language = language
        let loop = WorkoutLoop(app: WorkoutApp(plan: Self.plan, settings: settings), clock: clock, terminal: backend,
                               input: input, audio: nil, recorder: nil)
        #expect(try loop.run() == .completed)
        #expect(backend.lines.count > 15)
        let found = Self.leaks(backend.lines.joined(separator: "\n"), language)
        #expect(found.isEmpty, "\(language): \(found.sorted()) in:\n\(backend.lines.joined(separator: "\n"))")
    }

    /// The test can fail: English itself is full of the words it looks for, in every notice too, and
    /// a step counted in reps puts "open" in the totals.
    @Test func englishIsCaught() {
        let texts = Self.shown(in: .en, skipping: false)
        #expect(!Self.leaks(texts.joined(separator: "\n"), .de).isEmpty)
        #expect(texts.contains { $0.contains("+ 2 open") })
        for notice in Self.notices {
            #expect(!Self.leaks(NoticeText.words(notice, in: .en), .de).isEmpty, "\(notice)")
        }
    }

    /// The steps a total cannot hold, counted as each language counts: "+ 1 libre", "+ 2 libres".
    @Test(arguments: [(CoachLanguage.en, "1:05 + 1 open", "1:05 + 2 open"), (.de, "1:05 + 1 offen", "1:05 + 2 offen"),
                      (.fr, "1:05 + 1 libre", "1:05 + 2 libres"), (.es, "1:05 + 1 libre", "1:05 + 2 libres"),
                      (.it, "1:05 + 1 libero", "1:05 + 2 liberi"), (.nl, "1:05 + 1 open", "1:05 + 2 open")])
    func openStepsAreCountedInTheLanguage(language: CoachLanguage, one: String, two: String) {
        let text = ScreenText.of(language)
        #expect(Plan.time(65, open: 1, text: text) == one && Plan.time(65, open: 2, text: text) == two)
        #expect(Plan.time(65, open: 0, text: text) == "1:05")
    }

    @Test func everyNoticeKindIsWalked() {
        #expect(Set(Self.notices.map(Self.kind)).count == Self.notices.count)
    }

    /// Every notice an adapter or the core posts, in every language: its words, the status line that shows it
    /// at each size, and plain mode's line.
    @Test(arguments: CoachLanguage.allCases.filter { $0 != .en })
    func everyNoticeIsInTheLanguage(language: CoachLanguage) throws {
        var settings = CoachSettings(flash: false)
        settings.language = language
        for notice in Self.notices {
            let words = NoticeText.words(notice, in: language)
            #expect(Self.leaks(words, language).isEmpty, "\(language): \(words)")
            #expect(words != NoticeText.words(notice, in: .en))
            var app = WorkoutApp(plan: Self.plan, settings: settings)
            _ = app.start(at: 0)
            var transcript = PlainTranscript(unicode: true)
            _ = transcript.lines(for: app.screen(at: 0.4))
            let model = try #require(app.handle(.notice(notice), at: 0.5).model)
            #expect(model.notice == words)
            // Wide enough for most of the notice: the status line cuts what does not fit, mid-word.
            let screen = WorkoutScreen.render(model, width: 200, height: 60).text
            #expect(screen.contains(words.prefix(90)) && Self.leaks(screen, language).isEmpty,
                    "\(language): \(screen)")
            let lines = transcript.lines(for: model)
            #expect(lines.contains { $0.hasSuffix(words) && Self.leaks($0, language).isEmpty }, "\(lines)")
        }
    }


    @Test func everyTableNamesEveryKey() {
        for language in CoachLanguage.allCases {
            #expect(ScreenText.of(language).keyActions.count == KeyBindings.summary.count)
        }
    }
}
