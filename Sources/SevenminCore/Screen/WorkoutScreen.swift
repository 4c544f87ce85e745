// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The workout screen as a pure function from a model and a size to a grid of cells.
public enum WorkoutScreen {
    /// The background while resting or getting ready: a near-black that keeps light digits readable
    /// and lets the band in the next exercise's colour stand out.
    public static let restBackground = RGB(38, 40, 44)

    /// The smallest free area (after the title, the next-up line and the bars) that still gets big
    /// digits; below it the countdown is a line of text.
    public static let bigDigitsMinimum = (width: 26, height: 5)

    /// Seconds the second side's start says "Switch sides" in big type.
    static let switchSidesShown = 5.0

    /// Draws one frame. For a run of frames, keep a `ScreenRenderer`, which remembers colours and wrapping.
    public static func render(_ model: ScreenModel, width: Int, height: Int, depth: ColorDepth = .direct,
                              glyphs: Glyphs = .unicode, metrics: TextMetrics = .unicode) -> CellGrid {
        ScreenRenderer(depth: depth, glyphs: glyphs, metrics: metrics).render(model, width: width, height: height)
    }

    /// The screen's background before any contrast adjustment, and the colour of what comes next.
    static func colors(_ model: ScreenModel) -> (background: RGB, accent: RGB?) {
        colors(kind: model.kind, exercise: model.exercise, summary: model.summary != nil)
    }

    /// The same for a segment of `kind` on `exercise` (in a pause, the one to come), or the summary.
    static func colors(kind: SegmentKind, exercise: Exercise,
                       summary: Bool = false) -> (background: RGB, accent: RGB?) {
        if summary { return (FlatColor.green.rgb, nil) }
        return kind == .work ? (exercise.color, nil) : (restBackground, exercise.color)
    }

    static func title(_ model: ScreenModel) -> String {
        model.kind.heading(exercise: model.exercise, round: model.round, words: model.words)
    }

    /// The line under the title: where in the workout this exercise is. Pauses have none.
    static func subtitle(_ model: ScreenModel) -> String {
        switch model.kind {
        case .work:
            let words = model.words
            var s = counter(stage: model.stage, number: model.exerciseNumber, count: model.exerciseCount,
                            round: model.round, rounds: model.rounds, words: words, text: model.text)
            if let side = model.side {
                s += " · " + (side == 1 ? words.firstSide : model.sidesApart ? words.otherSide : words.secondSide)
            }
            return s + (model.heartRest.map { " · " + $0 } ?? "")
        case .rest, .roundRest:
            return model.heartRest ?? ""
        case .getReady, .switchSides:
            return ""
        }
    }

    /// Which exercise of its stage a work segment is: "Exercise 1/12", "Warm-up 1/3". One exercise done in rounds
    /// (Tabata) counts its rounds, as the header does, not "Exercise 1/1".
    static func counter(stage: Stage, number: Int, count: Int, round: Int, rounds: Int, words: ScreenWords,
                        text: ScreenText) -> String {
        let label = stage == .warmup ? words.warmup : stage == .cooldown ? words.cooldown : words.exercise
        return stage == .main && count == 1 && rounds > 1 ? "\(text.round) \(round)/\(rounds)"
            : "\(label) \(number)/\(count)"
    }

    /// What comes after this segment.
    static func nextUp(_ model: ScreenModel) -> String {
        let words = model.words
        // The final rest leads to the finish.
        if model.kind != .work {
            return words.next + words.colon + (model.upNext == nil ? words.finished : model.exercise.title)
        }
        return model.upNext.map { words.next + words.colon + $0.title } ?? words.lastExercise
    }

    /// The description shown under the countdown; during pauses it previews the exercise to come.
    static func description(_ model: ScreenModel) -> String {
        model.kind != .work && model.upNext == nil ? "" : model.exercise.description
    }

    /// Where in the workout we are, for the header: "Round 2/3 · 5/12". A routine whose rounds are
    /// its only steps (Tabata) says "Round 3/8" once.
    static func position(_ model: ScreenModel, separator: String) -> String {
        position(round: model.round, rounds: model.rounds, work: model.workNumber, of: model.workCount,
                 text: model.text, separator: separator)
    }

    /// The same from its numbers: the round of `rounds`, the exercise `work` of `of`.
    static func position(round: Int, rounds: Int, work: Int, of count: Int, text: ScreenText,
                         separator: String) -> String {
        let said = rounds > 1 ? "\(text.round) \(round)/\(rounds)" : ""
        if rounds > 1 && count == rounds { return said }
        let step = "\(work)/\(count)"
        return said.isEmpty ? step : said + separator + step
    }

    /// The help panel: each key of `KeyBindings.summary` with what it does, in the workout's language.
    /// The keys make one column, two spaces wider than the widest (German's "Leertaste"), so that
    /// every action starts in the same column after the same gap. With the phone's page (its `phone`
    /// words), `x` last.
    static func helpLines(_ text: ScreenText, phone: PhoneWords? = nil) -> [String] {
        let keys = KeyBindings.summary.map { $0.keys == "space" ? text.space : $0.keys }
            + (phone == nil ? [] : [KeyBindings.phoneDrop.keys])
        let column = (keys.map(\.count).max() ?? 0) + 2
        return [text.keys, ""] + zip(keys, text.keyActions + (phone.map { [$0.dropKey] } ?? [])).map {
            $0.padded(to: column) + $1
        }
    }

    /// The quit prompt; where its box does not fit, the frame shows the compact or the tiny one.
    static func quitLines(_ text: ScreenText) -> [String] { [text.quitQuestion, "", text.quitKeys] }

    /// `during`'s quit prompt while its command runs: each answer on a line of its own, stopping both first.
    static func quitLines(_ text: ScreenText, command: String) -> [String] {
        [text.quitQuestion, ""] + text.quitCommandKeys(command)
    }

    /// `text` cut to `width` columns, ending in `ellipsis` when cut; characters are kept whole.
    static func fitted(_ text: String, _ width: Int, ellipsis: String = "…", metrics: TextMetrics) -> String {
        guard metrics.width(text) > width else { return text }
        let mark = metrics.width(ellipsis)
        guard width > mark else { return String(repeating: ".", count: max(0, width)) }
        var out = ""
        var used = 0
        for ch in visible(text) {
            let w = metrics.width(ch)
            if used + w > width - mark { break }
            out.append(ch)
            used += w
        }
        return out + ellipsis
    }
}
