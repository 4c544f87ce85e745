// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminBus
import SevenminCore
import SevenminHistory
import SevenminPhone
import SevenminSystem
import SevenminTerminal

/// The doctor's look at the sound device and the voice.
extension DoctorCommand {
    func checkSound(_ report: inout DoctorReport, start: StartCommand) {
        report.section("Sound")
        if start.mute {
            report.pass("muted by the config file: no sound is tried")
            return
        }
        var working: String?
        for driver in AudioOutput.candidates(AudioOutputRequest(driver: start.audioDriver)) {
            let request = AudioOutputRequest(driver: driver, device: start.audioDevice, volume: start.volume)
            let (device, choice) = AudioOutput.open(request, sampleRate: CuePlayer.sampleRate)
            if case .device = choice.output {
                report.pass("libao driver \(driver)\(start.audioDevice.map { " (device \($0))" } ?? ""): opens")
                if working == nil {
                    working = driver
                    if play { playTestCue(on: device, &report) }
                }
            } else {
                let why = choice.attempts.last?.failure ?? "cannot open"
                report.note("libao driver \(driver): \(why)")
            }
            device.close()
        }
        if working == nil {
            report.fail("no sound device: cues will be silent and the terminal bell rings instead",
                        fix: "start PulseAudio or PipeWire, check 'aplay -l' for ALSA, or pick one with "
                            + "\(StartCommand.Option.audioDriver.name) and \(StartCommand.Option.audioDevice.name)")
        }
    }

    func playTestCue(on device: any AudioDevice, _ report: inout DoctorReport) {
        do {
            // From the Sounds folder or the copy built in, as a workout finds it.
            guard let sound = try CoachAudio.loadSound(.go) else { throw CoachAudio.MissingSound(cue: .go) }
            let samples = sound.resampled(to: CuePlayer.sampleRate).samples
            try samples.withUnsafeBufferPointer { try device.play($0) }
            report.pass("played the 'go' cue: you should have heard it")
        } catch {
            report.fail("could not play the 'go' cue: \(error)", fix: "reinstall sevenmin")
        }
    }

    func checkVoice(_ report: inout DoctorReport, start: StartCommand) {
        report.section("Voice")
        guard start.voice, !start.mute else {
            report.pass("the voice is off in the config file")
            return
        }
        // Both engines are checked, whichever is chosen: the other is the fallback or the next language.
        do {
            _ = try SpeechEngines.open(exactly: .standard, rate: start.rate)
            report.pass("Flite: voices \(VoiceChoice.fliteVoices.joined(separator: ", ")) (English)")
        } catch {
            report.fail("Flite: \(error)", fix: "install libflite1")
        }
        do {
            let names = try SpeechSynthesizer.voices().map(\.name)
            _ = try SpeechEngines.open(exactly: .englishFallback, rate: start.rate)
            report.pass(DoctorCommand.espeakLine(names, all: voices))
        } catch {
            report.fail("espeak-ng: \(error)", fix: "install espeak-ng-data")
        }
        // The routine is not known here: the voice named, else the language's own.
        let choice = start.voiceName.map(VoiceChoice.named) ?? (start.speech.language
            ?? CoachLanguage.fromEnvironment(ProcessEnvironment.current) ?? .en).voice
        // Only a listed voice reaches an engine, and it really speaks, in the process a workout speaks in:
        // a voice that loads can still crash the engine.
        if let catalogue = VoiceSetup.catalogue(), case .unknown(let suggestion) = catalogue.check(choice.voice) {
            report.fail("the voice '\(visible(choice.voice))' is not one this machine has"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                        fix: "choose rms, slt or one of espeak-ng's voices ('sevenmin doctor --voices' lists them)")
            return
        }
        let failure: String
        switch speaks(choice, rate: start.rate) {
        case nil:
            report.pass("\(visible(choice.label)) speaks")
            return
        case let why?: failure = "\(visible(choice.label)): \(why)"
        }
        // As a workout does: a Flite voice that cannot speak gives way to espeak-ng's English.
        if let fallback = choice.fallback, speaks(fallback, rate: start.rate) == nil {
            report.fail(failure + "; a workout speaks with \(fallback.label) instead",
                        fix: "install libflite1 for the clearer voice")
        } else {
            report.fail(failure, fix: DoctorCommand.voiceFix(for: choice))
        }
    }

    /// Nil when `choice` says a word in the process a workout speaks in, else why not.
    func speaks(_ choice: VoiceChoice, rate: Int) -> String? {
        do {
            let sound = try VoiceSetup.open(exactly: choice, rate: rate).synthesize("Ready.")
            return sound.duration > 0.1 ? nil : "said nothing"
        } catch {
            return "\(error)"
        }
    }

    /// What to do when `choice` cannot speak: never to choose the voice that just failed.
    static func voiceFix(for choice: VoiceChoice) -> String {
        switch choice.engine {
        case .flite: return "install libflite1, or choose one of espeak-ng's voices ('sevenmin doctor --voices')"
        case .espeak: return "install espeak-ng-data, or choose rms or slt (Flite's)"
        }
    }
}
