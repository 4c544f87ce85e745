// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization

/// Standard output and error as a careful Unix tool uses them: every write is checked, a failed
/// stdout turns into "write error" and exit 1 (as coreutils do), a closed pipe into a silent 141, and a
/// stderr that cannot be written is given up on silently rather than crashing.
enum Console {
    /// The first error writing standard output, if any; a write after it is not tried. Held while
    /// writing, so that lines written from two threads never interleave.
    private static let output = Mutex<Int32?>(nil)
    /// Whether lines to standard error start with a timestamp: while it goes to the log.
    static let timestamps = Atomic(false)

    /// The first error writing standard output, if any.
    static var outputError: Int32? { output.withLock { $0 } }

    /// Writes `text` to standard output.
    static func out(_ text: String) {
        out(Array(text.utf8))
    }

    /// Writes `bytes` to standard output.
    static func out(_ bytes: [UInt8]) {
        output.withLock { error in
            guard error == nil else { return }
            error = write(STDOUT_FILENO, bytes)
        }
    }

    /// Writes a line to standard error; a failure is dropped, since there is nowhere left to say it.
    static func error(_ line: String) {
        let stamp = timestamps.load(ordering: .relaxed) ? DiagnosticLog.stamp() + " " : ""
        _ = write(STDERR_FILENO, stamp + line + "\n")
    }

    /// The exit status after a command: its own, or 1 when standard output could not be written.
    static func finish(_ status: Int32) -> Int32 {
        let failed: Int32? = output.withLock { error in
            if error == nil, fsync(STDOUT_FILENO) != 0, errno == ENOSPC || errno == EIO { error = errno }
            return error
        }
        guard let code = failed else { return status }
        // A reader that has seen enough (`| head`) closed the pipe: as a tool ended by SIGPIPE, say nothing.
        if code == EPIPE { return 128 + SIGPIPE }
        error("sevenmin: write error: " + String(cString: strerror(code)))
        return ExitCode.failure
    }

    /// Writes all of `text` to `fd`, retrying partial writes and EINTR; returns errno on failure.
    static func write(_ fd: Int32, _ text: String) -> Int32? { write(fd, Array(text.utf8)) }

    /// Writes all of `bytes` to `fd`, as above.
    static func write(_ fd: Int32, _ all: [UInt8]) -> Int32? {
        var bytes = all[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            bytes = bytes.dropFirst(n)
        }
        return nil
    }

    /// Opens /dev/null on any of fds 0–2 that is closed, so that files opened later never land
    /// there (and the log redirect never swallows an events file or the signal pipe).
    static func ensureStandardDescriptors() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // ignored: a process that cannot open /dev/null has bigger problems; the fd stays closed
            _ = open("/dev/null", O_RDWR)
        }
    }
}
