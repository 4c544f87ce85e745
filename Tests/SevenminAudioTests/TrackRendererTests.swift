// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminAudio
import SevenminCore

@Suite("Exporting a whole track")
struct TrackRendererTests {
    let renderer = TrackRenderer()

    func cue(_ cue: Cue, at offset: Double) -> TrackRenderer.Item {
        TrackRenderer.Item(offset: offset, kind: .cue(cue), sound: CueSynthesizer.sound(for: cue))
    }

    @Test(arguments: [0.0, 0.5, 1.25, 2.000_01, 3.333_333, 7.999_99])
    func everyOnsetFallsOnItsPlannedFrame(offset: Double) {
        let track = renderer.render(duration: 10, items: [cue(.tick, at: offset)])
        let planned = offset * 44_100
        // Where the tick's own first non-zero sample falls, less its place in the tick.
        let lead = firstSound(in: CueSynthesizer.sound(for: .tick).samples) ?? 0
        let heard = (firstSound(in: track.sound.samples) ?? -1) - lead
        #expect(abs(Double(heard) - planned) <= 1, "planned frame \(planned), heard at \(heard)")
    }

    @Test func onsetsStayExactAcrossAWholeWorkout() {
        // A tick every second for eight minutes: nothing accumulates.
        let items = (0..<480).map { cue(.tick, at: Double($0) + 0.1) }
        let samples = renderer.render(duration: 480, items: items).sound.samples
        for second in [0, 1, 239, 479] {
            let planned = (Double(second) + 0.1) * 44_100
            let lead = firstSound(in: CueSynthesizer.sound(for: .tick).samples) ?? 0
            let heard = (firstSound(in: samples, from: Int(planned) - 100) ?? -1) - lead
            #expect(abs(Double(heard) - planned) <= 1)
        }
    }

    @Test func theTrackLastsThePlanAndRingsOnForTheLastCue() {
        #expect(renderer.render(duration: 5, items: [cue(.tick, at: 1)]).sound.duration == 5)
        let finish = CueSynthesizer.sound(for: .finish)
        let track = renderer.render(duration: 5, items: [cue(.finish, at: 5)])
        #expect(abs(track.sound.duration - (5 + finish.duration)) < 0.001)
    }

    @Test func speechDucksBeepsAndWaitsItsTurnAsLive() {
        let words = tone(seconds: 1)
        let items = [
            cue(.halfway, at: 1),
            TrackRenderer.Item(offset: 1, kind: .phrase("Halfway.", priority: .low), sound: words),
            // Due while "Halfway." speaks; waits 0.2 s, then plays.
            TrackRenderer.Item(offset: 1.8, kind: .phrase("Three.", priority: .low), sound: tone(seconds: 0.3)),
            // Cuts "Three." off.
            TrackRenderer.Item(offset: 2.1, kind: .phrase("Go.", priority: .high), sound: tone(seconds: 0.3)),
            // Would wait behind a 3 s phrase: dropped once stale.
            TrackRenderer.Item(offset: 3, kind: .phrase("Long.", priority: .high), sound: tone(seconds: 3)),
            TrackRenderer.Item(offset: 3.1, kind: .phrase("Halfway.", priority: .low), sound: words),
        ]
        let track = renderer.render(duration: 8, items: items)
        #expect(track.deliveries.map(\.delivery).dropLast() == [.played, .played, .played, .cutOff, .played, .played])
        guard case .stale(let late)? = track.deliveries.last?.delivery else {
            Issue.record("the phrase behind the long one was not dropped")
            return
        }
        #expect(late > CuePolicy.stalenessLimit && late < 3)
        let beep = CueSynthesizer.sound(for: .halfway).samples
        let start = 44_100, range = (start + Mixer.rampFrames)..<(start + beep.count)
        let residue = range.map { Double(track.sound.samples[$0]) - Double(words.samples[$0 - start]) }
        let ducked = decibels(rms(residue) / rms(Array(beep[(range.lowerBound - start)..<beep.count])))
        #expect(abs(ducked + 12) < 0.2)
        // "Three." starts the frame "Halfway." ends.
        let three = 2 * 44_100
        #expect(track.sound.samples[three - 1] != 0 || track.sound.samples[three + 1] != 0)
    }

