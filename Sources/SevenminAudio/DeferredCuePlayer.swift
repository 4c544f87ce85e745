import Foundation
import SevenminCore

/// Opens the sound device on a background thread and queues cues until it is ready.
///
/// libao probes its drivers when it starts (ALSA, PulseAudio…), which can take far longer
/// than drawing the first frame; the workout should not wait for it.
public final class DeferredCuePlayer: @unchecked Sendable {
    private let lock = NSLock()
    private let opened = DispatchGroup()
    private var player: CuePlayer?
    private var pending: [(cue: Cue, due: Instant)] = []

    /// `open` runs on a background thread; its player receives the cues queued meanwhile.
    public init(open: @escaping @Sendable () -> CuePlayer) {
        opened.enter()
        let thread = Thread { [self] in
            let ready = open()
            let queued: [(cue: Cue, due: Instant)] = lock.withLock {
                player = ready
                defer { pending.removeAll() }
                return pending
            }
            for item in queued { ready.play(item.cue, due: item.due) }
            opened.leave()
        }
        thread.name = "sevenmin-audio-open"
        thread.start()
    }

    /// The player's output once open; nil while it is still opening.
    public var output: CuePlayer.Output? { lock.withLock { player?.output } }

    public func play(_ cue: Cue, due: Instant) {
        lock.withLock {
            if let player { player.play(cue, due: due) } else { pending.append((cue, due)) }
        }
    }

    /// Waits for the device to open, lets sounding cues finish, and closes it.
    public func close() {
        opened.wait()
        lock.withLock { player }?.close()
    }
}
