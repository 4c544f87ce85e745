// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The manual pages as man shows them, and the completion scripts loaded into real shells.
@Suite("Manual pages and completions end to end", .serialized)
struct ManualAndCompletionEndToEndTests {
    /// Writes `sevenmin ARGS`'s output to a file in `dir`.
    static func save(_ args: [String], as name: String, in dir: String) throws -> String {
        let result = try run(binary, args)
        #expect(result.status == 0, "\(args): \(result.stderr)")
        let path = dir + "/" + name
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// An interactive zsh in tmux, in a folder of its own with the completion function loaded, at its prompt.
    static func zsh() throws -> Tmux {
        let bin = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let tmux = try Tmux("")
        _ = try save(["completions", "zsh"], as: "_sevenmin", in: tmux.directory)
        tmux.type("PATH=\(bin):$PATH exec zsh -f")
        tmux.type("fpath=(\(tmux.directory) $fpath); autoload -Uz compinit; compinit -u -d \(tmux.directory)/dump; "
                  + "PS1='zsh%% '; cd \(tmux.directory); clear")
        tmux.waitFor("the zsh prompt") { $0.hasPrefix("zsh%") }
        return tmux
    }

    @Test(arguments: ["1", "5"])
    func manualRendersWithoutWarnings(section: String) throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let page = try ManualAndCompletionEndToEndTests.save(["man", section], as: "sevenmin.\(section)", in: dir)
        for device in ["-Tutf8", "-Tascii"] {
            let groff = try run("/usr/bin/groff", ["-ww", "-man", device, page])
            #expect(groff.status == 0 && groff.stderr.isEmpty, "groff \(device): \(groff.stderr)")
        }
        let man = try run("/usr/bin/man", ["--warnings", "-l", page],
                          environment: ["MANWIDTH": "80", "MANPAGER": "cat"])
        #expect(man.status == 0 && man.stderr.isEmpty, "man: \(man.stderr)")
        #expect(man.stdout.contains(section == "1" ? "SEVENMIN(1)" : "SEVENMIN-ROUTINE(5)"))
        if section == "1" {
            // Every option of the table reaches the rendered page.
            let help = try run(binary, ["help", "start"]).stdout + (try run(binary, ["help", "list"]).stdout)
            let options = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.hasPrefix("--") }
            #expect(!options.isEmpty)
            for option in Set(options.map(String.init)) {
                #expect(man.stdout.contains(option), "the rendered page lacks \(option)")
            }
        }
    }

    @Test func bashCompletesSubcommandsAndRoutinesOnTab() throws {
        let bin = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let tmux = try Tmux("")
        tmux.type("PATH=\(bin):$PATH; source <(sevenmin completions bash); clear")
        tmux.waitFor("a clear prompt") { $0.hasPrefix("e2e$") && !$0.contains("completions") }
        // Each Tab completes the word and adds a space: the next word typed shows it was accepted.
        // ("sta" alone is start or stats.)
        // (tmux trims the spaces at the end of a line it captures.)
        tmux.send("-l", "--", "sevenmin sta")
        tmux.send("-l", "--", "r")
        tmux.send("Tab")
        tmux.waitFor(text: "e2e$ sevenmin start")
        tmux.send("-l", "--", "taba")
        tmux.send("Tab")
        tmux.waitFor(text: "e2e$ sevenmin start tabata")
        tmux.send("-l", "--", "--col")
        tmux.send("Tab")
        tmux.send("-l", "--", "ne")
        tmux.send("Tab")
        tmux.send("-l", "--", "--mu")
        tmux.send("Tab")
        tmux.waitFor(text: "e2e$ sevenmin start tabata --color never --mute")
    }

    @Test func zshLoadsItsCompletionFunction() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try ManualAndCompletionEndToEndTests.save(["completions", "zsh"], as: "_sevenmin", in: dir)
        let script = "fpath=(\(dir) $fpath); autoload -Uz compinit; compinit -u -d \(dir)/zcompdump; "
            + "autoload +X _sevenmin; print -r -- $_comps[sevenmin] ${+functions[_sevenmin]}"
        let zsh = try run("/usr/bin/zsh", ["-f", "-c", script], environment: ["HOME": dir])
        #expect(zsh.status == 0 && zsh.stderr.isEmpty, "\(zsh.stderr)")
        #expect(zsh.stdout == "_sevenmin 1\n")
    }

    @Test func zshCompletesRoutinesAndOptionValuesOnTab() throws {
        let tmux = try ManualAndCompletionEndToEndTests.zsh()
        tmux.send("-l", "--", "sevenmin start taba")
        tmux.send("Tab")
        tmux.send("-l", "--", " --colo")
        tmux.send("Tab")
        tmux.send("-l", "--", "ne")
        tmux.send("Tab")
        tmux.waitFor(text: "zsh% sevenmin start tabata --color=never")
        tmux.send("C-u")
        tmux.send("-l", "--", "sevenmin remind add --days tue,")
        tmux.send("Tab")
        tmux.waitFor(text: "zsh% sevenmin remind add --days tue,thu,sat")
    }

    @Test func fishLoadsItsScriptAndCompletes() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = try ManualAndCompletionEndToEndTests.save(["completions", "fish"], as: "sevenmin.fish", in: dir)
        let bin = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let commands = "source \(script); complete -C 'sevenmin st'; complete -C 'sevenmin list cla'; "
            + "complete -C 'sevenmin remind add --days '"
        let fish = try run("/usr/bin/fish", ["--no-config", "-c", commands],
                           environment: ["HOME": dir, "PATH": bin + ":/usr/bin:/bin"])
        #expect(fish.status == 0 && fish.stderr.isEmpty, "\(fish.stderr)")
        let lines = fish.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(lines.contains("start"))
        #expect(lines.contains("classic") && lines.contains("classic-3x"), "\(lines)")
        #expect(lines.contains("mon,wed,fri") && lines.contains("sat"), "\(lines)")
    }

    /// `plan join <Tab>` offers the plans, not the actions again, in bash, zsh and fish; the action before
    /// it still completes.
    @Test func everyShellCompletesThePlanToJoin() throws {
        let bin = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let path = ["PATH": bin + ":/usr/bin:/bin"]
        let complete = "source <(sevenmin completions bash); COMPREPLY=(); _sevenmin; "
            + "printf '%s\\n' \"${COMPREPLY[@]}\""
        let bash = try run("/bin/bash", ["-c", "COMP_WORDS=(sevenmin plan --json join ''); COMP_CWORD=4; " + complete],
                           environment: path)
        #expect(bash.status == 0 && bash.stdout == "standing-start\nthree-circuits\n", "\(bash)")
        let action = try run("/bin/bash", ["-c", "COMP_WORDS=(sevenmin plan j); COMP_CWORD=2; " + complete],
                             environment: path)
        #expect(action.stdout == "join\n", "\(action)")

        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = try ManualAndCompletionEndToEndTests.save(["completions", "fish"], as: "sevenmin.fish", in: dir)
        let fish = try run("/usr/bin/fish", ["--no-config", "-c",
                                             "source \(script); complete -C 'sevenmin plan join '"],
                           environment: path.merging(["HOME": dir]) { $1 })
        let offered = fish.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(fish.status == 0 && offered == ["standing-start", "three-circuits"], "\(fish)")

        let tmux = try ManualAndCompletionEndToEndTests.zsh()
        tmux.send("-l", "--", "sevenmin plan join thr")
        tmux.send("Tab")
        tmux.waitFor(text: "zsh% sevenmin plan join three-circuits")
    }

    /// `remind add --days <Tab>` offers the days, in bash as in zsh and fish.
    @Test func bashCompletesTheDaysOfAReminder() throws {
        let bin = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let script = "source <(sevenmin completions bash); COMP_WORDS=(sevenmin remind add --days mon,w); "
            + "COMP_CWORD=4; _sevenmin; printf '%s\\n' \"${COMPREPLY[@]}\""
        let bash = try run("/bin/bash", ["-c", script], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(bash.status == 0 && bash.stdout == "mon,wed,fri\n", "\(bash)")
    }
}
