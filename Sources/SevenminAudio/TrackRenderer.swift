// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

/// Renders a whole workout's sound into one track, for exporting to a file: the same cues and
/// phrases, ducking and cut-offs as live, each starting on the exact frame of its offset.
public struct TrackRenderer: Sendable {
    /// One cue or phrase, `offset` seconds from the start of the workout.
    public struct Item: Sendable {
        public var offset: Double
        public var kind: AudioItem.Kind
        public var sound: Sound

        public init(offset: Double, kind: AudioItem.Kind, sound: Sound) {
            self.offset = offset
            self.kind = kind
            self.sound = sound
        }
    }

    /// The rendered track, and how each item was delivered (`played`, `stale`, `cutOff`).
    public struct Track: Sendable {
        public var sound: Sound
        public var deliveries: [(kind: AudioItem.Kind, offset: Double, delivery: Delivery)]
    }

    public var sampleRate: Int
    /// `--volume` as a linear factor.
    public var gain: Float
    /// Frames mixed per step at most, so no step needs a large scratch buffer.
    static let stepFrames = 65_536

    public init(sampleRate: Int = CueSynthesizer.sampleRate, gain: Float = 1) {
        self.sampleRate = sampleRate
        self.gain = gain
    }

    /// The track for a plan lasting `duration` seconds; longer if the last sound rings on past it.
    public func render(duration: Double, items: [Item]) -> Track {
        let rate = Double(sampleRate)
        let scheduled = items.enumerated()
            .map { (onset: max(0, Int(($0.element.offset * rate).rounded())), order: $0.offset, item: $0.element) }
            .sorted { ($0.onset, $0.order) < ($1.onset, $1.order) }
        let planned = Int((max(0, duration) * rate).rounded())
        var out = [Int16](repeating: 0, count: planned)
        var playout = Playout(gain: gain)
        var deliveries: [(kind: AudioItem.Kind, offset: Double, delivery: Delivery)] = []
        var frame = 0, next = 0
        while next < scheduled.count || !playout.mixer.isSilent || !playout.waiting.isEmpty {
            var due: [AudioItem] = []
            while next < scheduled.count && scheduled[next].onset <= frame {
                let item = scheduled[next].item
                let samples = item.sound.resampled(to: sampleRate).samples
                due.append(AudioItem(item.kind, samples: samples, due: item.offset))
                next += 1
            }
            for (item, delivery) in playout.admit(due, now: Double(frame) / rate) {
                deliveries.append((item.kind, item.due, delivery))
            }
            // Step to the next onset, or to where the voice frees up for a waiting phrase.
            var until = next < scheduled.count ? scheduled[next].onset : Int.max
            if !playout.waiting.isEmpty { until = min(until, frame + max(1, playout.mixer.phraseFramesLeft)) }
            if playout.mixer.isSilent {
                frame = until == Int.max ? frame : until
                continue
            }
            let count = min(until - frame, TrackRenderer.stepFrames, max(1, playout.mixer.framesLeft))
            if out.count < frame + count { out += [Int16](repeating: 0, count: frame + count - out.count) }
            out.withUnsafeMutableBufferPointer { buffer in
                playout.mixer.render(into: UnsafeMutableBufferPointer(rebasing: buffer[frame..<frame + count]))
            }
            frame += count
        }
        return Track(sound: Sound(samples: out, sampleRate: sampleRate), deliveries: deliveries)
    }

    /// Renders the track and writes it in the format the extension of `path` names (WAV, FLAC,
    /// OGG/Vorbis). Throws `SoundFileError` (`.unknownFormat`, `.cannotOpen`…). `progress` hears
    /// the fraction written, which is most of the time taken.
    @discardableResult
    public func export(duration: Double, items: [Item], to path: String,
                       progress: ((Double) -> Void)? = nil) throws -> Track {
        // Checked first, so a bad name fails before the work of rendering.
        let format = try SoundFileFormat.of(path: path)
        let track = render(duration: duration, items: items)
        try SoundFile.write(track.sound, to: path, format: format, progress: progress)
        return track
    }
}
