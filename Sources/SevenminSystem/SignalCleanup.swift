// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem

/// A file that must not outlive a command that a signal ends: an export's half-written track.
public enum SignalCleanup {
    /// Until `forget()`, Ctrl-C, SIGTERM, SIGHUP, SIGQUIT (each unless ignored) or a crash removes
    /// `path` and ends the process by that signal (`csevenmin_unlink_on_death`). For commands with no
    /// screen: the workout's own signals go through `SignalPipe`.
    public static func remove(onDeath path: String) throws(SystemError) {
        _ = try retryingNegativeErrno { csevenmin_unlink_on_death(path, $0) }
    }

    /// The file is in place, or gone: a signal from now on removes nothing.
    public static func forget() {
        csevenmin_crash_guard_unlink(nil)
    }
}
