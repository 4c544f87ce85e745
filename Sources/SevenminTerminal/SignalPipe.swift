import CSevenminSystem
import Foundation

/// Signals delivered as bytes on a pipe, so the main loop handles them in its own time:
/// nothing but one `write` happens inside a handler.
public final class SignalPipe {
    public let fileDescriptor: Int32

    public init() throws {
        let fd = csevenmin_signals_install()
        guard fd >= 0 else { throw TerminalError(call: "sigaction", detail: String(cString: strerror(errno))) }
        fileDescriptor = fd
    }

    /// The signals received since the last call, in order.
    public func drain() -> [Int32] {
        var out: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fileDescriptor, &buffer, buffer.count)
            if n <= 0 { break }
            out += buffer[0..<n].map { Int32($0) }
        }
        return out
    }

    /// Stops with the default action (as Ctrl-Z would have), then catches SIGTSTP again after `fg`.
    public func stopProcess() {
        csevenmin_signal_default(SIGTSTP)
        raise(SIGTSTP)
        csevenmin_signal_catch(SIGTSTP)
    }
}

/// A one-shot alarm at an absolute instant on CLOCK_MONOTONIC, as a readable descriptor.
/// Waiting on it (rather than on a poll timeout) avoids the kernel's timeout slack.
public final class DeadlineTimer {
    public let fileDescriptor: Int32

    public init() throws {
        fileDescriptor = csevenmin_timer_create()
        guard fileDescriptor >= 0 else { throw TerminalError(call: "timerfd_create", detail: String(cString: strerror(errno))) }
    }

    /// Fires once at `instant` (seconds on CLOCK_MONOTONIC); nil disarms.
    public func arm(at instant: Double?) {
        _ = csevenmin_timer_arm(fileDescriptor, instant ?? -1)
    }

    /// Consumes an expiry.
    public func clear() {
        csevenmin_timer_clear(fileDescriptor)
    }

    deinit { close(fileDescriptor) }
}

/// Waits for readable descriptors; deadlines are a `DeadlineTimer` among them.
public enum Waiter {
    /// Returns the subset of `fds` that are readable; empty after an interruption.
    public static func wait(_ fds: [Int32]) -> Set<Int32> {
        var ready: UInt32 = 0
        let status = fds.withUnsafeBufferPointer { csevenmin_wait($0.baseAddress, Int32($0.count), -1, &ready) }
        guard status == 0 else { return [] }
        return Set(fds.enumerated().filter { ready & (1 << UInt32($0.offset)) != 0 }.map(\.element))
    }
}

/// Sends diagnostics written to fd 2 (by us, or by libraries such as ALSA) to a log file
/// while curses owns the screen.
public final class StderrRedirect {
    private var saved: Int32

    public init?(path: String) {
        saved = csevenmin_stderr_redirect(path)
        if saved < 0 { return nil }
    }

    public func restore() {
        csevenmin_stderr_restore(saved)
        saved = -1
    }

    deinit { if saved >= 0 { restore() } }
}
