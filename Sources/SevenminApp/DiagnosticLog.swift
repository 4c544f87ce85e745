// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem
import Synchronization

/// The log that standard error goes to while the screen is up: `$XDG_STATE_HOME/sevenmin/sevenmin.log`.
/// Each run begins with a separator line, sevenmin's own lines carry a timestamp, and the file is kept
/// under `limit` by rotating it once (to `sevenmin.log.1`) before a run that finds it larger.
enum DiagnosticLog {
    static let limit = 1 << 20

    /// Standard error pointed at the log until `restore`.
    final class Redirection {
        private let redirect: StderrRedirect
        /// Begun `deferred`: the file in memory standard error goes to until `open`, and then the log's redirection.
        private var held: Int32?
        private var log: StderrRedirect?

        init(_ redirect: StderrRedirect, held: Int32? = nil) {
            self.redirect = redirect
            self.held = held
        }

        /// Points standard error at the log, if it went to memory meanwhile, and puts what was written there
        /// into the log first; does nothing otherwise, or a second time.
        func open() {
            guard let held else { return }
            self.held = nil
            log = DiagnosticLog.openLog()
            if log != nil, let bytes = try? SystemCall.drain(held), !bytes.isEmpty {
                try? SystemCall.write(STDERR_FILENO, bytes)
            }
            // ignored: a file in memory, which its last descriptor closing frees
            _ = close(held)
        }

        /// Points standard error back where it was (opening the log first if that was still to come, so
        /// that nothing written is lost); safe to call twice.
        func restore() {
            open()
            log?.restore()
            log = nil
            redirect.restore()
            Console.timestamps.store(false, ordering: .relaxed)
        }
    }

    /// Points standard error at the log (or, failing that, at /dev/null) for the rest of the run. With
    /// `deferred`, at a file in memory until `Redirection.open`: making the log's folders and opening it
    /// was the slowest step before a first run's screen, and nothing reads the log while a workout runs.
    static func redirect(command: String, deferred: Bool = false) -> Redirection? {
        var redirection: Redirection?
        if deferred, let held = try? SystemCall.memoryFile(named: "sevenmin-log") {
            if let redirect = try? StderrRedirect(descriptor: held) {
                redirection = Redirection(redirect, held: held)
            } else {
                // ignored: as in Redirection.open
                _ = close(held)
            }
        }
        guard let redirection = redirection ?? openLog().map({ Redirection($0) }) else { return nil }
        Console.timestamps.store(true, ordering: .relaxed)
        Console.error("---- sevenmin \(HelpText.version) \(command), pid \(getpid()) ----")
        return redirection
    }

    /// Points standard error at the log, moved aside first when it is past `limit`, or at /dev/null.
    private static func openLog() -> StderrRedirect? {
        let path = Resources.logPath
        if path != "/dev/null", let size = try? SystemCall.status(atPath: path).st_size, size > limit {
            // One old generation is kept, so the lines before a problem are still there to read.
            // ignored: rotation is best effort: the log goes on in the same file
            rename(path, path + ".1")
        }
        return (try? StderrRedirect(path: path)) ?? (try? StderrRedirect(path: "/dev/null"))
    }

    /// A timestamp for a log line: UTC, to the millisecond. Written by hand: a date format style
    /// sets up a calendar and reads the time zone first, a millisecond before every workout's screen.
    static func stamp(_ date: Date = Date()) -> String {
        HistoryReport.isoUTC(date.timeIntervalSince1970, milliseconds: true)
    }
}
