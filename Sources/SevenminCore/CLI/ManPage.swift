// SPDX-License-Identifier: GPL-3.0-or-later
/// The manual pages, made from the command table and the routine keys so they cannot disagree with
/// help: `sevenmin(1)` for the program and `sevenmin-routine(5)` for the file format.
public enum ManPage {
    /// The sections there are pages for.
    public enum Section: String, CaseIterable, Sendable {
        case program = "1", routineFormat = "5"
    }

    /// The page for `section` in roff.
    public static func page(_ section: Section) -> String {
        switch section {
        case .program: return program()
        case .routineFormat: return routineFormat()
        }
    }

    /// What each exit status means; the codes are `ExitCode`'s in the app.
    public static let exitStatuses: [(code: String, meaning: String)] = [
        ("0", "Success: the workout ran (or was quit), or the command did what it was asked."),
        ("1", "A failure at run time, such as a terminal that cannot be set up."),
        ("64", "Bad usage: an unknown command or option, or a bad value."),
        ("65", "A routine file is invalid (every problem is reported), or a plan option cannot apply to it."),
        ("66", "No such routine, or a routine file that cannot be read."),
        ("73", "A file cannot be created: the events file, or the routine `new` writes."),
        ("128+N", "The workout was ended by signal N (such as 130 for Ctrl-C), after the terminal was restored."),
    ]

    /// The environment variables sevenmin reads.
    public static let environment: [(name: String, meaning: String)] = [
        ("SEVENMIN_WORKOUTS", "Colon-separated folders searched for routines first."),
        ("SEVENMIN_DATA_DIR", "The folder holding the shipped `Workouts/` and `Sounds/`, used instead of the copies "
            + "built into the program; by default `../share/sevenmin` beside the binary, or the source tree it was "
            + "built in, when either exists."),
        ("SEVENMIN_HISTORY", "`off` (or `0`, `no`, `false`) records no history."),
        ("XDG_CONFIG_HOME", "Holds `sevenmin/workouts`, your routines, and `sevenmin/config.json`, your settings "
            + "(default `~/.config`)."),
        ("XDG_STATE_HOME", "Holds `sevenmin/sevenmin.log` and `sevenmin/history.sqlite3` (default `~/.local/state`)."),
        ("NO_COLOR", "When set, no colour, as with `--color never`."),
        ("COLORTERM", "`truecolor` or `24bit` asks for exact 24-bit colour."),
        ("COLUMNS", "The width help is wrapped to, when not the terminal's."),
    ]

    static func header(_ name: String, _ section: String, _ title: String) -> String {
        ".TH \(Roff.literal(name)) \(section) \"\" \"sevenmin \(HelpText.version)\" \"\(title)\"\n"
    }

    static func tagged(_ tag: String, _ body: String) -> String { ".TP\n\(tag)\n\(body)\n" }

    /// A command's synopsis: its name, options (or only `[options]`, when `brief`) and argument, as troff words.
    static func synopsis(_ spec: CommandSpec, brief: Bool = false) -> String {
        var parts = ["\\fBsevenmin " + Roff.literal(spec.name) + "\\fR"]
        if brief && !spec.options.isEmpty {
            parts.append("[\\fIoptions\\fR]")
        } else {
            for o in spec.options { parts.append("[" + Roff.option(o) + "]" + (o.repeatable ? "..." : "")) }
        }
        parts += arguments(spec.positional)
        return parts.joined(separator: " ")
    }

    /// The arguments of a synopsis, as troff words: `[routine]`, `file`, `file...`.
    static func arguments(_ positional: Positional) -> [String] {
        switch positional {
        case .none: return []
        case .optional(let n, _, _): return ["[\\fI\(Roff.literal(n))\\fR]"]
        case .required(let n, _, _): return ["\\fI\(Roff.literal(n))\\fR"]
        case .oneOrMore(let n, _, _): return ["\\fI\(Roff.literal(n))\\fR..."]
        case .requiredThenOptional(let n, _, _, let then): return ["\\fI\(Roff.literal(n))\\fR"] + arguments(then)
        case .optionalThenOptional(let n, _, _, let then): return ["[\\fI\(Roff.literal(n))\\fR]"] + arguments(then)
        case .thenCommand(let before, let n, _):
            return arguments(before) + ["\\fB\\-\\-\\fR", "\\fI\(Roff.literal(n))\\fR", "[\\fIarg\\fR]..."]
        }
    }

