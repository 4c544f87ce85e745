// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import Synchronization

/// Appends event records to the `--events` file, one JSON object per line, as they happen.
public final class EventLog: Sendable {
    private let fd: Int32
    /// The first write's failure, and whether it was taken; held while a line is written.
    private let failure = Mutex<(first: WorkoutNotice.WriteFailure?, taken: Bool)>((nil, false))

    /// Why an events file could not be opened.
    public struct OpenError: Error, CustomStringConvertible {
        public var path: String
        public var errno: Int32
        public var description: String {
            let reason = errno == ENXIO ? "it is a FIFO that no program is reading yet; start the reader first"
                : String(cString: strerror(errno))
            return "Error: Cannot open the events file \(visible(path)): \(reason)"
        }
    }

    /// Opens `path` for appending. Non-blocking, so a FIFO without a reader is an error at once
    /// rather than a hang before the screen comes up.
    public init(path: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard fd >= 0 else { throw OpenError(path: path, errno: errno) }
    }

    /// Writes one line with a single `write`, so a reader never sees half a line. Only the loop writes,
    /// with lines the core made. After a failure (a reader that went away, a full disk) it stops
    /// writing and says so once.
    public func append(_ record: EventRecord) {
        let line = record.jsonLine + "\n"
        failure.withLock { failure in
            guard failure.first == nil else { return }
            if let code = Console.write(fd, line) {
                failure.first = EventLog.failure(code)
                Console.error("sevenmin: events file: " + String(cString: strerror(code)) + "; no more events written")
            }
        }
    }

    /// What a write's `errno` means to the user: the reader gone (a pipe), the disk full, or another error.
    static func failure(_ code: Int32) -> WorkoutNotice.WriteFailure {
        switch code {
        case EPIPE: return .readerGone
        case ENOSPC, EDQUOT: return .full
        default: return .failed(code: code)
        }
    }

    /// The failure, the first time it is asked after one happened.
    public func takeFailure() -> WorkoutNotice.WriteFailure? {
        failure.withLock { failure in
            guard let first = failure.first, !failure.taken else { return nil }
            failure.taken = true
            return first
        }
    }

    // ignored: every line was written with its own checked write; close loses nothing
    deinit { close(fd) }
}
