// SPDX-License-Identifier: GPL-3.0-or-later
import CEspeakNG
import FoundationEssentials
import Glibc
import Synchronization
import SevenminCore
import SevenminSystem

/// Why speech cannot be had; the app reports it once and carries on with beeps only.
public enum SpeechError: Error, Equatable, CustomStringConvertible {
    /// The engine could not start (`espeak_Initialize`, `flite_init`): its library or its data is
    /// missing; `detail` says which, or what to install.
    case unavailable(call: String, detail: String)
    /// `espeak_SetVoiceByName` knows no such voice.
    case unknownVoice(String)
    /// A call failed after set-up.
    case failed(call: String, code: Int32)

    public var description: String {
        switch self {
        case .unavailable(let call, let detail): return "\(call) failed: \(detail)"
        case .unknownVoice(let name): return "unknown voice '\(name)' (see the list of voices)"
        case .failed(let call, let code): return "\(call) failed with error \(code)"
        }
    }
}

/// Turns text into speech with libespeak-ng, rendered into memory (never played by espeak).
///
/// espeak-ng keeps its state in globals and is not thread-safe, so every call goes through
/// one process-wide lock, and the library is initialised once per process.
public final class SpeechSynthesizer: Sendable {
    /// espeak-ng renders at 22 050 Hz, mono, 16-bit.
    public let sampleRate: Int
    public let voice: String
    /// Words per minute, clamped to espeak's range (80–450).
    public let rate: Int

    /// Checks that the library and the voice are usable; throws `SpeechError` if not.
    public init(voice: String = "en-us", wordsPerMinute: Int = 175) throws {
        sampleRate = try Espeak.shared.sampleRate()
        self.voice = voice
        rate = min(max(wordsPerMinute, Int(espeakRATE_MINIMUM)), Int(espeakRATE_MAXIMUM))
        try Espeak.shared.locked { try Espeak.select(voice: voice, rate: rate, in: &$0) }
    }

    /// The voices installed (`espeak_ListVoices`), sorted by name.
    public static func voices() throws -> [SpeechVoice] {
        _ = try Espeak.shared.sampleRate()
        return try Espeak.shared.locked { _ in try Espeak.listVoices() }
    }

    /// What `voices()` lists and the variants, for checking a name before it reaches the engine.
    public static func catalogue() throws -> VoiceCatalogue {
        _ = try Espeak.shared.sampleRate()
        return try Espeak.shared.locked { _ in
            var aliases: [String: String] = [:]
            let voices = try Espeak.listVoices()
            // espeak-ng takes a voice's language too (`en-us` for `en-US`): the first voice of each.
            for voice in voices.reversed() where !voice.language.isEmpty {
                aliases[voice.language.lowercased()] = voice.name
            }
            let variants = try Espeak.listVoices(variants: true).map(\.name)
            return VoiceCatalogue(voices: voices.map(\.name), variants: variants, aliases: aliases)
        }
    }

    /// Speech for `text` (bounded first, `SpokenText`), trimmed of the silence espeak leaves around the words.
    public func synthesize(_ text: String) throws -> Sound {
        let samples = try Espeak.shared.locked { state in
            try Espeak.select(voice: voice, rate: rate, in: &state)
            return try Espeak.synth(SpokenText.bounded(text))
        }
        return Sound(samples: samples, sampleRate: sampleRate).trimmingSilence()
    }
}

extension SpeechSynthesizer: SpeechEngine {
    public var choice: VoiceChoice { VoiceChoice(engine: .espeak, voice: voice) }
}

/// The library's global state, behind one lock: every call into it is made holding it.
private final class Espeak: Sendable {
    static let shared = Espeak()

    struct State {
        var initialised: Result<Int, SpeechError>?
        /// What was last selected, so a voice is loaded only when it changes.
        var current: (voice: String, rate: Int)?
    }
    private let state = Mutex(State())

    func locked<T: Sendable>(_ body: (inout State) throws -> T) throws -> T {
        try state.withLock { try body(&$0) }
    }