    /// `sevenmin(1)`.
    public static func program(commands: [CommandSpec] = CommandLineParser.specs) -> String {
        var out = header("SEVENMIN", "1", "User Commands")
        out += ".SH NAME\nsevenmin \\- a seven\\-minute\\-workout coach for the terminal\n"
        out += ".SH SYNOPSIS\n"
        out += commands.map { ".br\n" + synopsis($0, brief: true) + "\n" }.joined()
        out += ".br\n\\fBsevenmin\\fR [\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR]\n"
        out += ".SH DESCRIPTION\n" + Roff.inline("`sevenmin start` turns the terminal into a full-screen, coloured "
            + "coach: one exercise at a time with its description and a video link, a big countdown, what comes "
            + "next, and how far through the workout you are, with a sound cue at every transition and an optional "
            + "spoken coach. The default routine is Klika & Jordan's (2013) seven-minute workout: 12 exercises of "
            + "30 s with 10 s of rest between them.") + "\n"
        out += ".PP\n" + Roff.inline("A routine is named (`classic`) or given as a path to a `.json` file. Names are "
            + "looked up in the folders of `$SEVENMIN_WORKOUTS`, then in `$XDG_CONFIG_HOME/sevenmin/workouts` (where "
            + "`sevenmin new` writes), then among the shipped routines. The shipped routines and cue sounds are "
            + "built into the program; see sevenmin-routine(5) for the file format.") + "\n"
        out += ".SH COMMANDS\n"
        for spec in commands {
            out += ".SS \(Roff.literal(spec.name))\n" + synopsis(spec) + "\n.PP\n" + Roff.text(spec.abstract) + "\n"
            if let discussion = spec.discussion { out += ".PP\n" + Roff.text(discussion) + "\n" }
            if let name = spec.positional.name, let help = spec.positional.help {
                out += tagged("\\fI" + Roff.literal(name) + "\\fR", Roff.text(help))
            }
            for o in spec.options { out += tagged(Roff.option(o), Roff.text(o.help)) }
        }
        out += ".SH OPTIONS\n"
        out += tagged("\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Show help information, for the program or after a command.")
        out += tagged("\\fB\\-\\-version\\fR", "Show the version.")
        out += ".SH KEYS\nWhile a workout runs:\n"
        let phoneDrop = (keys: KeyBindings.phoneDrop.keys, action: KeyBindings.phoneDrop.action + " (with --phone)")
        for (keys, action) in KeyBindings.summary + [KeyBindings.repsDone, phoneDrop] {
            out += tagged("\\fB" + Roff.literal(keys) + "\\fR", Roff.text(action))
        }
        out += tagged("\\fBCtrl\\-Z\\fR", "pause and give the terminal back; \\fBfg\\fR returns, still paused")
        out += ".PP\n" + Roff.text("Quitting asks first while a workout is under way.") + "\n"
        out += ".SH CONFIGURATION\n" + Roff.inline(configuration) + "\n" + keys(ConfigSettings.documented)
        out += ".SH ENVIRONMENT\n"
        for (name, meaning) in environment { out += tagged("\\fB" + Roff.literal(name) + "\\fR", Roff.inline(meaning)) }
        out += ".SH FILES\n"
        out += tagged("\\fI~/.config/sevenmin/workouts/\\fR", "Your routines; \\fBsevenmin new\\fR writes here.")
        out += tagged("\\fI~/.config/sevenmin/config.json\\fR", "Your settings; see CONFIGURATION.")
        out += tagged("\\fI~/.local/state/sevenmin/history.sqlite3\\fR", "The workout history.")
        out += tagged("\\fI~/.local/state/sevenmin/snacks.json\\fR",
                      Roff.inline("What the snack watcher knows: the sitting, the next heads-up; `snacks`, `stats` "
                                  + "and `status` read it."))
        out += tagged("\\fI~/.config/systemd/user/sevenmin\\-snacks.service\\fR",
                      Roff.inline("Written by `snacks on`, which runs `snacks watch`; `snacks off` removes it and "
                                  + "the folders made for it."))
        out += tagged("\\fI~/.local/state/sevenmin/sevenmin.log\\fR",
                      "Diagnostics written while the screen is taken, such as the sound device chosen.")
        out += tagged("\\fIPREFIX/share/sevenmin/\\fR",
                      Roff.inline("Shipped `Workouts/` and `Sounds/`, when installed beside the binary; they take "
                                  + "the place of the built-in copies."))
        out += ".SH EXIT STATUS\n"
        for (code, meaning) in exitStatuses { out += tagged("\\fB" + code + "\\fR", Roff.inline(meaning)) }
        out += ".SH SEE ALSO\n.BR sevenmin\\-routine (5),\n.BR espeak\\-ng (1)\n"
        return out
    }

