import Foundation
import SevenminAudio
import SevenminCore
import SevenminTerminal

/// The sound of a workout: the cue player, opened in the background, as the loop's audio sink.
final class CueAudio: AudioSink, @unchecked Sendable {
    private let player: DeferredCuePlayer

    init(timeline: Timeline, clock: some MonotonicClock, events: EventLog?) {
        let wav = ProcessInfo.processInfo.environment["SEVENMIN_AUDIO_WAV"].flatMap { $0.isEmpty ? nil : $0 }
        let started: @Sendable (Cue, Instant) -> Void = { [weak events] cue, due in
            // Written when the audio thread hands the cue to the device.
            events?.append(EventRecords.cue(cue, delivery: "device", t: timeline.offset(clock.now()),
                                            planned: timeline.offset(due)))
        }
        player = DeferredCuePlayer {
            let (sounds, missing) = CueAudio.loadSounds()
            let opened = CuePlayer(sounds: sounds, wavPath: wav, started: started)
            var lines = "sevenmin: audio output: \(opened.output)\n"
            if !missing.isEmpty { lines += "sevenmin: missing sounds: \(missing.joined(separator: ", "))\n" }
            Console.error(String(lines.dropLast()))
            return opened
        }
    }

    func play(_ cue: Cue, due: Instant) { player.play(cue, due: due) }

    func say(_ announcement: Announcement) {}

    var status: AudioStatus {
        switch player.output {
        case nil: return .opening
        case .silent?: return .silent
        case .device(let name)?: return .device(name)
        case .file(let path)?: return .device(path)
        }
    }

    func close() { player.close() }

    /// Decodes every cue file once, up front.
    static func loadSounds() -> ([Cue: Sound], missing: [String]) {
        var sounds: [Cue: Sound] = [:]
        var missing: [String] = []
        for cue in Cue.allCases {
            let path = (Resources.soundsDirectory ?? "Sounds") + "/\(cue.rawValue).wav"
            do { sounds[cue] = try SoundFile.read(path) } catch { missing.append(cue.rawValue) }
        }
        return (sounds, missing)
    }
}
