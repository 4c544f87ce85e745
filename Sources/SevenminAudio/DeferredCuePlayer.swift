// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import FoundationEssentials
import Glibc
import SevenminCore
import Synchronization
import SevenminSystem

/// Opens the sound device on a background thread and queues cues and phrases until it is ready.
///
/// libao probes its drivers when it starts (ALSA, PulseAudio…), which can take far longer
/// than drawing the first frame; the workout should not wait for it. Items queued meanwhile keep
/// their due instants, so the player drops those that went stale while the device opened.
public final class DeferredCuePlayer: Sendable {
    private let opened = DispatchSemaphore(value: 0)
    /// The player once open, what was queued for it before, and whether it was closed meanwhile.
    private let state = Mutex<(player: CuePlayer?, pending: [@Sendable (CuePlayer) -> Void], closed: Bool)>(
        (nil, [], false))

    /// `open` runs on a background thread; its player receives the items queued meanwhile.
    public init(open: @escaping @Sendable () -> CuePlayer) {
        startThread(named: "sevenmin-ao-open") { [self] in
            let ready = open()
            let abandoned: Bool = state.withLock { state in
                guard !state.closed else { return true }
                state.player = ready
                // Under the lock, so nothing queued later overtakes what waited.
                for item in state.pending { item(ready) }
                state.pending.removeAll()
                return false
            }
            // Closed while opening: nobody will play to it, so give it back at once.
            if abandoned { ready.close(drain: 0) }
            opened.signal()
        }
    }

    /// The player's output once open; nil while it is still opening.
    public var output: CuePlayer.Output? { state.withLock { $0.player?.output } }

    /// The drivers tried and the one chosen, once open.
    public var choice: AudioOutputChoice? { state.withLock { $0.player?.choice } }

    public func play(_ cue: Cue, due: Instant) {
        forward { $0.play(cue, due: due) }
    }

    /// Queues a rendered phrase, as `CuePlayer.say`.
    public func say(_ text: String, sound: Sound, priority: Phrase.Priority, due: Instant) {
        forward { $0.say(text, sound: sound, priority: priority, due: due) }
    }

    private func forward(_ item: @escaping @Sendable (CuePlayer) -> Void) {
        state.withLock { state in
            if let player = state.player { item(player) } else if !state.closed { state.pending.append(item) }
        }
    }

    /// Waits up to `openTimeout` for the device to open, then closes the player (see
    /// `CuePlayer.close`): within 250 ms with the defaults, whatever the device does. A device
    /// still opening by then is abandoned, and closed when it opens.
    public func close(openTimeout: Double = 0.05, drain: Double = 0.15) {
        _ = opened.wait(timeout: .now() + openTimeout)
        let ready: CuePlayer? = state.withLock { state in
            state.closed = true
            return state.player
        }
        ready?.close(drain: drain)
    }
}