    /// `sevenmin-routine(5)`.
    public static func routineFormat() -> String {
        var out = header("SEVENMIN-ROUTINE", "5", "File Formats")
        out += ".SH NAME\nsevenmin\\-routine \\- the routine files sevenmin runs\n"
        out += ".SH DESCRIPTION\n" + Roff.inline("A routine is a JSON object in a UTF-8 file ending in `.json`. Names "
            + "are looked up in the folders of `$SEVENMIN_WORKOUTS`, then in `~/.config/sevenmin/workouts`, then among "
            + "the shipped routines; a file found earlier shadows one of the same name found later. "
            + "`sevenmin validate FILE` reports every problem in a file at once, each as `PATH:LINE:COLUMN: message`.")
            + "\n"
        out += ".SH ROUTINE KEYS\n" + keys(RoutineKeys.routine)
        out += ".SH EXERCISE KEYS\nEach exercise, in \\fBexercises\\fR, \\fBwarmup\\fR or \\fBcooldown\\fR, is an "
            + "object with these keys.\n" + keys(RoutineKeys.exercise)
        out += ".SH COLOURS\nChameleon's flat palette: "
            + FlatColor.allCases.map { "\\fB\\%" + $0.name + "\\fR" }.joined(separator: ", ") + ".\n"
        out += ".SH OTHER APPS' FILES\n" + Roff.inline("`sevenmin import FILE...` makes routines from these apps' "
            + "files, and `sevenmin export-routine FILE.json ROUTINE --format jawt|openhiit` writes them back. "
            + "Problems are reported as for a routine; keys sevenmin has no use for are named in one warning. Both "
            + "apps count whole seconds, so `export-routine` rounds every time to a whole second (a half away from "
            + "zero) and says in one note what it rounded.") + "\n"
        for format in RoutineFormat.allCases {
            out += tagged("\\fB" + Roff.literal(format.appName) + "\\fR", Roff.inline(format.manual))
        }
        out += ".SH PERSONAL RECORDS\n" + Roff.inline("An exercise with `\"until\": \"limit\"` is a hold to the limit "
            + "(a plank, a wall sit): its time counts up from 0:00 until Enter or `n` (or its `max`), and the history "
            + "keeps the time held. The longest hold of a move, by its title, on this machine or in any copy in "
            + "`history.d`, is its record: shown under the time with a bar filling toward it, and a hold that beats it "
            + "by a tenth of a second shows \"New record\" big as it ends and on the finish screen, and says it once. "
            + "`sevenmin stats --records` lists every record (`--json` for scripts). With `start --ghost` (or "
            + "`\"ghost\": true` in the config), a ghost holds your record bettered by `--ghost-margin` (1.05: 5 % "
            + "longer): its marker moves along the bar and reaches its end as its hold ends, and passing it is said "
            + "once and is one `ghost` event in the events file. A move with no record has no ghost. With nobody at "
            + "the keys (plain mode, no terminal on standard input), a hold ends after the routine's `work` as a "
            + "step counted in reps does, and is no record: a record needs a person to have ended it. An exercise "
            + "with `\"reps\": \"max\"` is as many as you can: it counts up until Enter or `n`, or with its own "
            + "`work` counts that time down (\"as many as you can in 60 s\"), then asks \"How many?\" over the number "
            + "typed in big type (digits, Backspace, Enter to keep it, Esc for none; in plain mode, on a line; with "
            + "nobody at the keys, nothing is asked). The workout runs on under the question; a count still not given "
            + "when the next such step ends is dropped. The history keeps the count with its step (`history --json`: "
            + "`reps`), and the most reps of a move are its record of kind `reps`, or `reps_in_60` for 60 "
            + "seconds, each shown, said and listed as a hold's is. Each answer is a `count` event in the events file "
            + "(with no `reps` for Esc).") + "\n"
        out += ".SH LIMITS\n" + Roff.text("So that no file can exhaust time or memory: a file may be at most 1 MiB, "
            + "nesting at most 64 levels deep, and the whole plan may last at most 24 hours and hold at most "
            + "100,000 segments. Text may hold no control characters (C0, DEL, C1) and no bidirectional controls.")
            + "\n"
        out += ".SH EXAMPLE\n.nf\n" + example.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Roff.literal(String($0)) }.joined(separator: "\n") + "\n.fi\n"
        out += ".SH PLANS\n" + Roff.inline("A plan (`sevenmin plan`) is a JSON object in a file ending in `.json`, "
            + "in `$XDG_CONFIG_HOME/sevenmin/plans` or among the shipped plans, checked as a routine is. It moves up "
            + "a step after `advance.sessions` completed workouts at the step, each rated at most "
            + "`advance.effortAtMost`, once `advance.minDays` have passed since the step began; one workout rated at "
            + "least `back.effortAtLeast` moves it back a step. Unrated workouts never move it, and it never moves "
            + "more than one step in `advance.minDays`.") + "\n"
        out += ".SS Plan keys\n" + keys(RoutineKeys.plan)
        out += ".SS Step keys\n" + keys(RoutineKeys.planStep)
        out += ".SS Plan example\n.nf\n" + planExample.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Roff.literal(String($0)) }.joined(separator: "\n") + "\n.fi\n"
        out += ".SH SEE ALSO\n.BR sevenmin (1)\n"
        return out
    }

    /// What the config file is, before the table of its keys.
    static let configuration = "`$XDG_CONFIG_HOME/sevenmin/config.json` (else `~/.config/sevenmin/config.json`) is "
        + "a JSON object whose keys give `start` and `stats` their defaults; an option given on the command line "
        + "wins over them. It is checked as a routine is: every problem is reported with its position, and a file "
        + "with problems stops the command (exit 65). `sevenmin config` prints each setting and where it came from; "
        + "`$schema` is accepted and ignored, so a file can point editors at `Workouts/config.schema.json`."

    static let example = """
        {
          "name": "Short Circuit",
          "work": 30, "rest": 10, "rounds": 2,
          "exercises": [
            { "title": "Jumping Jacks", "color": "flatRed", "tags": ["jumping", "noisy"] },
            { "title": "Side Plank", "color": "#3A7082", "sides": 2, "group": "core" }
          ]
        }
        """

    static let planExample = """
        { "name": "Build to three circuits", "days": ["mon", "wed", "fri"],
          "steps": [ { "routine": "classic", "rounds": 1 }, { "routine": "classic", "rounds": 2 },
                     { "routine": "classic", "rounds": 3 }, { "routine": "advanced", "rounds": 2 } ],
          "advance": { "sessions": 2, "effortAtMost": 6, "minDays": 7 },
          "back": { "effortAtLeast": 9 } }
        """

    static func keys(_ keys: [RoutineKey]) -> String {
        keys.map { k in
            tagged("\\fB" + Roff.literal(k.key) + "\\fR", Roff.inline(k.meaning.prefix(1).uppercased()
                + k.meaning.dropFirst() + ".") + "\n.br\nDefault: " + Roff.inline(k.byDefault) + ". Allowed: "
                + Roff.inline(k.allowed) + ".")
        }.joined()
    }
}
