// SPDX-License-Identifier: GPL-3.0-or-later
// Measures the audio pipeline for BENCHMARKS.md: how long each phrase of a workout takes to
// render, how long the whole workout's track takes to export, and how loud each cue is.
// Run a release build: swift run -c release sevenmin-audio-bench [routine.json] [out-folder]
// With --phrases ROUTINE, prints what the coach says over the routine instead, a line a phrase, at its
// offset in seconds (for bench/recall.py).
import Dispatch
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminCore
import SevenminSystem

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--phrases" {
    arguments.removeFirst()
    let path = arguments.first ?? "Workouts/classic.json"
    do {
        let plan = Plan(try RoutineLoader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path))
        for item in AudioSchedule.items(for: plan, voice: true, countAloud: false) {
            if case .phrase(let phrase) = item.sound { print(item.offset.fixed(2) + "\t" + phrase.text) }
        }
        exit(0)
    } catch {
        print("sevenmin-audio-bench: \(error)")
        exit(1)
    }
}
let routinePath = arguments.first ?? "Workouts/classic.json"
let folder = arguments.count > 1 ? arguments[1] : FileManager.default.temporaryDirectory.path

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Median and maximum of `runs` timings of `body`: the machine may be busy, the median says more.
func timed(runs: Int = 5, _ body: () throws -> Void) rethrows -> (median: Double, max: Double) {
    var times: [Double] = []
    for _ in 0..<runs { times.append(try seconds(body)) }
    times.sort()
    return (times[runs / 2], times[runs - 1])
}

func fmt(_ value: Double, _ digits: Int = 2) -> String { value.fixed(digits) }

do {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: routinePath)))
    let plan = Plan(try RoutineLoader.parse(bytes, path: routinePath))

    print("## Levels (dB RMS over the whole cue)")
    for cue in Cue.allCases { print("\(cue.rawValue): \(fmt(CueSynthesizer.sound(for: cue).rmsDecibels))") }

    var voice: SpeechSynthesizer!
    let initialise = try seconds { voice = try SpeechSynthesizer() }
    let texts = VoicePolicy.phrases(in: plan, countAloud: false).map(\.text)
    var rendered: [String: Sound] = [:]
    var times: [Double] = []
    for text in texts {
        var sound: Sound!
        times.append(try seconds { sound = try voice.synthesize(text) })
        rendered[text] = sound
    }
    let speech = rendered.values.reduce(0) { $0 + $1.duration }
    let levels = rendered.values.map(\.rmsDecibels).sorted()
    print("\n## Speech (\(voice.voice), \(voice.rate) wpm)")
    print("initialise: \(fmt(initialise * 1_000)) ms")
    print("distinct phrases: \(texts.count), \(fmt(speech)) s of speech")
    print("render per phrase: median \(fmt(times.sorted()[times.count / 2] * 1_000)) ms, "
        + "max \(fmt(times.max()! * 1_000)) ms, all \(fmt(times.reduce(0, +) * 1_000)) ms "
        + "(\(fmt(times.reduce(0, +) / speech * 1_000)) ms per second of speech)")
    print("speech level: \(fmt(levels.first!)) to \(fmt(levels.last!)) dB RMS")

    let cueSounds = Dictionary(uniqueKeysWithValues: Cue.allCases.map { ($0, CueSynthesizer.sound(for: $0)) })
    let items = WorkoutTrack.items(for: plan, cues: cueSounds, countAloud: false, voice: true)
    let say: (String) -> Sound = { text in
        rendered[text] ?? ((try? voice.synthesize(text)) ?? Sound(samples: [], sampleRate: 22_050))
    }
    let cues = items.filter { if case .cue = $0.kind { true } else { false } }
    let voiced = items.filter { if case .phrase = $0.kind { true } else { false } }
    let duration = plan.totalDuration
    print("\n## Export (\(fmt(plan.totalDuration, 0)) s plan, \(cues.count) cues, \(voiced.count) phrases)")
    let renderer = TrackRenderer()
    var track: TrackRenderer.Track!
    print("(median and max of 5 runs)")
    let mix = timed { track = renderer.render(duration: duration, items: items, voice: say) }
    print("render only: \(fmt(mix.median, 3)) s, max \(fmt(mix.max, 3)) s")
    for format in SoundFileFormat.allCases {
        let path = folder + "/export." + format.rawValue
        let total = try timed { try renderer.export(duration: duration, items: items, voice: say, to: path) }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print("\(format.rawValue): \(fmt(total.median, 3)) s, max \(fmt(total.max, 3)) s, \(size / 1_024) KiB")
    }
    let outcomes = Dictionary(grouping: track.deliveries, by: { "\($0.delivery)".prefix { $0 != "(" } })
    print("deliveries: " + outcomes.keys.sorted().map { "\($0) \(outcomes[$0]!.count)" }.joined(separator: ", "))

    // Shutting down while the device is still opening (a driver that hangs): close must not wait for it.
    print("\n## Shutdown")
    var closes: [Double] = []
    for _ in 0..<5 {
        let hung = DeferredCuePlayer {
            // ignored: an interrupted sleep only makes the hang shorter than the close it measures
            sleep(10)
            return CuePlayer(sounds: [:], request: AudioOutputRequest(driver: "null"))
        }
        hung.play(.go, due: 0)
        closes.append(seconds { hung.close() })
    }
    closes.sort()
    print("close with the device open still hanging: median \(fmt(closes[2] * 1_000, 1)) ms, "
        + "max \(fmt(closes[4] * 1_000, 1)) ms (of 5)")
} catch {
    _ = try? SystemCall.write(2, Array("sevenmin-audio-bench: \(error)\n".utf8))
    exit(1)
}
