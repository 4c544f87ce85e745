// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import SevenminCore

/// Only a voice the engine lists reaches it, and only bounded text: espeak-ng crashed on `/`, on
/// `en+` with 37 more characters, and on three characters of Hindi.
@Suite("Voices and spoken text")
struct VoiceCatalogueTests {
    let catalogue = VoiceCatalogue(voices: ["de", "en-GB-x-rp", "en-US", "hi"], variants: ["Alex", "f3", "klatt"],
                                   aliases: ["en-us": "en-US"])

    @Test(arguments: [
        ("en-US", VoiceCatalogue.Verdict.known("en-US")), ("en-us", .known("en-US")), ("DE", .known("de")),
        ("en-us+F3", .known("en-US+f3")), ("de+alex", .known("de+Alex")),
        ("/", .unknown(suggestion: nil)), ("en-uss", .unknown(suggestion: "en-US")),
        ("en+" + String(repeating: "x", count: 37), .unknown(suggestion: nil)),
        ("de+f4", .unknown(suggestion: "de+f3")), ("de+", .unknown(suggestion: nil)),
    ])
    func onlyListedVoicesAndVariantsPass(name: String, verdict: VoiceCatalogue.Verdict) {
        #expect(catalogue.check(name) == verdict)
    }

    /// Variants are espeak-ng's alone: `rms+klatt` spoke as plain `rms` in a routine, and not at all from
    /// the command line.
    @Test(arguments: ["rms+klatt", "slt+f2", "RMS+m1", "rms+"])
    func fliteVoicesTakeNoVariant(name: String) {
        let both = VoiceCatalogue(voices: VoiceChoice.fliteVoices + catalogue.voices, variants: ["f2", "klatt", "m1"])
        let voice = String(name.prefix { $0 != "+" }).lowercased()
        #expect(both.check(name) == .unknown(suggestion: voice))
        #expect(both.check(voice) == .known(voice))
        #expect(both.check("de+klatt") == .known("de+klatt"))
    }

