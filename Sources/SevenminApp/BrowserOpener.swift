// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// Opens a link with `$BROWSER`, else `xdg-open`, in a process group of its own so that keys and
/// signals meant for the workout never reach it; its output goes to the log (fd 2, redirected
/// while the screen is up), and it is reaped in the background.
final class BrowserOpener: LinkOpener {
    /// Where a link that cannot be opened is said: the workout's status line, in its language.
    private let report: @Sendable (WorkoutNotice.LinkFailure) -> Void
    /// `BROWSER` and `PATH` are read from here.
    private let environment: [String: String]

    init(environment: [String: String] = ProcessEnvironment.current,
         report: @escaping @Sendable (WorkoutNotice.LinkFailure) -> Void = { _ in }) {
        self.environment = environment
        self.report = report
    }

    func open(_ url: String) {
        // $BROWSER holds commands separated by ':', each with %s for the URL: the first found on PATH is used.
        let lines = BrowserCommand.lines(browser: environment["BROWSER"])
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard let command = lines.first(where: { BrowserOpener.isOnPath(BrowserCommand.program(of: $0), path: path) })
        else {
            let tried = lines.map(BrowserCommand.program(of:)).joined(separator: ", ")
            Console.error("sevenmin: cannot open \(visible(url)): none of \(tried) is installed; set BROWSER to "
                + "the command that opens a link (several separated by ':', %s for the link), e.g. BROWSER=firefox")
            // The advice first: a narrow status line cuts the end off.
            report(.noBrowser(tried: visible(tried)))
            return
        }
        let argv = ["/bin/sh", "-c", "exec " + command, url]
        let program = BrowserCommand.program(of: command)
        let pid: pid_t
        do {
            // Its output to our error output, which a workout sends to the log; a group of its own.
            pid = try Spawn.start(argv, program: "/bin/sh", stdin: .null, stdout: .descriptor(2), ownGroup: true)
        } catch {
            Console.error("sevenmin: cannot start \(program): \(String(cString: strerror(error.errno)))")
            report(.didNotStart(program: visible(program)))
            return
        }
        Console.error("sevenmin: opening \(visible(url)) with \(visible(program))")
        let child = pid
        let report = report
        startThread(named: "sevenmin-reaper") {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            // WIFEXITED and WEXITSTATUS: a browser that could not open the link says so by its status.
            if status & 0x7F == 0, (status >> 8) & 0xFF != 0 {
                Console.error("sevenmin: \(program) exited with status \((status >> 8) & 0xFF)")
                report(.failed(program: visible(program)))
            }
        }
    }

    /// Whether `program` is a path to an executable, or the name of one on `path` (as `PATH`).
    static func isOnPath(_ program: String, path: String) -> Bool {
        guard !program.isEmpty else { return false }
        if program.contains("/") { return access(program, X_OK) == 0 }
        return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}