    /// Initialises once (`espeak_Initialize`); later calls return the first outcome.
    func sampleRate() throws -> Int {
        try locked { state in
            if state.initialised == nil {
                state.initialised = Result { try Espeak.initialize() }.mapError { $0 as! SpeechError }
            }
            return try state.initialised!.get()
        }
    }

    /// `espeak_Initialize`, synchronous, with DONT_EXIT: without it, missing data calls exit(1).
    /// What espeak-ng prints while it starts ("Error processing file '…/phontab'" when its data is missing)
    /// is caught in a memory file, so it never lands on a workout's screen or a command's output: it is
    /// said in the error, or, when the start succeeds, passed on to standard error (the log, in a workout).
    private static func initialize() throws -> Int {
        let capture = try? SystemCall.memoryFile(named: "espeak-ng")
        let redirect = capture.flatMap { try? StderrRedirect(descriptor: $0) }
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, espeakINITIALIZE_DONT_EXIT)
        redirect?.restore()
        var printed: [UInt8] = []
        if let capture {
            printed = (try? SystemCall.drain(capture)) ?? []
            // ignored: a memory file we only read back
            close(capture)
        }
        let said = String(decoding: printed, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { String($0.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
        guard rate > 0 else {
            throw SpeechError.unavailable(call: "espeak_Initialize", detail: "error \(rate)"
                + (said.isEmpty ? "" : ": \(visible(said))") + " (is espeak-ng-data installed?)")
        }
        // ignored: passing on what the library said; standard error that cannot be written loses only that
        if !printed.isEmpty { _ = printed.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) } }
        espeak_SetSynthCallback(collectSpeech)
        return Int(rate)
    }

    /// `espeak_SetVoiceByName` and `espeak_SetParameter(espeakRATE)`, when they change.
    static func select(voice: String, rate: Int, in state: inout State) throws {
        if let current = state.current, current == (voice, rate) { return }
        guard espeak_SetVoiceByName(voice) == EE_OK else { throw SpeechError.unknownVoice(voice) }
        let code = espeak_SetParameter(espeakRATE, Int32(rate), 0)
        guard code == EE_OK else { throw SpeechError.failed(call: "espeak_SetParameter", code: Int32(code.rawValue)) }
        state.current = (voice, rate)
    }

    /// `espeak_Synth`: in synchronous mode it returns once every sample went through the callback.
    static func synth(_ text: String) throws -> [Int16] {
        let sink = SpeechSink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        let code = text.withCString { chars in
            espeak_Synth(chars, strlen(chars) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
                         context.toOpaque())
        }
        guard code == EE_OK else { throw SpeechError.failed(call: "espeak_Synth", code: Int32(code.rawValue)) }
        return sink.samples
    }

    /// `espeak_ListVoices`, with a nil spec for every voice, or with the language `variant` for the variants.
    static func listVoices(variants: Bool = false) throws -> [SpeechVoice] {
        let found: UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>?
        if variants {
            found = "variant".withCString { language in
                var spec = espeak_VOICE()
                spec.languages = language
                return espeak_ListVoices(&spec)
            }
        } else {
            found = espeak_ListVoices(nil)
        }
        guard let list = found else { throw SpeechError.failed(call: "espeak_ListVoices", code: -1) }
        var voices: [SpeechVoice] = []
        var k = 0
        while let entry = list[k] {
            k += 1
            guard let id = entry.pointee.identifier else { continue }
            // `languages` is a priority byte followed by a C string; the first is the main one.
            let language = entry.pointee.languages.map { String(cString: $0 + 1) } ?? ""
            let name = String(cString: id).split(separator: "/").last.map(String.init) ?? ""
            voices.append(SpeechVoice(name: name, language: language))
        }
        return voices.sorted { $0.name < $1.name }
    }
}

/// Where the callback puts the samples of one `espeak_Synth` call; reached through `user_data`.
private final class SpeechSink {
    var samples: [Int16] = []
}

/// espeak-ng's synth callback; a C function pointer, so it is a plain function with no captures.
private func collectSpeech(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32,
                           _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let events, let data = events.pointee.user_data else { return 0 }
    let sink = Unmanaged<SpeechSink>.fromOpaque(data).takeUnretainedValue()
    if let wav, count > 0 { sink.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count))) }
    return 0   // 0 means carry on
}
