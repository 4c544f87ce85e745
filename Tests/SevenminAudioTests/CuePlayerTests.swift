// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminAudio
import SevenminCore
import SevenminSystem

@Suite("Playback through libao", .serialized)
struct CuePlayerTests {
    func item(_ cue: Cue, due: Instant = 0) -> AudioItem {
        AudioItem(.cue(cue), samples: CueSynthesizer.sound(for: cue).samples, due: due)
    }

    // These run on a clock that stands at 0, so nothing queued "due at 0" is stale.
    @Test func playsCuesIntoAWavFileMixedTogether() throws {
        let path = scratchPath("out.wav")
        let handed = Deliveries()
        let player = CuePlayer(sounds: cueSounds(), request: AudioOutputRequest(wavPath: path),
                               clock: ManualClock(), delivered: handed.handler)
        #expect(player.output == .file(path))
        // Queued together, so the audio thread takes both in the same pass.
        player.enqueue([item(.halfway), item(.tick)])
        player.close(drain: 5)
        let written = try SoundFile.read(path)
        let halfway = CueSynthesizer.sound(for: .halfway).samples
        let tick = CueSynthesizer.sound(for: .tick).samples
        // Played together, not one after the other: the file is as long as the longer cue
        // (rounded up to whole chunks), and its start is the sum of both.
        #expect(written.samples.count >= halfway.count && written.samples.count < halfway.count + tick.count)
        let start = Array(written.samples.prefix(tick.count))
        let expected = zip(halfway.prefix(tick.count), tick).map { Int16(clamping: Int32($0) + Int32($1)) }
        #expect(start == expected)
        // The higher-priority tick is handed over first.
        #expect(handed.all.map(\.kind) == [.cue(.tick), .cue(.halfway)])
        #expect(handed.all.map(\.delivery) == [.played, .played])
    }

    @Test func sequentialCuesAreEachWrittenWhole() throws {
        let path = scratchPath("seq.wav")
        let handed = Deliveries()
        let player = CuePlayer(sounds: cueSounds(), request: AudioOutputRequest(wavPath: path),
                               clock: ManualClock(), delivered: handed.handler)
        for (k, cue) in [Cue.go, .rest, .finish].enumerated() {
            player.play(cue, due: 0)
            // Each is queued once the one before was handed over.
            #expect(handed.wait(for: k + 1))
        }
        player.close(drain: 5)
        let written = try SoundFile.read(path)
        #expect(handed.all.map(\.kind) == [.cue(.go), .cue(.rest), .cue(.finish)])
        #expect(written.duration >= CueSynthesizer.sound(for: .finish).duration)
        #expect(rms(written.samples) > 500)
    }

    /// Speech and a beep start together; in the file, the beep under the words is 12 dB down
    /// and the words are intact.
    @Test func aPhraseDucksTheBeepUnderItByTwelveDecibels() throws {
        let path = scratchPath("duck.wav")
        let player = CuePlayer(sounds: cueSounds(), request: AudioOutputRequest(wavPath: path), clock: ManualClock())
        let words = try SpeechSynthesizer().synthesize("Wall sit").resampled(to: 44_100).samples
        player.enqueue([item(.halfway), AudioItem(.phrase("Wall sit", priority: .high), samples: words, due: 0)])
        player.close(drain: 5)
        let written = try SoundFile.read(path).samples
        let beep = CueSynthesizer.sound(for: .halfway).samples
        // Both begin on the file's first frame: the first sound heard is the first of either.
        #expect(firstSound(in: written) == min(firstSound(in: beep) ?? .max, firstSound(in: words) ?? .max))
        // Past the ramp, what is left once the words are taken away is the beep, ducked.
        let range = Mixer.rampFrames..<min(beep.count, words.count)
        let residue = range.map { Double(written[$0]) - Double(words[$0]) }
        let ducked = decibels(rms(residue) / rms(Array(beep[range])))
        #expect(abs(ducked + 12) < 0.2, "ducked by \(ducked) dB")
        // After the phrase and the ramp back, the beep is at full level again.
        let after = (words.count + 2 * Mixer.rampFrames)..<beep.count
        #expect(after.allSatisfy { abs(Int(written[$0]) - Int(beep[$0])) <= 1 })
    }

