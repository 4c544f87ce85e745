import Dispatch
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminBuiltIn
import SevenminCore
import SevenminSystem

/// The sound of a workout as the loop's audio sink: cues and the voice through one player,
/// opened in the background, with every delivery written to the events file.
final class CoachAudio: AudioSink, @unchecked Sendable {
    private let player: DeferredCuePlayer
    private let cache: PhraseCache?
    private let speaker: (any SpeechEngine)?
    private let events: EventLog?
    private let timeline: Timeline
    private let clock: SystemMonotonicClock

    /// Opens the device `request` asks for; with `voice` set, speaks with that engine and voice (or
    /// its fallback), in a process of its own (`SpeechProcess`), or says once why it cannot (in
    /// `voiceProblem`) and carries on with cues alone.
    /// `first`, the phrase due with the first frame, starts rendering at once, while the screen
    /// comes up, so that it is ready when due; the rest wait for the first frame (`prepare`).
    init(request: AudioOutputRequest, timeline: Timeline, clock: SystemMonotonicClock, events: EventLog?,
         voice: (choice: VoiceChoice, rate: Int)?, first: Phrase? = nil) {
        self.events = events
        self.timeline = timeline
        self.clock = clock
        var speaker: (any SpeechEngine)?
        if let voice {
            let opened = VoiceSetup.open(voice.choice, rate: voice.rate)
            speaker = opened.engine
            if let notice = opened.notice {
                voiceProblem = notice
                Console.error("sevenmin: voice: \(notice)")
            }
        }
        self.speaker = speaker
        let store = CoachAudio.speechStore()
        cache = speaker.map { speaker in
            PhraseCache { text in
                do {
                    return try SpeechStore.speech(text, from: speaker, store: store)
                } catch {
                    // A crash in the library costs this phrase; the next starts the process again.
                    Console.error("sevenmin: voice: \(error)")
                    throw error
                }
            }
        }
        if let first { cache?.prepare([(text: first.text, longest: first.longest)]) }
        let delivered: CuePlayer.DeliveryHandler = { [weak events] kind, due, delivery in
            events?.append(CoachAudio.record(kind, due: due, delivery: delivery, timeline: timeline, clock: clock))
        }
        player = DeferredCuePlayer {
            let (sounds, missing) = CoachAudio.loadSounds()
            let opened = CuePlayer(sounds: sounds, request: request, clock: clock, delivered: delivered)
            Console.error("sevenmin: audio: " + opened.choice.summary)
            if !missing.isEmpty { Console.error("sevenmin: missing sounds: \(missing.joined(separator: ", "))") }
            return opened
        }
    }

    /// Why there is no voice, when one was asked for and cannot be had.
    private(set) var voiceProblem: String?

    /// Whether phrases will be spoken.
    var speaks: Bool { cache != nil }

    /// Renders the phrases due next, in the background: the core hands over a window as the workout
    /// moves on, the first after the first frame.
    func prepare(_ phrases: [Phrase]) {
        cache?.prepare(phrases.map { (text: $0.text, longest: $0.longest) })
    }

    func play(_ cue: Cue, due: Instant) { player.play(cue, due: due) }

    /// Speaks a phrase once it is rendered. The finish, whose words depend on the time taken, is
    /// rendered on the spot (it takes milliseconds). Any other phrase still rendering (the first,
    /// due with the first frame) is waited for off the loop, within the staleness limit; one not
    /// ready by then is skipped and logged, never played late.
    func say(_ announcement: Announcement) {
        guard let cache else { return }
        let phrase = announcement.phrase
        var sound = cache.sound(for: phrase.text)
        if sound == nil, phrase.priority == .finish { sound = try? speaker?.synthesize(phrase.text) }
        if let sound {
            player.say(phrase.text, sound: sound, priority: phrase.priority, due: announcement.due)
            return
        }
        let limit = announcement.due + CuePolicy.stalenessLimit
        DispatchQueue.global().async { [self] in
            while clock.now() < limit {
                if let sound = cache.sound(for: phrase.text) {
                    player.say(phrase.text, sound: sound, priority: phrase.priority, due: announcement.due)
                    return
                }
                usleep(5_000)
            }
            Console.error("sevenmin: voice: skipped \"\(visible(phrase.text))\": not rendered in time")
            events?.append(EventRecord(t: timeline.offset(clock.now()), event: "say", [
                ("text", .string(phrase.text)), ("planned", .seconds(timeline.offset(announcement.due))),
                ("delivery", .string("none")),
            ]))
        }
    }

    var status: AudioStatus {
        switch player.output {
        case nil: return .opening
        case .silent?: return .silent
        case .device(let name)?: return .device(name)
        case .file(let path)?: return .device(path)
        }
    }

    /// Lets what sounds finish briefly, then closes; bounded whatever the device does.
    func close() { player.close() }

    /// The events-file line for a delivery: `cue` or `say`, when it was handed on, when it was due, and how.
    static func record(_ kind: AudioItem.Kind, due: Instant, delivery: Delivery, timeline: Timeline,
                       clock: SystemMonotonicClock) -> EventRecord {
        let how: String
        switch delivery {
        case .played: how = "device"
        case .noDevice, .stale, .cutOff: how = "none"
        }
        var fields: [(String, JSONWriter.Value)]
        let event: String
        switch kind {
        case .cue(let cue):
            event = "cue"
            fields = [("cue", .string(cue.rawValue))]
        case .phrase(let text, _):
            event = "say"
            fields = [("text", .string(text))]
        }
        fields += [("planned", .seconds(timeline.offset(due))), ("delivery", .string(how))]
        if case .stale(let late) = delivery { fields.append(("late", .seconds(late))) }
        if case .cutOff = delivery { fields.append(("cut", .string("by a more important phrase"))) }
        return EventRecord(t: timeline.offset(clock.now()), event: event, fields)
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
