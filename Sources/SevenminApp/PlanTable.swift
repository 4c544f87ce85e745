// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminTerminal

/// `sevenmin list`: the routine as a table, with colour swatches on a terminal.
enum PlanTable {
    static func render(_ plan: Plan, depth: ColorDepth, metrics: TextMetrics, seed: UInt64? = nil) -> String {
        let routine = plan.routine
        var out = visible(routine.name) + "\n"
        if !routine.description.isEmpty { out += visible(routine.description) + "\n" }
        out += "\n"
        let everything = routine.warmup + routine.exercises + routine.cooldown
        let titleWidth = max(8, everything.map { metrics.width(visible($0.title)) }.max() ?? 8)
        let numbered = routine.warmup.enumerated().map { ("w\($0.offset + 1)", $0.element) }
            + routine.exercises.enumerated().map { (String($0.offset + 1), $0.element) }
            + routine.cooldown.enumerated().map { ("c\($0.offset + 1)", $0.element) }
        let numberWidth = max(4, numbered.map(\.0.count).max() ?? 4)
        let header = "Exercise" + String(repeating: " ", count: titleWidth - 8)
        // A routine that places its rests by hand (as imported ones do) shows the rest after each exercise.
        let ownRests = everything.contains { $0.rest != nil }
        let restsAfter = restsAfterEach(routine)
        // Counted in reps: how many, with any limit on their time.
        // Held to the limit: "limit", with any cap. As many as you can: "max", in any time of its own.
        let works = numbered.map { _, e in
            e.reps.map { "\($0) reps" + (e.repsLimit.map { " ≤" + seconds($0) } ?? "") + " " }
                ?? e.asManyAsYouCan.map { "max" + ($0 == .timed ? " in " + seconds(e.work) : "") + " " }
                ?? (e.toLimit ? "limit" + (e.repsLimit.map { " ≤" + seconds($0) } ?? "") + " " : nil)
                ?? seconds(e.work) + (e.sides == 2 ? "*" : " ")
        }
        let workWidth = max(7, 1 + (works.map { metrics.width($0) }.max() ?? 0))
        out += pad("#", numberWidth) + "  " + header + pad("Work", workWidth) + (ownRests ? "   Rest" : "")
            + "  Colour\n"
        for (k, (number, e)) in numbered.enumerated() {
            let title = visible(e.title)
            let work = works[k]
            let rest = ownRests ? pad(restsAfter[k].map { seconds($0) } ?? "-", 7) : ""
            let swatch = depth == .monochrome ? ""
                : TerminalPalette.backgroundSequence(e.color, depth: depth) + "  \u{1B}[0m "
            let gap = String(repeating: " ", count: max(0, titleWidth - metrics.width(title)))
            out += pad(number, numberWidth) + "  " + title + gap + pad(work, workWidth) + rest + "  " + swatch
                + visible(e.colorName) + "\n"
        }
        if let sided = everything.first(where: { $0.sides == 2 }) {
            // The pause between sides, where every exercise done on each side has the same one.
            let pauses = Set(everything.filter { $0.sides == 2 }.map { routine.switchRest(of: $0) })
            let pause = routine.switchRest(of: sided)
            let how = pauses.count > 1 ? "with a pause to switch sides between"
                : pause > 0 ? "with \(seconds(pause)) to switch sides between" : "switching at half time"
            out += "\n  * done on each side, half the work on each, " + how + "\n"
        }
        if everything.contains(where: { $0.reps != nil }) {
            out += (everything.contains { $0.sides == 2 } ? "" : "\n")
                + "  reps: counted up, ended with Enter or n when done (≤: or when that time is up)\n"
        }
        if everything.contains(where: \.toLimit) {
            out += (everything.contains { $0.sides == 2 || $0.reps != nil } ? "" : "\n")
                + "  limit: held as long as you can, counted up, ended with Enter or n (≤: or then); a record\n"
        }
        if everything.contains(where: { $0.asManyAsYouCan != nil }) {
            out += (everything.contains { $0.sides == 2 || $0.reps != nil || $0.toLimit } ? "" : "\n")
                + "  max: as many as you can, the count asked at its end (in: counted down); a record\n"
        }
        if !routine.warmup.isEmpty || !routine.cooldown.isEmpty {
            out += "  w: warm-up, once before the first round; c: cool-down, once after the last\n"
        }
        out += "\n"
        var facts = ["get ready \(seconds(routine.getReady))",
                     ownRests ? "rest as listed, after each exercise"
                         : "rest \(seconds(routine.rest)) between exercises"]
        facts.append(plan.rounds == 1 ? "1 round"
            : "\(plan.rounds) rounds, \(seconds(routine.roundRest)) between rounds")
        if routine.finalRest > 0 { facts.append("rest \(seconds(routine.finalRest)) at the end") }
        out += facts.joined(separator: " · ") + "\n"
        let open = plan.openSteps == 0 ? "" : "; \(plan.openSteps) "
            + (plan.segments.contains { $0.toLimit || $0.asManyAsYouCan != nil } ? "counted up" : "counted in reps")
            + ", as long as "
            + (plan.openSteps == 1 ? "it takes" : "they take")
        let periods = plan.workSegmentCount == 1 ? "1 exercise period" : "\(plan.workSegmentCount) exercise periods"
        out += "Total: \(plan.totalTime) (\(periods)\(open))\n"
        if let seed { out += "Shuffled with seed \(seed); repeat it with --seed \(seed)\n" }
        return Glyphs.forLocale(utf8: localeCharsetIsUTF8()).fold(out)
    }

    /// The rest after each exercise of warm-up, circuit and cool-down, in that order; nil where
    /// none follows (the last of all, and the circuit's last when a round rest or nothing does).
    static func restsAfterEach(_ routine: Routine) -> [Double?] {
        func after(_ list: [Exercise], last: Bool) -> [Double?] {
            list.indices.map { k in k + 1 < list.count || last ? routine.rest(after: list[k]) : nil }
        }
        return after(routine.warmup, last: true) + after(routine.exercises, last: !routine.cooldown.isEmpty)
            + after(routine.cooldown, last: false)
    }

    /// `text` (ours: numbers and ASCII) right-aligned in `width` columns; never negative padding, however
    /// long the text.
    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s))s" : s.fixed(1) + "s"
    }
}