    @Test func volumeIsAppliedToEverything() throws {
        let path = scratchPath("half.wav")
        let player = CuePlayer(sounds: cueSounds(), request: AudioOutputRequest(wavPath: path, volume: 50),
                               clock: ManualClock())
        player.enqueue([item(.go)])
        player.close(drain: 5)
        let written = try SoundFile.read(path).samples
        let go = CueSynthesizer.sound(for: .go).samples
        #expect(zip(written, go).allSatisfy { abs(Double($0) - Double($1) / 2) <= 1 })
    }

    /// Cues queued while the device was opening are 10–27 s old by the time it is ready; they
    /// must be dropped, not played in a burst. The finish is played however late.
    @Test func staleItemsAreDroppedWhenTheAudioThreadTakesThem() {
        let clock = ManualClock(30)
        let handed = Deliveries()
        let device = FakeDevice()
        let player = CuePlayer(device: device, choice: fakeChoice(), sounds: cueSounds(), clock: clock,
                               delivered: handed.handler)
        player.enqueue([item(.go, due: 3), item(.tick, due: 29.6), item(.finish, due: 20)])
        #expect(handed.wait(for: 3))
        player.close(drain: 5)
        let byKind = Dictionary(uniqueKeysWithValues: handed.all.map { ($0.kind, $0.delivery) })
        #expect(byKind[.cue(.go)] == .stale(late: 27))
        #expect(byKind[.cue(.tick)] == .played)
        #expect(byKind[.cue(.finish)] == .played)
    }

    @Test func withNoDeviceEveryItemIsReportedSoTheAppCanRingTheBell() {
        let handed = Deliveries()
        let player = CuePlayer(sounds: cueSounds(), request: AudioOutputRequest(driver: "no-such-driver"),
                               delivered: handed.handler)
        #expect(player.isSilent)
        let failure = "ao_driver_id(no-such-driver): no such driver"
        #expect(player.choice.attempts == [.init(driver: "no-such-driver", failure: failure)])
        #expect(player.choice.summary == "tried no-such-driver (\(failure)); using silent (no sound device)")
        player.play(.tick, due: SystemMonotonicClock().now())
        #expect(handed.wait(for: 1))
        #expect(handed.all.map(\.delivery) == [.noDevice])
        player.close()
    }

    @Test func aDeviceThatFailsMidWorkoutIsReportedAsNoDevice() {
        let handed = Deliveries()
        let player = CuePlayer(device: FakeDevice(failing: true), choice: fakeChoice(), sounds: cueSounds(),
                               clock: ManualClock(), delivered: handed.handler)
        player.play(.go, due: 0)
        #expect(handed.wait(for: 1))
        player.play(.tick, due: 0)
        #expect(handed.wait(for: 2))
        player.close()
        #expect(handed.all.map(\.delivery) == [.played, .noDevice])
    }

    @Test func anUnwritableOutputFallsBackToSilence() {
        let player = CuePlayer(sounds: cueSounds(), wavPath: "/nonexistent/dir/x.wav")
        #expect(player.isSilent)
        #expect(player.output == .silent(reason: "cannot write /nonexistent/dir/x.wav"))
        player.play(.tick, due: 0)   // must not block or crash
        player.close()
    }

    @Test func withoutANamedDriverTheUsualOnesAreTriedInTurn() {
        let drivers = AudioOutput.candidates(AudioOutputRequest())
        // libao's default comes first (unless it is the null driver), then the rest in order.
        let fallbacks = AudioOutputRequest.fallbackDrivers
        #expect(drivers.filter { $0 != drivers.first } == fallbacks.filter { $0 != drivers.first })
        #expect(Set(drivers).isSuperset(of: fallbacks) && !drivers.contains("null"))
        #expect(AudioOutput.candidates(AudioOutputRequest(driver: "alsa")) == ["alsa"])
    }
}

