import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// Opens a link with `$BROWSER`, else `xdg-open`, in a process group of its own so that keys and
/// signals meant for the workout never reach it; its output goes to the log (fd 2, redirected
/// while the screen is up), and it is reaped in the background.
final class BrowserOpener: LinkOpener {
    func open(_ url: String) {
        let browser = ProcessInfo.processInfo.environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 }
        // $BROWSER may hold several commands separated by ':', as the convention has it; the first is used.
        let command = browser.map { String($0.split(separator: ":").first ?? "") } ?? "xdg-open"
        let argv = ["/bin/sh", "-c", "exec " + command + " \"$0\"", url]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes,
            Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArgs, environ)
        guard rc == 0 else {
            Console.error("sevenmin: cannot start \(command): \(String(cString: strerror(rc)))")
            return
        }
        Console.error("sevenmin: opening \(url) with \(command)")
        let child = pid
        startThread(named: "sevenmin-reaper") {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
    }
}
