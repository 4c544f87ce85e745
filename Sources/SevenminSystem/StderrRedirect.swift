// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem

/// Sends diagnostics written to fd 2 (by us, or by libraries such as ALSA) to a log file
/// while curses owns the screen.
public final class StderrRedirect {
    private var saved: Int32

    /// Opens `path` for appending, refusing to follow a symbolic link, and points fd 2 at it.
    public init(path: String) throws(SystemError) {
        saved = try retryingNegativeErrno { csevenmin_stderr_redirect(path, $0) }
    }

    /// Points fd 2 at `descriptor`, which stays the caller's to close.
    public init(descriptor: Int32) throws(SystemError) {
        saved = try retryingNegativeErrno { csevenmin_stderr_redirect_fd(descriptor, $0) }
    }

    /// Points fd 2 back where it was; safe to call twice.
    public func restore() {
        guard saved >= 0 else { return }
        // ignored: fd 2 could not be pointed back (dup2 failing on two open descriptors); nowhere is left to say so
        csevenmin_stderr_restore(saved)
        saved = -1
    }

    deinit { restore() }
}
