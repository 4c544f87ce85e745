// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminSystem

/// Renders the workout's phrases on a background thread and hands them out once ready.
///
/// Speech is rendered ahead because a phrase is only worth saying on time: a lookup that
/// finds a phrase not yet rendered returns nil, and the caller skips it (and logs it) rather
/// than saying it late. Start it after the first frame is drawn, so it never delays the screen.
public final class PhraseCache: @unchecked Sendable {
    /// Turns a text into speech; `SpeechSynthesizer.synthesize` in the app, a fake in tests.
    public typealias Render = @Sendable (String) throws -> Sound

    private let render: Render
    /// The rate sounds are kept at; nil keeps the engine's own (16 kHz for Flite, 22.05 kHz for espeak-ng).
    private let sampleRate: Int?
    /// The most the rendered sounds may hold, in bytes, the window due next among them.
    public let maximumBytes: Int
    private let condition = Condition()
    private var ready: [String: Sound] = [:]
    /// Ready texts, oldest first, for letting go of the oldest.
    private var readyOrder: [String] = []
    private var bytes = 0
    private var failed: [String: String] = [:]
    private var todo: [(text: String, longest: Double?)] = []
    /// What the latest `prepare` asked for: the window of phrases due next.
    private var wanted: Set<String> = []
    private var rendering: String?
    private var busy = false
    private var waiters: [String: [@Sendable (Bool) -> Void]] = [:]

    /// Sounds are kept at the rate they were rendered at (a third of the player's 44.1 kHz for Flite), or
    /// with `sampleRate`, resampled to it as rendered, once, on the rendering thread.
    public init(sampleRate: Int? = nil, maximumBytes: Int = 64 << 20, render: @escaping Render) {
        self.sampleRate = sampleRate
        self.maximumBytes = maximumBytes
        self.render = render
    }

    /// The bytes the rendered sounds hold now.
    public var heldBytes: Int { condition.withLock { bytes } }

    /// Speaks with `engine`, taking what `store` already holds and keeping there what it renders.
    public convenience init(engine: any SpeechEngine, store: SpeechStore? = nil, sampleRate: Int? = nil) {
        self.init(sampleRate: sampleRate) {
            try SpeechStore.speech($0, from: engine, store: store, sampleRate: sampleRate)
        }
    }

    /// Renders `texts` in order on a background thread (each distinct text once); returns at once.
    public func prepare(_ texts: [String]) {
        prepare(texts.map { (text: $0, longest: nil) })
    }

    /// Renders the phrases, each cut at its `longest` seconds, in order on a background thread; returns
    /// at once. They are the window due next: anything queued and no longer in it is not rendered, and
    /// anything rendered and not in it is let go.
    public func prepare(_ phrases: [(text: String, longest: Double?)]) {
        condition.lock()
        defer { condition.unlock() }
        wanted = Set(phrases.map(\.text))
        todo.removeAll { !wanted.contains($0.text) }
        // What is no longer due is let go at once: the memory held is the window's, not every phrase said
        // so far (the classic says 80 s of speech, 7 MiB at 44.1 kHz). One said again is rendered again,
        // which with a store is reading it back.
        for text in readyOrder where !wanted.contains(text) { letGo(text) }
        for phrase in phrases where ready[phrase.text] == nil && failed[phrase.text] == nil
            && rendering != phrase.text && !todo.contains(where: { $0.text == phrase.text }) {
            todo.append(phrase)
        }
        guard !busy, !todo.isEmpty else { return }
        busy = true
        startThread(named: "sevenmin-speech") { [self] in work() }
    }

    /// The rendered sound, or nil while it is not ready (or could not be rendered).
    public func sound(for text: String) -> Sound? {
        condition.withLock { ready[text] }
    }

    /// Calls `body` once `text` has been rendered (true) or has failed to render (false), on the
    /// rendering thread, or at once when either has already happened. Asks for it to be rendered.
    public func whenReady(_ text: String, _ body: @escaping @Sendable (Bool) -> Void) {
        let known: Bool? = condition.withLock {
            if ready[text] != nil { return true }
            if failed[text] != nil { return false }
            waiters[text, default: []].append(body)
            return nil
        }
        if let known {
            body(known)
            return
        }
        // Asked for on its own, first, without changing the window of phrases due next.
        condition.lock()
        defer { condition.unlock() }
        wanted.insert(text)
        if rendering != text, !todo.contains(where: { $0.text == text }) {
            todo.insert((text: text, longest: nil), at: 0)
        }
        guard !busy else { return }
        busy = true
        startThread(named: "sevenmin-speech") { [self] in work() }
    }

    /// Texts that failed to render, with why.
    public var failures: [String: String] { condition.withLock { failed } }

    /// Waits until everything asked for has been rendered or `timeout` seconds have passed; true if done.
    /// For the tests: the program never waits on it (a phrase not ready in time is skipped, and an export
    /// renders each phrase as it comes).
    @discardableResult
    public func waitUntilReady(timeout: Double) -> Bool {
        let deadline = SystemMonotonicClock().now() + timeout
        condition.lock()
        defer { condition.unlock() }
        while busy { if !condition.wait(until: deadline) { return false } }
        return true
    }

    private func work() {
        while true {
            let next: (text: String, longest: Double?)? = condition.withLock {
                guard !todo.isEmpty else {
                    busy = false
                    condition.broadcast()
                    return nil
                }
                let next = todo.removeFirst()
                rendering = next.text
                return next
            }
            guard let next else { return }
            let outcome = Result { [sampleRate] in
                let sound = try render(next.text)
                return PhraseCache.cut(sampleRate.map { sound.resampled(to: $0) } ?? sound, at: next.longest)
            }
            let (waiting, kept): ([@Sendable (Bool) -> Void], Bool) = condition.withLock {
                switch outcome {
                case .success(let sound): keep(sound, for: next.text)
                case .failure(let error): failed[next.text] = "\(error)"
                }
                rendering = nil
                return (waiters.removeValue(forKey: next.text) ?? [], ready[next.text] != nil)
            }
            for body in waiting { body(kept) }
        }
    }

    /// Adds a sound, first letting go of the oldest not wanted now while the total would pass `maximumBytes`; a
    /// sound that still does not fit is not kept (its phrase is skipped).
    private func keep(_ sound: Sound, for text: String) {
        let size = sound.samples.count * MemoryLayout<Int16>.size
        var k = 0
        while bytes + size > maximumBytes, k < readyOrder.count {
            if wanted.contains(readyOrder[k]) { k += 1 } else { letGo(readyOrder[k]) }
        }
        guard bytes + size <= maximumBytes else {
            failed[text] = "not kept: the phrases rendered ahead already hold \(bytes) bytes"
            return
        }
        ready[text] = sound
        readyOrder.append(text)
        bytes += size
    }

    private func letGo(_ text: String) {
        readyOrder.removeAll { $0 == text }
        bytes -= (ready.removeValue(forKey: text)?.samples.count ?? 0) * MemoryLayout<Int16>.size
    }

    /// `sound` no longer than `longest` seconds, with a 10 ms fade where it is cut, so the cut does not click.
    static func cut(_ sound: Sound, at longest: Double?) -> Sound {
        guard let longest, longest >= 0, sound.duration > longest else { return sound }
        var samples = Array(sound.samples.prefix(Int(longest * Double(sound.sampleRate))))
        let fade = min(samples.count, sound.sampleRate / 100)
        for k in 0..<fade {
            let index = samples.count - fade + k
            samples[index] = Int16(Double(samples[index]) * Double(fade - k) / Double(fade))
        }
        return Sound(samples: samples, sampleRate: sound.sampleRate)
    }
}
