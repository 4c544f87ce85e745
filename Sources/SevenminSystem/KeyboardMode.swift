// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc

/// A terminal on standard input read key by key, without taking over the screen: non-canonical,
/// no echo, signals kept (termios). The user's modes are saved where the crash guard and the
/// final signal handler find them, so they come back however the process ends.
public final class KeyboardMode {
    public let fileDescriptor: Int32
    private var active = false

    /// Runs `body` with `fd` (a terminal) read key by key, and always puts its modes back afterwards.
    public static func withKeys<T>(fd: Int32, _ body: (KeyboardMode) throws -> T) throws -> T {
        let mode = KeyboardMode(fd: fd)
        csevenmin_crash_guard_save_modes(fd)
        // Nothing to write on a crash, only the modes to put back.
        // ignored: sigaction on the fatal signals cannot fail; without the guard a crash leaves the modes as they were
        _ = csevenmin_crash_guard_arm(fd, "", 0)
        defer {
            mode.release()
            // ignored: sigaction with SIG_DFL on a valid signal cannot fail
            csevenmin_crash_guard_disarm()
        }
        try mode.take()
        return try body(mode)
    }

    private init(fd: Int32) {
        fileDescriptor = fd
    }

    /// Sets the key-by-key modes (`tcsetattr`).
    public func take() throws(SystemError) {
        try retryingNegativeErrno { csevenmin_tty_keys(fileDescriptor, $0) }
        active = true
    }

    /// Puts the user's modes back (`tcsetattr`); safe to call twice. A failure is dropped: the
    /// terminal has gone, and there is nothing left to restore.
    public func release() {
        guard active else { return }
        active = false
        // From the background (after Ctrl-Z and `bg`) setting modes would stop us with SIGTTOU.
        let ttou = signal(SIGTTOU, SIG_IGN)
        // ignored: giving the modes back is the last thing done; a terminal already gone has none to take
        _ = try? retryingNegativeErrno("tcsetattr") { csevenmin_tty_restore_saved(fileDescriptor) }
        // ignored: SIG_ERR only for an invalid signal number; SIGTTOU is valid
        signal(SIGTTOU, ttou)
    }

    /// Whether `fd` is a terminal (`isatty`).
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