    @Test(arguments: ["track.wav", "track.flac", "track.ogg"])
    func exportsInTheFormatTheExtensionNames(name: String) throws {
        let path = scratchPath(name)
        let items = [cue(.go, at: 0.5), cue(.finish, at: 2)]
        let track = renderer.render(duration: 2, items: items)
        let outcome = try renderer.export(duration: 2, items: items, to: path)
        #expect(outcome.frames == track.sound.samples.count)
        var info = try FileManager.default.attributesOfItem(atPath: path)
        #expect((info[.size] as? Int ?? 0) > 1_000)
        info = [:]
        // Read back through libsndfile, which refuses long files; this one is short enough.
        let back = try SoundFile.read(path)
        #expect(abs(back.duration - track.sound.duration) < 0.01)
        #expect(abs(back.rmsDecibels - track.sound.rmsDecibels) < 1)
    }

    /// A long track is handed on a block at a time, never held whole, and a phrase with no sound is
    /// spoken only when the track reaches it: the file is the same as the track rendered in memory.
    @Test func aTrackIsMadeABlockAtATimeAndEachPhraseSpokenWhenDue() throws {
        let items = (0..<12).flatMap { k in
            [cue(.go, at: Double(k) * 10), TrackRenderer.Item(offset: Double(k) * 10 + 0.5,
                kind: .phrase("Line \(k).", priority: .high), sound: nil)]
        }
        var asked: [(text: String, frame: Int)] = []
        var written = 0, largest = 0
        let say: (String) -> Sound = { text in
            asked.append((text, written))
            return tone(seconds: 1)
        }
        let outcome = renderer.render(duration: 120, items: items, voice: say) { block in
            written += block.count
            largest = max(largest, block.count)
        }
        #expect(outcome.frames == written && written >= 120 * renderer.sampleRate)
        #expect(largest <= 65_536, "a block of \(largest) frames")
        // Each line was asked for once, in order, just as the track reached its offset.
        #expect(asked.map(\.text) == (0..<12).map { "Line \($0)." })
        for (k, ask) in asked.enumerated() {
            let due = Int((Double(k) * 10 + 0.5) * Double(renderer.sampleRate))
            #expect(ask.frame <= due && ask.frame >= due - 65_536, "line \(k) asked at frame \(ask.frame), due \(due)")
        }
        // The same frames as the whole track in memory, with the phrases given up front.
        let given = items.map { item in
            var item = item
            if item.sound == nil { item.sound = tone(seconds: 1) }
            return item
        }
        var streamed: [Int16] = []
        renderer.render(duration: 120, items: items, voice: { _ in tone(seconds: 1) }) { streamed += $0 }
        // Compared first: a failed #expect on two arrays this long works out their difference, for hours.
        let same = streamed == renderer.render(duration: 120, items: given).sound.samples
        #expect(same)
    }

    /// A phrase said again is spoken once while the kept ones fit, and the kept ones never outgrow
    /// their bytes.
    @Test func recentPhrasesAreSpokenOnceWithinTheirBytes() {
        var spoken: [String] = []
        let recent = RecentPhrases(limit: 100_000) { text in
            spoken.append(text)
            return Sound(samples: [Int16](repeating: 1, count: 20_000), sampleRate: 16_000)
        }
        for text in ["Rest.", "Halfway.", "Rest.", "Halfway.", "Next."] { _ = recent.sound(for: text) }
        #expect(spoken == ["Rest.", "Halfway.", "Next."])
        // 40,000 bytes each: a third does not fit with two, so the kept ones start again.
        _ = recent.sound(for: "Rest.")
        #expect(spoken == ["Rest.", "Halfway.", "Next.", "Rest."])
    }

    @Test func exportErrorsAreTyped() {
        #expect { try renderer.export(duration: 1, items: [], to: scratchPath("x.mp3")) } throws: {
            ($0 as? SoundFileError)?.reason == .unknownFormat
        }
        #expect { try renderer.export(duration: 1, items: [], to: "/nonexistent/dir/x.flac") } throws: {
            ($0 as? SoundFileError)?.reason == .cannotOpen
        }
    }
}
