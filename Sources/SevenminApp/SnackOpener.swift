// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// Where a snack opens: in a tmux popup on the client used last, where one is attached; else in `$TERMINAL -e`,
/// `xdg-terminal-exec` or `x-terminal-emulator -e`, the first found.
enum SnackOpener {
    /// The command line that opens `snack` (a sevenmin command line), and where, in a user's words; nil: nowhere.
    static func command(for snack: [String], environment: [String: String] = ProcessEnvironment.current)
        -> (argv: [String], place: String)? {
        if let client = lastTmuxClient() {
            let line = snack.map(shellQuoted).joined(separator: " ")
            return (["tmux", "display-popup", "-c", client, "-E", line], "a tmux popup on \(client)")
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var terminals: [[String]] = []
        if let terminal = environment["TERMINAL"], !terminal.isEmpty { terminals.append([terminal, "-e"]) }
        terminals += [["xdg-terminal-exec"], ["x-terminal-emulator", "-e"]]
        guard let terminal = terminals.first(where: { BrowserOpener.isOnPath($0[0], path: path) }) else { return nil }
        return (terminal + snack, terminal[0])
    }

    /// The tmux client whose activity is latest (`list-clients`), where a server runs with one attached.
    static func lastTmuxClient() -> String? {
        guard let listed = Subprocess.run(["tmux", "list-clients", "-F", "#{client_activity} #{client_name}"]),
              listed.status == 0 else { return nil }
        let clients = listed.output.split(separator: "\n").compactMap { line -> (Int, String)? in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let activity = Int(parts[0]) else { return nil }
            return (activity, String(parts[1]))
        }
        return clients.max { $0.0 < $1.0 }?.1
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Opens the snack; what was said when it could not.
    static func open(minutes: Int) -> String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "sevenmin"
        guard let (argv, _) = command(for: [executable, "snack", "--minutes", String(minutes)]) else {
            return "no terminal to open the snack in: set TERMINAL, or install xdg-terminal-exec"
        }
        do {
            // A group of its own: the watcher's signals are not the snack's. Reaped by `reap`.
            _ = try Spawn.start(argv, stdin: .null, stdout: .null, stderr: .null, ownGroup: true)
            return nil
        } catch {
            return "cannot start \(argv[0]): \(String(cString: strerror(error.errno)))"
        }
    }

    /// Reaps the terminals opened that have ended, without waiting.
    static func reap() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }
}
