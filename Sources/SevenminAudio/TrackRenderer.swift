// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

/// Renders a whole workout's sound into one track, for exporting to a file: the same cues and
/// phrases, ducking and cut-offs as live, each starting on the exact frame of its offset. The track
/// is made and handed on a block at a time, and a phrase is spoken only when it is due, so that a
/// track of any length holds a few blocks and the phrases sounding, never the whole.
public struct TrackRenderer: Sendable {
    /// One cue or phrase, `offset` seconds from the start of the workout.
    public struct Item: Sendable {
        public var offset: Double
        public var kind: AudioItem.Kind
        /// The sound; nil for a phrase that `render` asks its `voice` for when the phrase is due.
        public var sound: Sound?

        public init(offset: Double, kind: AudioItem.Kind, sound: Sound?) {
            self.offset = offset
            self.kind = kind
            self.sound = sound
        }
    }

    /// How each item was delivered (`played`, `stale`, `cutOff`), and how long the track came out.
    public struct Outcome: Sendable {
        public var frames: Int
        public var sampleRate: Int
        public var deliveries: [(kind: AudioItem.Kind, offset: Double, delivery: Delivery)]
        public var duration: Double { Double(frames) / Double(sampleRate) }
    }

    /// A track rendered whole into memory: for tests and benchmarks of short tracks.
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

    /// Renders a plan lasting `duration` seconds, longer if the last sound rings on past it, handing
    /// `sink` every frame in order, a block at a time (silence too). A phrase item with no sound is
    /// spoken by `voice` when it is due (none: it is left out).
    @discardableResult
    public func render(duration: Double, items: [Item], voice: ((String) -> Sound)? = nil,
                       into sink: (UnsafeBufferPointer<Int16>) throws -> Void) rethrows -> Outcome {
        let rate = Double(sampleRate)
        let scheduled = items.enumerated()
            .map { (onset: max(0, Int(($0.element.offset * rate).rounded())), order: $0.offset, item: $0.element) }
            .sorted { ($0.onset, $0.order) < ($1.onset, $1.order) }
        let planned = Int((max(0, duration) * rate).rounded())
        var block = [Int16](repeating: 0, count: TrackRenderer.stepFrames)
        var playout = Playout(gain: gain)
        var deliveries: [(kind: AudioItem.Kind, offset: Double, delivery: Delivery)] = []
        var frame = 0, next = 0
        while next < scheduled.count || !playout.mixer.isSilent || !playout.waiting.isEmpty || frame < planned {
            var due: [AudioItem] = []
            while next < scheduled.count && scheduled[next].onset <= frame {
                let item = scheduled[next].item
                next += 1
                let sound: Sound
                if let given = item.sound {
                    sound = given
                } else if case .phrase(let text, _) = item.kind, let voice {
                    sound = voice(text)
                } else { continue }
                due.append(AudioItem(item.kind, samples: sound.resampled(to: sampleRate).samples, due: item.offset))
            }
            for (item, delivery) in playout.admit(due, now: Double(frame) / rate) {
                deliveries.append((item.kind, item.due, delivery))
            }
            // Step to the next onset, or to where the voice frees up for a waiting phrase; in silence,
            // to that or the plan's end. Never more than a block.
            var until = next < scheduled.count ? scheduled[next].onset : Int.max
            if !playout.waiting.isEmpty { until = min(until, frame + max(1, playout.mixer.phraseFramesLeft)) }
            let count = playout.mixer.isSilent
                ? min((until == Int.max ? planned : until) - frame, TrackRenderer.stepFrames)
                : min(until - frame, TrackRenderer.stepFrames, max(1, playout.mixer.framesLeft))
            guard count > 0 else { break }
            try block.withUnsafeMutableBufferPointer { buffer in
                let part = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
                if playout.mixer.isSilent { part.update(repeating: 0) } else { playout.mixer.render(into: part) }
                try sink(UnsafeBufferPointer(part))
            }
            frame += count
        }
        return Outcome(frames: frame, sampleRate: sampleRate, deliveries: deliveries)
    }

    /// The whole track in memory.
    public func render(duration: Double, items: [Item], voice: ((String) -> Sound)? = nil) -> Track {
        var samples: [Int16] = []
        let outcome = render(duration: duration, items: items, voice: voice) { samples.append(contentsOf: $0) }
        return Track(sound: Sound(samples: samples, sampleRate: sampleRate), deliveries: outcome.deliveries)
    }

    /// Renders the track and writes it as it goes, in the format the extension of `path` names (WAV,
    /// FLAC, OGG/Vorbis). Throws `SoundFileError` (`.unknownFormat`, `.cannotOpen`…). `progress`
    /// hears the fraction of the plan written.
    @discardableResult
    public func export(duration: Double, items: [Item], voice: ((String) -> Sound)? = nil, to path: String,
                       progress: ((Double) -> Void)? = nil) throws -> Outcome {
        // Checked first, so a bad name fails before the work of rendering.
        let format = try SoundFileFormat.of(path: path)
        let writer = try SoundFileWriter(path: path, format: format, sampleRate: sampleRate)
        let planned = max(1, duration * Double(sampleRate))
        var written = 0
        let outcome: Outcome
        do {
            outcome = try render(duration: duration, items: items, voice: voice) { block in
                try writer.write(block)
                written += block.count
                progress?(min(1, Double(written) / planned))
            }
        } catch {
            // ignored: the write error is what is reported
            try? writer.close()
            throw error
        }
        try writer.close()
        return outcome
    }
}