    @Test func aRoutineFliteVoiceWithAVariantIsRefusedWithItsPosition() {
        let both = VoiceCatalogue(voices: VoiceChoice.fliteVoices + catalogue.voices, variants: ["klatt"])
        let text = "{\"name\": \"N\",\n \"voice\": \"rms+klatt\", \"exercises\": [{\"title\": \"A\"}]}"
        #expect(throws: RoutineLoadError([Diagnostic(path: "r.json", position: SourcePosition(line: 2, column: 11),
            message: "\"rms+klatt\" is not a voice this machine has; did you mean \"rms\"?")])) {
            try RoutineLoader.parse(Array(text.utf8), path: "r.json", voices: both)
        }
    }

    @Test func aRoutineVoiceNotListedIsRefusedWithItsPositionAndANearOne() throws {
        let text = "{\"name\": \"N\",\n \"voice\": \"en-uss\", \"exercises\": [{\"title\": \"A\"}]}"
        #expect(throws: RoutineLoadError([Diagnostic(path: "r.json", position: SourcePosition(line: 2, column: 11),
            message: "\"en-uss\" is not a voice this machine has; did you mean \"en-US\"?")])) {
            try RoutineLoader.parse(Array(text.utf8), path: "r.json", voices: catalogue)
        }
        // The engine's own spelling is what the plan carries; with no catalogue, the name as written.
        let good = #"{"name": "N", "voice": "en-us", "exercises": [{"title": "A"}]}"#
        #expect(try RoutineLoader.parse(Array(good.utf8), path: "r.json", voices: catalogue).voice == "en-US")
        #expect(try RoutineLoader.parse(Array(good.utf8), path: "r.json").voice == "en-us")
    }

    @Test func aConfigVoiceNotListedIsRefusedWithItsPosition() {
        let text = "{\"voice\": \"/\"}"
        #expect(throws: RoutineLoadError([Diagnostic(path: "c.json", position: SourcePosition(line: 1, column: 11),
            message: "\"/\" is not a voice this machine has (see `espeak-ng --voices`)")])) {
            try UserConfig.parse(Array(text.utf8), path: "c.json", voices: catalogue)
        }
    }

    @Test(arguments: [(">-ـ", "-"), ("Jump\u{0640}ing <jacks> & co", "Jumping jacks co"),
                      ("Wall   sit.\n\tThirty seconds!", "Wall sit. Thirty seconds!"), ("\u{1B}[31mRed", "31mRed"),
                      ("Ступни вместе", "Ступни вместе"), ("एक-दो", "एक-दो")])
    func spokenTextKeepsWordsAndDropsWhatCrashesOrIsNotSaid(text: String, spoken: String) {
        #expect(SpokenText.bounded(text) == spoken)
    }

    @Test func spokenTextIsCutAtAWordWithinItsBound() {
        let long = String(repeating: "squat ", count: 10_000)
        let spoken = SpokenText.bounded(long)
        #expect(spoken.unicodeScalars.count <= SpokenText.maximumCharacters)
        #expect(spoken.unicodeScalars.count > SpokenText.maximumCharacters - 7)
        #expect(spoken.hasSuffix("squat"))
        #expect(Phrase(long, priority: .high).text == spoken)
    }

    /// Each segment's opening words last at most the segment, and only a window of phrases is asked for
    /// at a time, moving on as the workout does.
    @Test func phrasesAreRenderedAheadInAWindowAndCutAtTheirSegment() throws {
        let say = String(repeating: "word ", count: 50)
        let exercises = (0..<40).map { #"{"title": "E\#($0)", "work": 5, "say": "\#(say)"}"# }
        let text = #"{"name": "N", "rest": 2, "exercises": [\#(exercises.joined(separator: ","))]}"#
        let plan = Plan(try RoutineLoader.parse(Array(text.utf8), path: "r.json"))
        let window = VoicePolicy.phrases(in: plan, countAloud: false, from: 0, segments: VoicePolicy.renderAhead)
        #expect(window.count < 12)
        #expect(window.first(where: { $0.text.hasPrefix("Time for word") })?.longest == 5)
        var app = WorkoutApp(plan: plan, settings: CoachSettings(voice: true))
        var asked: [[Phrase]] = []
        func collect(_ effects: [Effect]) {
            for case .prepareVoice(let phrases) in effects { asked.append(phrases) }
        }
        collect(app.start(at: 0))
        for t in stride(from: 1.0, through: 60, by: 1) { collect(app.handle(.tick, at: Instant(t))) }
        #expect(asked.count > 5, "the window moves on as segments start")
        #expect(asked.allSatisfy { $0.count < 12 })
    }
}

/// ALSA reads a device string as configuration: only device names may reach it.
@Suite("Sound device names")
struct AudioDeviceNameTests {
    @Test(arguments: ["default", "hw:1", "hw:1,0", "plughw:CARD=PCH,DEV=0", "sysdefault:CARD=Intel", "pulse",
                      "front:CARD=Generic,DEV=0", "dmix:CARD=1,DEV=0", "null", "surround51:CARD=PCH"])
    func deviceNamesPass(device: String) {
        #expect(AudioDeviceName.isValid(device))
    }

    @Test(arguments: ["file:FILE=|touch /tmp/x", "file:/tmp/x", "tee:'|cmd'", "{type file file \"|cmd\"}", "hw:1;x",
                      "plug:'file:FILE=|cmd'", "", "hw:", "hw:CARD=", "hw:FILE=x", "shm:x", "$(id)", "hw:1 2"])
    func pluginDefinitionsAreRefused(device: String) throws {
        #expect(!AudioDeviceName.isValid(device))
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["start", "--audio-device", device]) }
        let config = "{\"audioDevice\": " + JSONWriter.quote(device) + "}"
        #expect(throws: RoutineLoadError.self) { try UserConfig.parse(Array(config.utf8), path: "c.json") }
    }
}
