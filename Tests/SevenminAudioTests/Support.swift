// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminTestSupport
@testable import SevenminAudio
import SevenminCore

let soundsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sounds").path

/// A path named `name` in a fresh folder, removed with the rest when the tests end.
func scratchPath(_ name: String) -> String { ScratchFolder.make("sevenmin-audio") + "/" + name }

func peak(_ s: [Int16]) -> Int { s.map { abs(Int($0)) }.max() ?? 0 }

func rms(_ s: [Int16]) -> Double {
    guard !s.isEmpty else { return 0 }
    return (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot()
}

func rms(_ s: [Double]) -> Double {
    guard !s.isEmpty else { return 0 }
    return (s.reduce(0.0) { $0 + $1 * $1 } / Double(s.count)).squareRoot()
}

func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }

/// Seconds of `sound` that are not silence: 10 ms windows louder than −40 dB full scale.
func audibleSeconds(_ sound: Sound) -> Double {
    let window = sound.sampleRate / 100
    let loud = stride(from: 0, to: sound.samples.count, by: window).filter { start in
        let slice = Array(sound.samples[start..<min(start + window, sound.samples.count)])
        return rms(slice) > 32_768 * 0.01
    }
    return Double(loud.count) / 100
}

/// The first frame at or after `from` whose sample is not zero.
func firstSound(in samples: [Int16], from: Int = 0) -> Int? {
    samples.indices.dropFirst(from).first { samples[$0] != 0 }
}

func cueSounds() -> [Cue: Sound] {
    Dictionary(uniqueKeysWithValues: Cue.allCases.map { ($0, CueSynthesizer.sound(for: $0)) })
}

/// A steady tone standing in for speech where the words do not matter.
func tone(seconds: Double, frequency: Double = 300, amplitude: Double = 8_000, rate: Int = 44_100) -> Sound {
    let count = Int(seconds * Double(rate))
    let samples = (0..<count).map { Int16(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
    return Sound(samples: samples, sampleRate: rate)
}

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// A clock the test moves by hand.
final class ManualClock: MonotonicClock, @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Instant
    init(_ start: Instant = 0) { instant = start }
    func now() -> Instant { lock.withLock { instant } }
    func set(_ t: Instant) { lock.withLock { instant = t } }
}

/// Collects deliveries from the audio thread, and lets a test wait for a number of them.
final class Deliveries: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [(kind: AudioItem.Kind, delivery: Delivery)] = []

    var handler: CuePlayer.DeliveryHandler {
        { [self] kind, _, delivery in
            condition.withLock {
                items.append((kind, delivery))
                condition.broadcast()
            }
        }
    }

    var all: [(kind: AudioItem.Kind, delivery: Delivery)] { condition.withLock { items } }

    /// Waits until `count` deliveries arrived, or five seconds passed; true if they did.
    @discardableResult
    func wait(for count: Int) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 5)
        condition.lock()
        defer { condition.unlock() }
        while items.count < count { if !condition.wait(until: deadline) { return false } }
        return true
    }
}

/// A device that records what it is given, and can be made to block inside `play`.
final class FakeDevice: AudioDevice, @unchecked Sendable {
    private let lock = NSLock()
    private var written: [Int16] = []
    private var closes = 0
    private let gate: DispatchSemaphore?
    let entered = DispatchSemaphore(value: 0)
    let closed = DispatchSemaphore(value: 0)

    private let failing: Bool

    /// With `blocking`, every `play` waits until `release()`; with `failing`, every `play` throws.
    init(blocking: Bool = false, failing: Bool = false) {
        gate = blocking ? DispatchSemaphore(value: 0) : nil
        self.failing = failing
    }

    func play(_ samples: UnsafeBufferPointer<Int16>) throws {
        if failing { throw AoError(call: "ao_play", code: 0) }
        lock.withLock { written += samples }
        entered.signal()
        gate?.wait()
        gate?.signal()
    }

    func close() {
        lock.withLock { closes += 1 }
        closed.signal()
    }
    func release() { gate?.signal() }
    var closeCount: Int { lock.withLock { closes } }
    var samples: [Int16] { lock.withLock { written } }
}

func fakeChoice() -> AudioOutputChoice { AudioOutputChoice(attempts: [], output: .device("fake")) }
