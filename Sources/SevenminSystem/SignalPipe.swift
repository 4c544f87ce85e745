// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore

/// Signals delivered as bytes on a pipe, so the main loop handles them in its own time:
/// nothing but one `write` happens inside a handler.
public final class SignalPipe {
    public let fileDescriptor: Int32

    /// Opens the pipe (`pipe2`) and installs the handlers (`sigaction`, `signal`, `pthread_sigmask`).
    public init() throws(SystemError) {
        fileDescriptor = try retryingNegativeErrno { csevenmin_signals_install($0) }
    }

    /// The signals received since the last call, in order.
    public func drain() -> [Int32] {
        var out: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fileDescriptor, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            out += buffer[0..<n].map { Int32($0) }
        }
        return out
    }

    /// What a signal means to the workout; SIGWINCH is a resize, which the terminal must follow first.
    public static func input(for signo: Int32) -> Input? {
        switch signo {
        case SIGINT: return .signal(.interrupt)
        case SIGTERM: return .signal(.terminate)
        case SIGHUP: return .signal(.hangUp)
        case SIGQUIT: return .signal(.quit)
        case SIGTSTP: return .signal(.suspend)
        case SIGCONT: return .signal(.continued)
        case SIGWINCH: return .resize
        default: return nil
        }
    }

    /// Stops with the default action (as Ctrl-Z would have), then catches SIGTSTP again after `fg`.
    public func stopProcess() {
        // ignored: restoring a valid signal's default action cannot fail (it returns -errno if it did)
        csevenmin_signal_default(SIGTSTP)
        // ignored: raising a valid signal in our own process cannot fail
        raise(SIGTSTP)
        // ignored: re-installing a handler for a valid signal cannot fail
        csevenmin_signal_catch(SIGTSTP)
    }
}
