// SPDX-License-Identifier: GPL-3.0-or-later
/// The real-time loop: waits until the next change, a key or a signal; hands what happened to
/// the `WorkoutApp`; performs the effects it returns. It decides nothing itself.
public final class WorkoutLoop {
    public private(set) var app: WorkoutApp
    private let clock: any MonotonicClock
    private let terminal: any TerminalBackend
    private let input: any InputSource
    private let audio: (any AudioSink)?
    private let recorder: (any WorkoutRecorder)?
    private let renderer: ScreenRenderer
    private let opener: (any LinkOpener)?
    private let status: (any StatusPublisher)?
    private let desktop: (any DesktopSession)?
    private let phone: (any PhoneScreen)?
    /// Work the screen does not need (opening the history, reading the streak), started once the first
    /// frame is out, so that the screen never waits for it.
    private var afterFirstFrame: (() -> Void)?
    /// Until the first frame is out, the status the app publishes waits for it (only the latest
    /// counts: each replaces the file whole), so that the screen never waits for the file either.
    private var firstFrameOut = false
    private var heldStatus: StatusSnapshot??

    public init(app: WorkoutApp, clock: any MonotonicClock, terminal: any TerminalBackend, input: any InputSource,
                audio: (any AudioSink)?, recorder: (any WorkoutRecorder)?,
                renderer: ScreenRenderer = ScreenRenderer(depth: .direct, glyphs: .unicode, metrics: .unicode),
                opener: (any LinkOpener)? = nil, status: (any StatusPublisher)? = nil,
                desktop: (any DesktopSession)? = nil, phone: (any PhoneScreen)? = nil,
                afterFirstFrame: (() -> Void)? = nil) {
        self.desktop = desktop
        self.phone = phone
        self.afterFirstFrame = afterFirstFrame
        self.renderer = renderer
        self.status = status
        self.opener = opener
        self.app = app
        self.clock = clock
        self.terminal = terminal
        self.input = input
        self.audio = audio
        self.recorder = recorder
    }

    /// Runs the workout to its end.
    public func run() throws -> WorkoutEnding {
        var effects = app.start(at: clock.now())
        // With sound, the device's outcome arrives as news once it has opened in the background.
        if audio == nil { effects += app.handle(.audio(.muted), at: clock.now()) }
        while true {
            if let ending = perform(effects) { return ending }
            if !firstFrameOut {
                firstFrameOut = true
                if let held = heldStatus { status?.publish(held) }
                heldStatus = nil
                afterFirstFrame?()
                afterFirstFrame = nil
            }
            let happened = try input.wait(until: app.nextDeadline())
            let inputs = happened.isEmpty ? [Input.tick] : happened
            effects = []
            for item in inputs {
                effects += app.handle(item, at: clock.now())
                if case .quit = effects.last { break }
            }
        }
    }

    /// Performs effects in order; draws only the last frame among them. Returns the ending, if any.
    private func perform(_ effects: [Effect]) -> WorkoutEnding? {
        let lastDraw = effects.lastIndex { if case .draw = $0 { true } else { false } }
        for (k, effect) in effects.enumerated() {
            switch effect {
            case .draw(let model):
                guard k == lastDraw else { continue }
                terminal.present(model, with: renderer)
            case .repaint: terminal.invalidate()
            case .playCue(let cue, let due): audio?.play(cue, due: due)
            case .announce(let phrase): audio?.say(phrase)
            case .prepareVoice(let phrases): audio?.prepare(phrases)
            case .log(let line): recorder?.log(line)
            case .happened(let event): terminal.happened(event)
            case .record(let entry): recorder?.record(entry)
            case .bell: terminal.bell()
            case .openLink(let url): opener?.open(url)
            case .setTitle(let title): terminal.setTitle(title)
            case .status(let snapshot):
                if firstFrameOut { status?.publish(snapshot) } else { heldStatus = .some(snapshot) }
            case .notify(let title, let body): terminal.notify(title: title, body: body)
            case .player(let state):
                desktop?.publish(state)
                phone?.publish(state)
            case .phoneEnded(let ending): phone?.end(ending)
            case .renewPhoneLink: phone?.renew()
            case .keepAwake(let awake): desktop?.keepAwake(awake)
            case .suspend:
                desktop?.flush()
                terminal.suspend()
            case .quit(let ending): return ending
            }
        }
        return nil
    }
}