@Suite("Shutting the player down", .serialized)
struct ShutdownTests {
    /// The sound server learns the stream's role before libao connects, so music can be ducked
    /// under the coach; a role the user set is left alone.
    @Test func theStreamIsAnEventSoundNamedForTheCoach() throws {
        setenv("PULSE_PROP_media.name", "kept", 1)
        unsetenv("PULSE_PROP_media.role")
        defer { unsetenv("PULSE_PROP_media.name") }
        let player = CuePlayer(sounds: cueSounds(), request: AudioOutputRequest(wavPath: scratchPath("role.wav")),
                               clock: ManualClock()) { _, _, _ in }
        player.close()
        #expect(getenv("PULSE_PROP_media.role").map { String(cString: $0) } == "event")
        #expect(getenv("PULSE_PROP_media.name").map { String(cString: $0) } == "kept")
        #expect(getenv("PULSE_PROP_application.name").map { String(cString: $0) } == "sevenmin")
    }

    @Test func closingClosesTheDeviceOnceAfterTheAudioThreadEnds() {
        let device = FakeDevice()
        let player = CuePlayer(device: device, choice: fakeChoice(), sounds: cueSounds()) { _, _, _ in }
        player.play(.finish, due: 0)
        player.close()
        player.close()
        #expect(device.closeCount == 1)
    }

    /// `ao_play` can hang (a wedged sound server). Closing must still return promptly, and
    /// must not free the device under the thread that is inside it.
    @Test func aWriteThatNeverReturnsDoesNotHoldUpShutdown() {
        let device = FakeDevice(blocking: true)
        let player = CuePlayer(device: device, choice: fakeChoice(), sounds: cueSounds()) { _, _, _ in }
        player.play(.finish, due: 0)
        device.entered.wait()
        // The write never returns until released below: a close that waited for it would never return.
        #expect(returns { player.close() })
        #expect(device.closeCount == 0, "the device must not be freed under a running write")
        device.release()
    }

    /// Opening the device can block too; closing gives up waiting, and the player opened
    /// later is closed as soon as it exists.
    @Test func aDeviceThatNeverOpensDoesNotHoldUpShutdown() {
        let gate = DispatchSemaphore(value: 0)
        let device = FakeDevice()
        let deferred = DeferredCuePlayer {
            gate.wait()
            return CuePlayer(device: device, choice: fakeChoice(), sounds: cueSounds()) { _, _, _ in }
        }
        deferred.play(.go, due: 0)
        // The device never opens until the gate is signalled below: a close that waited for it would never return.
        #expect(returns { deferred.close() })
        #expect(deferred.output == nil)
        gate.signal()
        #expect(device.closed.wait(timeout: .now() + 5) == .success)
        #expect(device.closeCount == 1)
        #expect(device.samples.isEmpty, "nothing queued before the close is played after it")
    }

    @Test func cuesQueuedWhileOpeningReachTheDevice() {
        let gate = DispatchSemaphore(value: 0)
        let handed = Deliveries()
        let device = FakeDevice()
        let deferred = DeferredCuePlayer {
            gate.wait()
            // On a clock standing still, so a busy machine cannot make them stale.
            return CuePlayer(device: device, choice: fakeChoice(), sounds: cueSounds(), clock: ManualClock(),
                             delivered: handed.handler)
        }
        deferred.play(.go, due: 0)
        deferred.say("Wall sit.", sound: tone(seconds: 0.2), priority: .high, due: 0)
        gate.signal()
        #expect(handed.wait(for: 2))
        deferred.close(drain: 5)
        #expect(Set(handed.all.map(\.kind)) == [.cue(.go), .phrase("Wall sit.", priority: .high)])
        #expect(device.samples.count >= tone(seconds: 0.2).samples.count, "\(handed.all)")
    }
}

/// Whether `work` returns, run on a thread of its own and waited for up to a deadline that only a hang reaches.
private func returns(_ work: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        work()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + 10) == .success
}
