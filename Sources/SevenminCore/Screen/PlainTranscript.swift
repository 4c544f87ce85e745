// SPDX-License-Identifier: GPL-3.0-or-later
/// The workout as plain lines, one per change, for screen readers, logs and pipes. It is told what
/// happened in the session (`happened`, the events the events file is written from) and handed each
/// frame the app draws; it answers with the lines they add. No cursor movement, no colour; the time in
/// front is the workout's active time, so a log reads as a timeline.
public struct PlainTranscript: Sendable {
    /// Whether the locale can show characters outside ASCII; if not, `—` becomes `-` and others `?`.
    public let unicode: Bool
    private var last: ScreenModel?
    /// What happened since the last frame, in order.
    private var pending: [SessionEvent] = []
    /// The segment on screen, as the session's events last said.
    private var segment: Int?

    public init(unicode: Bool) {
        self.unicode = unicode
    }

    /// Hears what happened in the session; the next frame's lines put it into words.
    public mutating func happened(_ event: SessionEvent) {
        pending.append(event)
    }

    /// The lines `model`, and what happened before it, add to what was said before; empty when nothing a
    /// listener needs changed.
    public mutating func lines(for model: ScreenModel) -> [String] {
        var lines: [String] = []
        let at = TimeFormat.clock(model.elapsed, roundingUp: false)
        func say(_ parts: String...) {
            lines.append(text(at + " " + parts.joined(separator: dash), language: model.language))
        }
        let events = pending
        pending = []
        defer { last = model }
        // A segment began, on schedule or by a key (skipped, back, restarted): the last one is on screen.
        let begun = events.last { $0.kind == .started || $0.kind == .segmentStarted }?.segmentIndex
        let previous = segment
        if let begun { segment = begun }
        guard let last else {
            let text = model.text
            say(visible(model.routineName),
                text.exercises(model.workCount) + (model.rounds > 1 ? text.inRounds(model.rounds) : ""),
                model.toGo + " " + text.inAll)
            // The plan's step this workout is, as the screen's header says it.
            if let plan = model.planLine { say(plan) }
            say(segmentLine(model))
            // A resumed workout opens paused, waiting for a key.
            if model.paused { say(model.words.paused) }
            return lines
        }
        // The count asked after a step of as many as you can, on a line; a record it set, once given.
        if let ask = model.countAsk, last.countAsk == nil {
            say(model.words.howMany + " " + visible(ask.title), model.words.countKeys)
        }
        if last.countAsk != nil, model.countAsk == nil,
           let record = model.summary?.records.last ?? model.newRecord, record.kind.isCount,
           record != last.summary?.records.last, record != last.newRecord {
            say(model.words.newRecord, record.line)
        }
        if model.summary != nil {
            // The counts follow on the summary line every run of `start` ends with.
            if last.summary == nil, let summary = model.summary {
                say(summary.isComplete ? model.words.finished : summary.headline(model.text))
                if summary.asksEffort {
                    say(summary.effortQuestion(model.text) + model.words.colon + model.text.effortKeys)
                }
            }
            // The heart-rate recovery, once it is read, a minute after the last exercise.
            if last.summary?.heartRecovery == nil, let r = model.summary?.heartRecovery {
                say(model.text.heartRecovery(r.drop, r.from, r.to))
            }
            return lines
        }
        if begun == nil, model.segmentLength != last.segmentLength {
            say(heading(model), TimeFormat.clock(model.remaining) + " " + model.words.left)
        }
        // Of segments begun one after another between two frames (keys in one read, a stall), the last
        // is the one to speak of.
        let lastStart = events.lastIndex { $0.kind == .segmentStarted }
        for (k, event) in events.enumerated() {
            switch event.kind {
            case .segmentStarted where k == lastStart:
                if let record = model.newRecord { say(model.words.newRecord, record.line) }
                say(segmentLine(model))
                // The form cues the screen shows beside the figure, once as the exercise starts.
                if begun != previous, model.kind == .work, !model.exercise.cues.isEmpty {
                    say(model.text.form + model.words.colon + model.exercise.cues.map(visible).joined(separator: "; "))
                }
            case .paused: say(model.words.paused)
            case .resumed: say(model.words.goingOn)
            case .halfway where event.segmentIndex == segment: say(model.words.halfway)
            case .switchSides where event.segmentIndex == segment: say(model.words.switchSides)
            default: break
            }
        }
        if model.overlay != last.overlay {
            switch model.overlay {
            case .help: say(model.text.plainKeys)
            case .confirmQuit: say(model.text.plainQuit)
            case .confirmQuitCommand(let name): say(model.text.plainQuitCommand(visible(name)))
            case .none: break
            }
        }
        if model.notice != last.notice, let notice = model.notice {
            say(model.text.note + model.words.colon + visible(notice))
        }
        // The phone's page, where a phone or a tunnel reaches it: once served, and anew after x.
        if model.phone?.url != last.phone?.url, let link = model.phone {
            say(PhoneWords.of(model.language).scan + model.words.colon + link.url)
        }
        return lines
    }

    // MARK: Wording

    private var dash: String { unicode ? " — " : " - " }

    private func heading(_ model: ScreenModel) -> String { visible(WorkoutScreen.title(model)) }

    private func segmentLine(_ model: ScreenModel) -> String {
        // A step counted in reps says its time limit, if it has one, before how to end it.
        let limit = model.repsLimit.map { ", " + model.words.timeLimit + " " + TimeFormat.clock($0) } ?? ""
        // A hold to the limit, or as many as you can, says the record it goes for, if any.
        let record = model.hold?.record.map { model.words.record + " " + TimeFormat.clock($0, roundingUp: false) }
            ?? model.countRecord.map { model.words.record + " " + $0.valueText }
        let hold = model.toLimit || model.asManyAsYouCan == .open
            ? ([record].compactMap { $0 } + [model.text.whenDone]).joined(separator: ", ") : nil
        var parts = [heading(model), model.reps.map { model.words.reps($0) + limit + ", " + model.text.whenDone }
            ?? hold ?? "\(Int((model.segmentLength - 1e-9).rounded(.up))) s"]
        if model.kind == .work, let side = model.side {
            let words = model.words
            parts[1] += ", " + (!model.sidesApart ? words.eachSide : side == 1 ? words.firstSide : words.otherSide)
        }
        if let next = model.upNext {
            parts.append(Self.midSentence(model.words.next) + model.words.colon + visible(next.title))
        }
        return parts.joined(separator: dash)
    }

    /// A word as it reads inside a line: its first letter in lower case, and no other, so German keeps
    /// "als Nächstes".
    static func midSentence(_ word: String) -> String { word.prefix(1).lowercased() + word.dropFirst() }

    /// The line as the locale can show it: outside a UTF-8 locale, ASCII only, its letters spelt as the
    /// language writes them without accents.
    private func text(_ line: String, language: CoachLanguage) -> String {
        guard !unicode else { return line }
        let spelt = Glyphs.ascii.fold(line, language: language)
        return String(String.UnicodeScalarView(spelt.unicodeScalars.map { $0.isASCII ? $0 : "?" }))
    }
}
