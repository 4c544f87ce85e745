// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// The log that standard error goes to while the screen is up: `$XDG_STATE_HOME/sevenmin/sevenmin.log`.
/// Each run begins with a separator line, sevenmin's own lines carry a timestamp, and the file is kept
/// under `limit` by rotating it once (to `sevenmin.log.1`) before a run that finds it larger.
enum DiagnosticLog {
    static let limit = 1 << 20

    /// Standard error pointed at the log until `restore`.
    final class Redirection {
        private let redirect: StderrRedirect

        init(_ redirect: StderrRedirect) { self.redirect = redirect }

        /// Points standard error back where it was; safe to call twice.
        func restore() {
            redirect.restore()
            Console.timestamps = false
        }
    }

    /// Points standard error at the log (or, failing that, at /dev/null) for the rest of the run.
    static func redirect(command: String) -> Redirection? {
        let path = Resources.logPath
        if path != "/dev/null", let size = try? SystemCall.status(atPath: path).st_size, size > limit {
            // One old generation is kept, so the lines before a problem are still there to read.
            // ignored: rotation is best effort: the log goes on in the same file
            rename(path, path + ".1")
        }
        guard let redirect = (try? StderrRedirect(path: path)) ?? (try? StderrRedirect(path: "/dev/null")) else {
            return nil
        }
        Console.timestamps = true
        Console.error("---- sevenmin \(HelpText.version) \(command), pid \(getpid()) ----")
        return Redirection(redirect)
    }

    /// A timestamp for a log line: UTC, to the millisecond. Written by hand: a date format style
    /// sets up a calendar and reads the time zone first, a millisecond before every workout's screen.
    static func stamp(_ date: Date = Date()) -> String {
        HistoryReport.isoUTC(date.timeIntervalSince1970, milliseconds: true)
    }
}
