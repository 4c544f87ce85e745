// SPDX-License-Identifier: GPL-3.0-or-later
extension ScreenModel {
    /// A hold's record and ghost, as the screen shows them under its time.
    public struct Hold: Equatable, Sendable {
        /// The move's record in seconds; nil before it has one.
        public var record: Double?
        /// With `--ghost`, the ghost's time: the record bettered by the margin.
        public var ghost: Double?
        public var ghostPassed = false

        public init(record: Double?, ghost: Double? = nil, ghostPassed: Bool = false) {
            self.record = record
            self.ghost = ghost
            self.ghostPassed = ghostPassed
        }
    }
}

/// The bar under a hold's time: it fills toward the record, or with a ghost toward the ghost's time, whose
/// marker moves along it and reaches its end as the ghost's hold ends.
public enum HoldBar {
    /// The most cells the bar takes, and the fewest worth drawing.
    public static let widest = 24, narrowest = 6

    /// At `counted` seconds into the hold, how many of `width` cells are filled, and the ghost's cell (the
    /// last once its hold is over); nil without a record to fill toward.
    public static func cells(counted: Double, hold: ScreenModel.Hold, width: Int) -> (filled: Int, ghost: Int?)? {
        guard let end = hold.ghost ?? hold.record, end > 0, width > 1 else { return nil }
        let fraction = min(1, max(0, counted / end))
        let filled = Int((fraction * Double(width)).rounded(.down))
        return (filled, hold.ghost.map { _ in Int((fraction * Double(width - 1)).rounded(.down)) })
    }

    /// The bar as text of `glyphs`: filled cells, empty ones, and the ghost's marker over either.
    public static func text(counted: Double, hold: ScreenModel.Hold, width: Int, glyphs: Glyphs) -> String? {
        guard let (filled, ghost) = cells(counted: counted, hold: hold, width: width) else { return nil }
        var cells = Array(repeating: Character(glyphs.barFilled), count: filled)
            + Array(repeating: Character(glyphs.barEmpty), count: width - filled)
        if let ghost { cells[ghost] = Character(glyphs.box.v) }
        return String(cells)
    }
}

extension WorkoutFrame {
    /// Under a hold's time, once the move has a record: "record 0:40" and the bar toward it, then the ghost
    /// passed; nil without a record (the line of a step counted in reps stands in).
    func holdLine(width: Int) -> String? {
        guard let hold = model.hold, let record = hold.record else { return nil }
        let words = say(model.words.record + " " + TimeFormat.clock(record, roundingUp: false))
        let passed = hold.ghostPassed ? say(glyphs.separator + model.words.ghostPassed) : ""
        let room = min(HoldBar.widest, width - measure(words + passed) - 2)
        guard room >= HoldBar.narrowest,
              let bar = HoldBar.text(counted: model.counted, hold: hold, width: room, glyphs: glyphs) else {
            return words + passed
        }
        return words + "  " + bar + passed
    }
}
