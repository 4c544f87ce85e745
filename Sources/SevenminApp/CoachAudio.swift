// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminBuiltIn
import SevenminCore
import SevenminSystem

/// The sound of a workout as the loop's audio sink: cues and the voice through one player, opened
/// in the background. It only performs: what became of each item (played, dropped, not rendered
/// yet), the device's outcome and a phrase becoming ready go back to the core as inputs (`news`),
/// which decides what to log and whether to wait.
final class CoachAudio: AudioSink, @unchecked Sendable {
    private let player: DeferredCuePlayer
    private let cache: PhraseCache?
    private let speaker: (any SpeechEngine)?
    private let clock: SystemMonotonicClock
    private let news: @Sendable (Input) -> Void

    /// Opens the device `request` asks for; with `voice` set, speaks with that engine and voice (or
    /// its fallback), in a process of its own (`SpeechProcess`), or says once why it cannot (in
    /// `voiceProblem`) and carries on with cues alone.
    /// `first`, the phrase due with the first frame, starts rendering at once, while the screen
    /// comes up, so that it is ready when due; the rest wait for the first frame (`prepare`).
    init(request: AudioOutputRequest, clock: SystemMonotonicClock, voice: (choice: VoiceChoice, rate: Int)?,
         first: Phrase? = nil, news: @escaping @Sendable (Input) -> Void) {
        self.clock = clock
        self.news = news
        var speaker: (any SpeechEngine)?
        if let voice {
            let opened = VoiceSetup.open(voice.choice, rate: voice.rate)
            speaker = opened.engine
            voiceProblem = opened.problem
            if let detail = opened.detail { Console.error("sevenmin: voice: \(detail)") }
        }
        self.speaker = speaker
        let store = CoachAudio.speechStore()
        // Each phrase is resampled to the player's rate once, as it is rendered, and kept so in the store.
        // Memory holds the six segments due next (a few seconds of speech; at most 8 MiB, 95 s at 44.1 kHz):
        // a phrase said again is read back from the store.
        cache = speaker.map { speaker in
            PhraseCache(sampleRate: CuePlayer.sampleRate, maximumBytes: 8 << 20) { text in
                do {
                    return try SpeechStore.speech(text, from: speaker, store: store, sampleRate: CuePlayer.sampleRate)
                } catch {
                    // A crash in the library costs this phrase; the next starts the process again.
                    Console.error("sevenmin: voice: \(error)")
                    throw error
                }
            }
        }
        if let first { cache?.prepare([(text: first.text, longest: first.longest)]) }
        let delivered: CuePlayer.DeliveryHandler = { kind, due, delivery in
            news(.delivered(CoachAudio.delivery(kind, due: due, delivery, at: clock.now())))
        }
        player = DeferredCuePlayer {
            let (sounds, missing) = CoachAudio.loadSounds()
            let opened = CuePlayer(sounds: sounds, request: request, clock: clock, delivered: delivered)
            Console.error("sevenmin: audio: " + opened.choice.summary)
            if !missing.isEmpty { Console.error("sevenmin: missing sounds: \(missing.joined(separator: ", "))") }
            // News for the coach, which wakes the loop: cues sound now, or the bell stands in.
            news(.audio(CoachAudio.status(of: opened.output)))
            return opened
        }
    }

    /// Why there is no voice (or only its fallback), when one was asked for and cannot be had.
    private(set) var voiceProblem: WorkoutNotice?

    /// Whether phrases will be spoken.
    var speaks: Bool { cache != nil }

    /// Renders the phrases due next, in the background: the core hands over a window as the workout
    /// moves on, the first after the first frame.
    func prepare(_ phrases: [Phrase]) {
        cache?.prepare(phrases.map { (text: $0.text, longest: $0.longest) })
    }

    func play(_ cue: Cue, due: Instant) { player.play(cue, due: due) }

    /// Speaks a phrase if its speech is rendered. The finish, whose words depend on the time taken,
    /// is rendered on the spot (it takes milliseconds). Any other phrase still rendering is reported
    /// as not rendered, and again as ready once it is: the core decides whether it is still worth saying.
    func say(_ announcement: Announcement) {
        guard let cache else { return }
        let phrase = announcement.phrase
        var sound = cache.sound(for: phrase.text)
        if sound == nil, phrase.priority == .finish { sound = try? speaker?.synthesize(phrase.text) }
        if let sound {
            player.say(phrase.text, sound: sound, priority: phrase.priority, due: announcement.due)
            return
        }
        news(.delivered(AudioDelivery(.phrase(phrase), due: announcement.due, at: clock.now(), outcome: .notRendered)))
        guard phrase.priority != .finish else { return }
        cache.whenReady(phrase.text) { [news] rendered in
            if rendered { news(.phraseReady(phrase)) }
        }
    }

    /// What the coach is told of an opened player's output.
    static func status(of output: CuePlayer.Output) -> AudioStatus {
        switch output {
        case .silent: return .silent
        case .device(let name): return .device(name)
        case .file(let path): return .device(path)
        }
    }

    /// Lets what sounds finish briefly, then closes; bounded whatever the device does.
    func close() { player.close() }

    /// The audio thread's report of an item, as news for the core.
    static func delivery(_ kind: AudioItem.Kind, due: Instant, _ delivery: Delivery, at: Instant) -> AudioDelivery {
        let item: AudioDelivery.Item
        switch kind {
        case .cue(let cue): item = .cue(cue)
        case .phrase(let text, let priority): item = .phrase(Phrase(text, priority: priority))
        }
        let outcome: AudioDelivery.Outcome
        switch delivery {
        case .played: outcome = .played
        case .noDevice: outcome = .noDevice
        case .stale(let late): outcome = .stale(late: late)
        case .cutOff: outcome = .cutOff
        }
        return AudioDelivery(item, due: due, at: at, outcome: outcome)
    }

    /// The folder phrases are kept in between runs, made if need be; nil (rendering every run) when
    /// there is no home, the folder cannot be made, or it is a link.
    static func speechStore() -> SpeechStore? {
        guard let path = UserDirectories().speechDirectory else { return nil }
        do {
            try UserDirectories.makeDirectory(path)
        } catch {
            Console.error("sevenmin: voice: phrases are not kept: \(error)")
            return nil
        }
        return SpeechStore(directory: path)
    }

    /// Decodes every cue once, up front: from the shipped `Sounds/` folder when there is one and it
    /// has the file, else the copy built into the program.
    static func loadSounds(directory: String? = Resources.soundsDirectory) -> ([Cue: Sound], missing: [String]) {
        var sounds: [Cue: Sound] = [:]
        var missing: [String] = []
        for cue in Cue.allCases {
            if let sound = try? loadSound(cue, directory: directory) {
                sounds[cue] = sound
            } else {
                missing.append(cue.rawValue)
            }
        }
        return (sounds, missing)
    }

    /// One cue's sound, from `directory` when it has the file, else the copy built into the program;
    /// nil when neither has it.
    static func loadSound(_ cue: Cue, directory: String? = Resources.soundsDirectory) throws -> Sound? {
        if let file = directory.map({ $0 + "/\(cue.rawValue).wav" }), FileManager.default.fileExists(atPath: file) {
            return try SoundFile.read(file)
        }
        return try BuiltInFiles.sound(cue.rawValue).map {
            try SoundFile.read(bytes: $0, name: "\(RoutineLocation.builtInFolder)/\(cue.rawValue).wav")
        }
    }

    /// A cue that neither the Sounds folder nor the program has.
    struct MissingSound: Error, CustomStringConvertible {
        var cue: Cue
        var description: String { "there is no sound '\(cue.rawValue)'" }
    }
}
