import CAo
import Foundation
import SevenminCore

/// Plays cues through libao on a thread of its own, since `ao_play` blocks.
public final class CuePlayer: @unchecked Sendable {
    /// Which device the player ended up with.
    public enum Output: Equatable, Sendable {
        case device(String)
        case file(String)
        /// libao's null driver: no sound device was found, cues are silent.
        case silent(reason: String)
    }

    public let output: Output
    /// Frames per `ao_play` call: 256 at 44.1 kHz is under 6 ms, so a new cue waits at most that long.
    static let chunkFrames = 256

    private let device: OpaquePointer
    private let sounds: [Cue: [Int16]]
    private let condition = NSCondition()
    private var queue: [(cue: Cue, due: Instant)] = []
    private var stopping = false
    private var thread: Thread?
    private let started: @Sendable (Cue, Instant) -> Void
    private let finishedGroup = DispatchGroup()

    /// Opens the default device (or, for testing, libao's `wav` driver writing to `wavPath`),
    /// falling back to the null driver. `started` is called on the audio thread as each cue is
    /// handed to the device.
    public init(sounds: [Cue: Sound], wavPath: String? = nil, started: @escaping @Sendable (Cue, Instant) -> Void = { _, _ in }) {
        ao_initialize()
        let rate = CueSynthesizer.sampleRate
        var format = ao_sample_format()
        format.bits = 16
        format.channels = 1
        format.rate = Int32(rate)
        format.byte_format = AO_FMT_NATIVE
        var opened: OpaquePointer?
        var output = Output.silent(reason: "no sound device")
        if let wavPath {
            opened = ao_open_file(ao_driver_id("wav"), wavPath, 1, &format, nil)
            if opened != nil { output = .file(wavPath) } else { output = .silent(reason: "cannot write \(wavPath)") }
        } else {
            let id = ao_default_driver_id()
            if id >= 0, let device = ao_open_live(id, &format, nil) {
                opened = device
                let info = ao_driver_info(id)
                output = .device(info.map { String(cString: $0.pointee.short_name) } ?? "default")
            }
        }
        if opened == nil {
            opened = ao_open_live(ao_driver_id("null"), &format, nil)
        }
        self.device = opened!
        self.output = output
        self.sounds = sounds.mapValues { $0.resampled(to: rate).samples }
        self.started = started
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "sevenmin-audio"
        self.thread = thread
        finishedGroup.enter()
        thread.start()
    }

    public var isSilent: Bool {
        if case .silent = output { return true }
        return false
    }

    /// Queues a cue; returns at once.
    public func play(_ cue: Cue, due: Instant) {
        condition.lock()
        queue.append((cue, due))
        condition.signal()
        condition.unlock()
    }

    /// Lets sounding cues finish (up to `drain` seconds), then closes the device.
    public func close(drain: Double = 1.5) {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        _ = finishedGroup.wait(timeout: .now() + drain)
        ao_close(device)
        ao_shutdown()
    }

    private func run() {
        var mixer = Mixer()
        while true {
            condition.lock()
            // Sleep while there is nothing to play: no wake-ups and no silence written.
            while queue.isEmpty && mixer.isSilent && !stopping { condition.wait() }
            let incoming = queue
            queue.removeAll()
            let done = stopping && incoming.isEmpty && mixer.isSilent
            condition.unlock()
            if done { break }
            // Higher-priority cues go in first; all of them sound together.
            for item in incoming.sorted(by: { $0.cue.priority > $1.cue.priority }) {
                if let samples = sounds[item.cue] { mixer.start(item.cue, samples: samples) }
                started(item.cue, item.due)
            }
            guard !mixer.isSilent else { continue }
            var chunk = mixer.render(frames: CuePlayer.chunkFrames)
            let bytes = UInt32(chunk.count * 2)
            chunk.withUnsafeMutableBytes { raw in
                _ = ao_play(device, raw.baseAddress!.assumingMemoryBound(to: CChar.self), bytes)
            }
        }
        finishedGroup.leave()
    }
}
