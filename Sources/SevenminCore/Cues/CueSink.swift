/// Where cues are sent to be heard: the libao player, or a recorder in tests.
public protocol CueSink: AnyObject, Sendable {
    /// Queues `cue`, which fell due at `due`; returns at once.
    func play(_ cue: Cue, due: Instant)
}
