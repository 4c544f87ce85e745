// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SevenminAudio
import SevenminCore
import Testing

/// `sevenmin export-audio`, run as a user would, with the file read back and checked frame by frame.
@Suite("Export audio end to end", .serialized)
struct ExportAudioTests {
    let short = fixtures + "/short.json"

    /// The plan of `short.json` and its cue sounds, as the program loads them.
    func plan() throws -> Plan {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: short)))
        return Plan(try RoutineLoader.parse(bytes, path: short))
    }

    func cues() throws -> [Cue: Sound] {
        Dictionary(uniqueKeysWithValues: try Cue.allCases.map {
            ($0, try SoundFile.read(repositoryRoot + "/Sounds/\($0.rawValue).wav"))
        })
    }

    /// Where each item's sound begins in `track`: the first frame at which the track differs from the
    /// same schedule rendered without that item. A cue must begin on its planned frame; a phrase too,
    /// unless the voice is still speaking, when it follows the phrase before (as live); a phrase
    /// dropped as stale must not be heard at all.
    func expectOnsetsOnTheirFrames(_ track: Sound, items: [TrackRenderer.Item], duration: Double,
                                   voice: ((String) -> Sound)? = nil, phrasesOnly: Bool = false,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        let rate = Double(track.sampleRate)
        let renderer = TrackRenderer(sampleRate: track.sampleRate)
        let full = renderer.render(duration: duration, items: items, voice: voice)
        // Compared first, then expected: a failed #expect on two arrays of millions of samples works out
        // their difference, which takes hours.
        let same = track.samples == full.sound.samples
        #expect(same, "the file (\(track.samples.count) frames) is the schedule's mix (\(full.sound.samples.count))",
                sourceLocation: sourceLocation)
        let delivered = Dictionary(full.deliveries.map { ("\($0.kind)@\($0.offset)", $0.delivery) }) { a, _ in a }
        var voiceFree = 0
        for (k, item) in items.enumerated().sorted(by: { $0.element.offset < $1.element.offset }) {
            var given = item.sound
            if given == nil, case .phrase(let text, _) = item.kind { given = voice?(text) }
            let sound = (given ?? Sound(samples: [], sampleRate: track.sampleRate))
                .resampled(to: track.sampleRate).samples
            var expected = Int((item.offset * rate).rounded())
            let stale: Bool
            switch (item.kind, delivered["\(item.kind)@\(item.offset)"]) {
            case (.phrase, .stale?): stale = true
            case (.phrase, _):
                stale = false
                expected = max(expected, voiceFree)
                voiceFree = expected + sound.count
            default: stale = false
            }
            // Each sound is checked by rendering the track again without it: where the cues were checked
            // already, only the phrases are.
            guard !phrasesOnly || item.isPhrase else { continue }
            // The track without this item, up to a second past where it ends (rendering never looks
            // ahead, so what comes later cannot change it), or whole for a phrase that must not be heard.
            let end = stale ? duration : Double(expected + sound.count) / rate + 1
            let others = items.enumerated().filter { $0.offset != k && (stale || $0.element.offset <= end) }
                .map(\.element)
            let without = renderer.render(duration: min(end, duration), items: others, voice: voice).sound.samples
            let window = stale ? track.samples.count : min(track.samples.count, Int(end * rate))
            let differs = (0..<window).first { $0 >= without.count || track.samples[$0] != without[$0] }
            if stale {
                #expect(differs == nil, "\(item.kind) is stale yet heard", sourceLocation: sourceLocation)
                continue
            }
            // The first frame that differs is the sound's first non-zero sample, or earlier when the sound
            // ducks what already plays (a phrase over a cue) — but never before the sound is due.
            let lead = sound.firstIndex { $0 != 0 } ?? 0
            let heard = differs ?? -1
            #expect(heard >= expected - 1 && heard <= expected + lead + 1,
                    "\(item.kind) due at frame \(expected) (first sound +\(lead)), heard from \(heard)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["wav", "flac"])
    func everyCueStartsOnItsPlannedFrame(format: String) throws {
        let path = temporaryDirectory() + "/short." + format
        let result = try run(binary, ["export-audio", "--no-voice", path, short])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Wrote "))
        // Standard error is a file here: no progress bar.
        #expect(result.stderr.isEmpty)
        let track = try SoundFile.read(path, longest: 60)
        let plan = try plan(), cues = try cues()
        let items = WorkoutTrack.items(for: plan, cues: cues, countAloud: false, voice: false)
        #expect(items.count == 11)
        // The plan, and the last cue ringing on past its end.
        let end = items.map { $0.offset + ($0.sound?.duration ?? 0) }.max() ?? 0
        #expect(abs(Double(track.samples.count) / Double(track.sampleRate) - max(plan.totalDuration, end))
                <= 1 / Double(track.sampleRate))
        expectOnsetsOnTheirFrames(track, items: items, duration: plan.totalDuration)
    }

    @Test func everyPhraseStartsOnItsPlannedFrameToo() throws {
        let path = temporaryDirectory() + "/short.flac"
        let result = try run(binary, ["export-audio", path, short])
        #expect(result.status == 0, "\(result.stderr)")
        let track = try SoundFile.read(path, longest: 60)
        // English is Flite's rms unless asked otherwise.
        let voice = try FliteSynthesizer(voice: "rms", wordsPerMinute: 175)
        let plan = try plan()
        let items = WorkoutTrack.items(for: plan, cues: try cues(), countAloud: false, voice: true)
        #expect(items.filter(\.isPhrase).count == 7)
        let said = RecentPhrases { (try? voice.synthesize($0)) ?? Sound(samples: [], sampleRate: 16_000) }
        // The cues are those `everyCueStartsOnItsPlannedFrame` checks; here, what the phrases add.
        expectOnsetsOnTheirFrames(track, items: items, duration: plan.totalDuration, voice: said.sound(for:),
                                  phrasesOnly: true)
    }

    /// What a listener hears: each phrase's first sound (the first 5 ms louder than −50 dB full scale in
    /// the track less the same track without the voice) within 30 ms of its moment in the schedule, or of
    /// the end of the phrase before it when that one still speaks. Flite's 170 ms of silence before the
    /// words once made every phrase late, and the first segment's start silent.
    @Test func everyPhrasesFirstSoundIsWithin30MillisecondsOfItsMoment() throws {
        let dir = temporaryDirectory(), routine = dir + "/r.json"
        // Segments long enough that each phrase is said at its own moment, not after the one before.
        try #"{"name": "R", "work": 8, "rest": 4, "getReady": 4, "exercises": [{"title": "Wall sit"}, "#
            .appending(#"{"title": "Squat", "sides": 2}]}"#).write(toFile: routine, atomically: true, encoding: .utf8)
        let spoken = try run(binary, ["export-audio", dir + "/voice.wav", routine],
                             environment: ["XDG_CACHE_HOME": dir])
        let cuesOnly = try run(binary, ["export-audio", "--no-voice", dir + "/cues.wav", routine])
        #expect(spoken.status == 0 && cuesOnly.status == 0, "\(spoken.stderr)\(cuesOnly.stderr)")
        let track = try SoundFile.read(dir + "/voice.wav", longest: 60)
        let cueTrack = try SoundFile.read(dir + "/cues.wav", longest: 60).samples
        let rate = Double(track.sampleRate), window = track.sampleRate / 200
        let voiceOnly = track.samples.indices.map {
            Double(track.samples[$0]) - Double($0 < cueTrack.count ? cueTrack[$0] : 0)
        }
        func loud(_ at: Int) -> Bool {
            let part = voiceOnly[at..<min(at + window, voiceOnly.count)]
            return (part.reduce(0) { $0 + $1 * $1 } / Double(part.count)).squareRoot() > 32_768 * 0.003
        }
        // The phrases' lengths, to know when the voice is free: the same engine, as the program uses it.
        let flite = try FliteSynthesizer(voice: "rms", wordsPerMinute: 175)
        let plan = Plan(try RoutineLoader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: routine))),
                                                path: routine))
        let items = WorkoutTrack.items(for: plan, cues: try cues(), countAloud: false, voice: true)
        var voiceFree = 0.0, checked = 0
        for item in items.sorted(by: { $0.offset < $1.offset }) {
            guard case .phrase(let text, _) = item.kind else { continue }
            // From 50 ms before the moment, or from the end of the phrase before when it ends later.
            let from = Int(max(item.offset - 0.05, voiceFree) * rate)
            let moment = max(item.offset, voiceFree)
            voiceFree = moment + (try flite.synthesize(text)).resampled(to: track.sampleRate).duration
            let onset = stride(from: from, to: voiceOnly.count - window, by: window / 5).first(where: loud)
            let late = Double((onset ?? voiceOnly.count) - Int(moment * rate)) / rate
            #expect(late > -0.005 && late <= 0.03,
                    "\"\(text)\" due at \(moment) s, first heard \(Int(late * 1_000)) ms later")
            checked += 1
        }
        // Get ready, the two starts (the second of two sides), the halfway, the switch, the rest, the finish.
        #expect(checked == 8)
    }

    /// The phrases are rendered once and kept under the cache folder; a second export speaks the same.
    @Test func aSecondExportSpeaksFromTheCache() throws {
        let dir = temporaryDirectory(), cache = dir + "/cache"
        let first = try run(binary, ["export-audio", dir + "/1.wav", short], environment: ["XDG_CACHE_HOME": cache])
        #expect(first.status == 0, "\(first.stderr)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache + "/sevenmin/speech")
        // Seven lines, "Halfway." twice: six phrases.
        #expect(kept.count == 6 && kept.allSatisfy { $0.hasSuffix(".pcm") }, "\(kept)")
        let second = try run(binary, ["export-audio", dir + "/2.wav", short], environment: ["XDG_CACHE_HOME": cache])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache + "/sevenmin/speech").sorted()
                == kept.sorted())
        #expect(FileManager.default.contents(atPath: dir + "/1.wav")
                == FileManager.default.contents(atPath: dir + "/2.wav"))
    }

    /// A long workout's track is written as it is made, its phrases spoken as it reaches them: ten
    /// minutes (53 MB of 16-bit samples) is exported in less than that, where the whole track used to be held.
    @Test func aLongTrackIsExportedInLittleMemory() throws {
        let dir = temporaryDirectory(), routine = dir + "/long.json", path = dir + "/long.wav"
        let exercises = (1...10).map { #"{"title": "Move \#($0)"}"# }.joined(separator: ", ")
        try #"{"name": "Long", "work": 50, "rest": 10, "getReady": 5, "exercises": [\#(exercises)]}"#
            .write(toFile: routine, atomically: true, encoding: .utf8)
        let measured = dir + "/cost.json"
        let result = try run("/usr/bin/python3", [repositoryRoot + "/bench/measure.py", measured, "--",
                                                  binary, "export-audio", path, routine])
        #expect(result.status == 0, "\(result.stderr)")
        let cost = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: measured)))
            as? [String: Any]
        #expect(cost?["status"] as? Int == 0)
        let peak = cost?["maxrss_kib"] as? Int ?? .max
        // About 28 MiB, program and voice included: less than the samples alone would take.
        #expect(peak < 48 << 10, "peak RSS \(peak / 1_024) MiB")
        // 9:55 (5 + 10 × 50 + 9 × 10 s) and the finish ringing on, at 44.1 kHz, 16-bit mono.
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        #expect(size > 2 * 44_100 * 595, "\(size) bytes")
        #expect(result.stdout.hasPrefix("Wrote ") && result.stdout.contains("spoken lines"), "\(result.stdout)")
    }

    @Test func oggVorbisDecodesToTheWholeWorkout() throws {
        let path = temporaryDirectory() + "/short.ogg"
        let result = try run(binary, ["export-audio", "--no-voice", path, short])
        #expect(result.status == 0, "\(result.stderr)")
        let track = try SoundFile.read(path, longest: 60)
        let plan = try plan()
        #expect(Double(track.samples.count) / Double(track.sampleRate) >= plan.totalDuration)
        // The go cue at the end of the get-ready is heard there, lossy coding or not.
        let go = Int(plan.segments[1].offset * Double(track.sampleRate))
        #expect(track.samples[go..<go + 2_000].contains { abs(Int($0)) > 1_000 })
    }

    @Test func aTerminalSeesTheProgressBar() throws {
        let path = temporaryDirectory() + "/bar.flac"
        let tmux = try Tmux("\(binary) export-audio \(path) \(short)")
        let screen = tmux.waitFor(text: "exit=0")
        #expect(screen.contains("] 100%"))
        #expect(screen.contains("Wrote "))
    }

    @Test func anExistingFileIsKeptUnlessForced() throws {
        let path = temporaryDirectory() + "/mine.wav"
        try "precious".write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try run(binary, ["export-audio", "--no-voice", path, short])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("already exists; add --force to overwrite it"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        let forced = try run(binary, ["export-audio", "--no-voice", "--force", path, short])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try SoundFile.read(path, longest: 60).samples.count > 0)
    }

    /// With --force the new track replaces a plain file only, and a failure leaves the path as it was:
    /// a link stays a link, and a FIFO or a device is refused without hanging.
    @Test func forceNeverTouchesASpecialFileAndAFailureLeavesThePathAlone() throws {
        let dir = temporaryDirectory()
        let fifo = dir + "/pipe.wav"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = try run(binary, ["export-audio", "--no-voice", "--force", fifo, short])
        #expect(refused.status == 73 && refused.stderr.contains("is not a plain file"), "\(refused.stderr)")
        #expect(symlink("/dev/null", dir + "/null.wav") == 0)
        let device = try run(binary, ["export-audio", "--no-voice", "--force", dir + "/null.wav", short])
        #expect(device.status == 73 && device.stderr.contains("is not a plain file"), "\(device.stderr)")
        let precious = dir + "/precious.wav"
        try "precious".write(toFile: precious, atomically: true, encoding: .utf8)
        let link = dir + "/link.wav"
        #expect(symlink(precious, link) == 0)
        let forced = try run(binary, ["export-audio", "--no-voice", "--force", link, short])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "precious", "the link's target was written")
        #expect(try SoundFile.read(link, longest: 60).samples.count > 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("partial") }
        #expect(left.isEmpty)
    }

    /// Starts an export of the 21-minute `long.json` to `target` and returns its pid and its temporary file,
    /// once that file is there.
    func exportUnderWay(to target: String) throws -> (pid: pid_t, partial: String) {
        let folder = (target as NSString).deletingLastPathComponent
        let pid = try spawn(binary, ["export-audio", "--no-voice", "--force", target, fixtures + "/long.json"])
        let partial = folder + "/.k.\(pid).partial.wav"
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: partial) && Date() < deadline { usleep(2_000) }
        return (pid, partial)
    }

    /// Ctrl-C or SIGTERM part way removes the half-written track (an hour's is 300 MB) and still ends the
    /// export by that signal, as a shell loop expects.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalPartWayLeavesNoTemporaryFile(signal: Int32) throws {
        let dir = temporaryDirectory()
        let (pid, partial) = try exportUnderWay(to: dir + "/k.wav")
        #expect(FileManager.default.fileExists(atPath: partial), "the export made no temporary file")
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(status & 0x7F == signal, "the export did not end by signal \(signal): status \(status)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    /// Nothing can remove a file when SIGKILL ends us: the next export to the same target removes it.
    @Test func aSIGKILLsTemporaryFileIsRemovedByTheNextExport() throws {
        let dir = temporaryDirectory(), target = dir + "/k.wav"
        let (pid, partial) = try exportUnderWay(to: target)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(FileManager.default.fileExists(atPath: partial))
        // Another process's file, still writing, is left alone.
        let live = dir + "/.k.\(getpid()).partial.wav"
        try "still writing".write(toFile: live, atomically: false, encoding: .utf8)
        let again = try run(binary, ["export-audio", "--no-voice", "--force", target, short])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
                == [".k.\(getpid()).partial.wav", "k.wav"])
    }

    /// Without espeak-ng's data the library prints "Error processing file …phontab" itself: that is caught
    /// and said in sevenmin's one notice, never printed raw (over a workout's screen, it would be).
    @Test func missingVoiceDataIsSaidInOneNotice() throws {
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/data/espeak-ng-data", withIntermediateDirectories: true)
        let result = try run(binary, ["export-audio", "--voice", "de", dir + "/de.wav", short],
                             environment: ["ESPEAK_DATA_PATH": dir + "/data"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1
                && lines[0].hasPrefix("sevenmin: voice: no voice: espeak-ng de: espeak_Initialize failed"),
                "\(result.stderr)")
        #expect(result.stderr.contains("phontab"), "\(result.stderr)")
    }

    @Test func anUnknownExtensionIsAUsageErrorNamingTheFormats() throws {
        let dir = temporaryDirectory()
        let result = try run(binary, ["export-audio", dir + "/out.mp3", short])
        #expect(result.status == 64)
        #expect(result.stderr.contains("expected a name ending in .wav, .flac or .ogg"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.mp3"))
    }

    @Test func anUnwritableFolderExits73() throws {
        let dir = temporaryDirectory() + "/locked"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        chmod(dir, 0o500)
        defer { chmod(dir, 0o700) }
        // Root writes anywhere; a missing folder is refused for everyone.
        let target = getuid() == 0 ? dir + "/missing/out.flac" : dir + "/out.flac"
        let result = try run(binary, ["export-audio", "--no-voice", target, short])
        #expect(result.status == 73)
        #expect(result.stderr.contains("Cannot create"))
    }

    /// A voice no engine lists never reaches one: refused before any work (espeak-ng crashed on some),
    /// with the nearest voice there is, and no file is left.
    @Test func aVoiceNoEngineListsIsRefusedBeforeAnyWork() throws {
        let path = temporaryDirectory() + "/cues.wav"
        let result = try run(binary, ["export-audio", "--voice", "xx-nonesuch", path, short])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: The value 'xx-nonesuch' is invalid for '--voice <name>': "
            + "expected a voice this machine has"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

extension TrackRenderer.Item {
    var isPhrase: Bool { if case .phrase = kind { true } else { false } }
}
