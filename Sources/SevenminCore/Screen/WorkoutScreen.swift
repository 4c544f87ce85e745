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
        if model.summary != nil { return (FlatColor.green.rgb, nil) }
        return model.kind == .work ? (model.exercise.color, nil) : (restBackground, model.exercise.color)
    }

    static func title(_ model: ScreenModel) -> String {
        model.kind.heading(exercise: model.exercise, round: model.round, words: model.words)
    }

    /// The line under the title: where in the workout this exercise is. Pauses have none.
    static func subtitle(_ model: ScreenModel) -> String {
        switch model.kind {
        case .work:
            let words = model.words
            let label = model.stage == .warmup ? words.warmup
                : model.stage == .cooldown ? words.cooldown : words.exercise
            // One exercise done in rounds (Tabata) counts its rounds, as the header does, not "Exercise 1/1".
            let single = model.stage == .main && model.exerciseCount == 1 && model.rounds > 1
            var s = single ? "\(model.text.round) \(model.round)/\(model.rounds)"
                : "\(label) \(model.exerciseNumber)/\(model.exerciseCount)"
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
        let round = model.rounds > 1 ? "\(model.text.round) \(model.round)/\(model.rounds)" : ""
        if model.rounds > 1 && model.workCount == model.rounds { return round }
        let step = "\(model.workNumber)/\(model.workCount)"
        return round.isEmpty ? step : round + separator + step
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
