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
    private let sampleRate: Int
    private let condition = Condition()
    private var ready: [String: Sound] = [:]
    private var failed: [String: String] = [:]
    private var todo: [String] = []
    private var rendering: String?
    private var busy = false

    /// Sounds are resampled to `sampleRate` as they are rendered, so playing them costs nothing.
    public init(sampleRate: Int = CueSynthesizer.sampleRate, render: @escaping Render) {
        self.sampleRate = sampleRate
        self.render = render
    }

    /// Speaks with `engine`, taking what `store` already holds and keeping there what it renders.
    public convenience init(engine: any SpeechEngine, store: SpeechStore? = nil,
                            sampleRate: Int = CueSynthesizer.sampleRate) {
        self.init(sampleRate: sampleRate) { try SpeechStore.speech($0, from: engine, store: store) }
    }

    /// Renders `texts` in order on a background thread (each distinct text once); returns at once.
    public func prepare(_ texts: [String]) {
        condition.lock()
        defer { condition.unlock() }
        for text in texts where ready[text] == nil && failed[text] == nil && rendering != text && !todo.contains(text) {
            todo.append(text)
        }
        guard !busy, !todo.isEmpty else { return }
        busy = true
        startThread(named: "sevenmin-speech") { [self] in work() }
    }

    /// The rendered sound, or nil while it is not ready (or could not be rendered).
    public func sound(for text: String) -> Sound? {
        condition.withLock { ready[text] }
    }

    /// Texts that failed to render, with why.
    public var failures: [String: String] { condition.withLock { failed } }

    /// Waits until everything asked for has been rendered or `timeout` seconds have passed; true if done.
    /// For exports and tests: the live app never waits.
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
            let text: String? = condition.withLock {
                guard !todo.isEmpty else {
                    busy = false
                    condition.broadcast()
                    return nil
                }
                rendering = todo.removeFirst()
                return rendering
            }
            guard let text else { return }
            let outcome = Result { try render(text).resampled(to: sampleRate) }
            condition.withLock {
                switch outcome {
                case .success(let sound): ready[text] = sound
                case .failure(let error): failed[text] = "\(error)"
                }
                rendering = nil
            }
        }
    }
}
