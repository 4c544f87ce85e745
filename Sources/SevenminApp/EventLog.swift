import Foundation
import SevenminCore

/// Appends event records to the `--events` file, one JSON object per line, as they happen.
public final class EventLog: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()

    public init(path: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path,
                NSLocalizedDescriptionKey: "cannot open \(path): \(String(cString: strerror(errno)))"])
        }
    }

    /// Writes one line with a single `write`, so lines from the audio thread never interleave.
    public func append(_ record: EventRecord) {
        let line = record.jsonLine + "\n"
        lock.withLock {
            _ = line.withCString { write(fd, $0, strlen($0)) }
        }
    }

    deinit { close(fd) }
}

/// The workout's time origin, shared by the main loop and the audio thread so that every
/// line of the events file measures `t` from the same instant.
public final class Timeline: @unchecked Sendable {
    private let lock = NSLock()
    private var start: Instant?

    public init() {}

    /// Fixes the origin (once).
    public func begin(at instant: Instant) { lock.withLock { if start == nil { start = instant } } }

    /// Seconds from the origin to `instant`.
    public func offset(_ instant: Instant) -> Double { lock.withLock { instant - (start ?? instant) } }
}
