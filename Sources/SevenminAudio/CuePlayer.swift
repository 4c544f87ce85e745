// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminSystem
import Dispatch
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// Plays cues and spoken phrases on a thread of its own, since writing to the device blocks.
public final class CuePlayer: @unchecked Sendable {
    /// Which device the player ended up with.
    public enum Output: Equatable, Sendable, CustomStringConvertible {
        case device(String)
        case file(String)
        /// libao's null driver: no sound device was found, cues are silent.
        case silent(reason: String)

        public var description: String {
            switch self {
            case .device(let driver): return "device (\(driver))"
            case .file(let path): return "file \(path)"
            case .silent(let reason): return "silent (\(reason))"
            }
        }
    }

    /// Told, on the audio thread, how each item was delivered: what it was, when it was due, and how.
    public typealias DeliveryHandler = @Sendable (AudioItem.Kind, Instant, Delivery) -> Void

    public static let sampleRate = CueSynthesizer.sampleRate
    /// Frames per write: 256 at 44.1 kHz is under 6 ms, so a new item waits at most that long.
    static let chunkFrames = 256
    /// How long `close` waits for the audio thread beyond the drain, before leaving it to the process exit.
    static let stuckGrace = 0.05

    public let output: Output
    /// The drivers tried and the one chosen, for the log.
    public let choice: AudioOutputChoice

    private let device: AudioDevice
    private let sounds: [Cue: [Int16]]
    private let clock: any MonotonicClock
    private let delivered: DeliveryHandler
    private let gain: Float
    private let condition = Condition()
    private var queue: [AudioItem] = []
    private var stopping = false
    private var closed = false
    /// Past this instant the audio thread stops writing, sounding or not. Real time, not the
    /// injected clock: it bounds how long shutdown takes.
    private var drainDeadline = DispatchTime.distantFuture
    private let finished = DispatchSemaphore(value: 0)

    /// Plays to `device`; `delivered` is called on the audio thread for every item.
    public init(device: AudioDevice, choice: AudioOutputChoice, sounds: [Cue: Sound], gain: Float = 1,
                clock: any MonotonicClock = SystemMonotonicClock(), delivered: @escaping DeliveryHandler) {
        self.device = device
        self.choice = choice
        output = choice.output
        self.sounds = sounds.mapValues { $0.resampled(to: CuePlayer.sampleRate).samples }
        self.gain = gain
        self.clock = clock
        self.delivered = delivered
        // The thread holds the player until it ends, so the device outlives every write.
        startThread(named: "sevenmin-audio") { self.run() }
    }

    /// Opens the device `request` asks for (see `AudioOutput.open`) and plays to it.
    public convenience init(sounds: [Cue: Sound], request: AudioOutputRequest,
                            clock: any MonotonicClock = SystemMonotonicClock(),
                            delivered: @escaping DeliveryHandler = { _, _, _ in }) {
        let (device, choice) = AudioOutput.open(request, sampleRate: CuePlayer.sampleRate)
        self.init(device: device, choice: choice, sounds: sounds, gain: request.gain, clock: clock,
                  delivered: delivered)
    }

    /// Opens the default device (or, for testing, libao's `wav` driver writing to `wavPath`).
    /// `started` is called on the audio thread as each cue is handed to the device.
    public convenience init(sounds: [Cue: Sound], wavPath: String? = nil,
                            started: @escaping @Sendable (Cue, Instant) -> Void = { _, _ in }) {
        self.init(sounds: sounds, request: AudioOutputRequest(wavPath: wavPath)) { kind, due, delivery in
            if case .cue(let cue) = kind, delivery == .played || delivery == .noDevice { started(cue, due) }
        }
    }

    public var isSilent: Bool {
        if case .silent = output { return true }
        return false
    }

    /// Queues a cue; returns at once.
    public func play(_ cue: Cue, due: Instant) {
        enqueue([AudioItem(.cue(cue), samples: sounds[cue] ?? [], due: due)])
    }

    /// Queues a rendered phrase; returns at once. It waits while an equal or more important
    /// phrase is speaking, and is dropped if that makes it stale.
    public func say(_ text: String, sound: Sound, priority: Phrase.Priority, due: Instant) {
        let samples = sound.resampled(to: CuePlayer.sampleRate).samples
        enqueue([AudioItem(.phrase(text, priority: priority), samples: samples, due: due)])
    }

    /// Queues items together, so they start in the same frame; returns at once.
    public func enqueue(_ items: [AudioItem]) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return }
        queue += items
        condition.signal()
    }

    /// Lets what is sounding play on for up to `drain` seconds, then closes the device. Returns
    /// within `drain` + 50 ms whatever the device does: if a write is stuck, the device is left
    /// open for the process exit, since freeing it under the audio thread would crash. Idempotent.
    public func close(drain: Double = 0.2) {
        condition.lock()
        if closed {
            condition.unlock()
            return
        }
        closed = true
        stopping = true
        drainDeadline = .now() + drain
        condition.signal()
        condition.unlock()
        if finished.wait(timeout: .now() + drain + CuePlayer.stuckGrace) == .success { device.close() }
    }

    private func run() {
        var playout = Playout(gain: gain)
        var chunk = [Int16](repeating: 0, count: CuePlayer.chunkFrames)
        // Once a write fails the device is gone for good: everything after is reported as
        // having no device, so the app can ring the bell instead.
        var lost = false
        while true {
            condition.lock()
            // Sleep while there is nothing to play: no wake-ups and no silence written.
            while queue.isEmpty && playout.mixer.isSilent && playout.waiting.isEmpty && !stopping { condition.wait() }
            let incoming = queue
            queue.removeAll()
            let idle = incoming.isEmpty && playout.mixer.isSilent && playout.waiting.isEmpty
            let done = stopping && (idle || DispatchTime.now() >= drainDeadline)
            condition.unlock()
            if done { break }
            for (item, delivery) in playout.admit(incoming, now: clock.now()) {
                delivered(item.kind, item.due, delivery == .played && (isSilent || lost) ? .noDevice : delivery)
            }
            guard !playout.mixer.isSilent else { continue }
            chunk.withUnsafeMutableBufferPointer { playout.mixer.render(into: $0) }
            guard !lost else { continue }
            do { try chunk.withUnsafeBufferPointer { try device.play($0) } } catch { lost = true }
        }
        finished.signal()
    }
}
