// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The background each exercise's screen is drawn on at a colour depth, chosen so that two exercises
/// in a row, or an exercise and the rest screen, never look alike once the terminal has rounded their
/// colours to its palette.
public enum ExerciseBackgrounds {
    /// How far apart (OKLab) two neighbouring backgrounds must be to tell apart from across a room.
    static let minimumDistance = 0.08

    /// For each colour in `sequence` (the work segments' colours in order), the background its screen
    /// is shown on: the nearest readable colour, or, when a neighbour or the rest screen already
    /// shows that, the next-nearest that stands apart from them and still meets text contrast.
    /// An exercise keeps one background across rounds.
    public static func assign(_ sequence: [RGB], depth: ColorDepth,
                              rest: RGB = WorkoutScreen.restBackground) -> [RGB: RGB] {
        var neighbours: [RGB: Set<RGB>] = [:]
        for (a, b) in zip(sequence, sequence.dropFirst()) where a != b {
            neighbours[a, default: []].insert(b)
            neighbours[b, default: []].insert(a)
        }
        let restShown = ScreenTheme.readable(on: rest, depth: depth).background
        var chosen: [RGB: RGB] = [:]
        for colour in sequence where chosen[colour] == nil {
            let preferred = ScreenTheme.readable(on: colour, depth: depth).background
            guard depth != .direct, depth != .monochrome else {
                chosen[colour] = preferred
                continue
            }
            let taken = [restShown] + (neighbours[colour] ?? []).compactMap { chosen[$0] }
            let apart = { (c: RGB) in taken.allSatisfy { OKLab(c).distance(to: OKLab($0), hueWeight: 1) >=
                minimumDistance * minimumDistance } }
            chosen[colour] = ([preferred] + candidates(near: colour, depth: depth)).first(where: apart) ?? preferred
        }
        return chosen
    }

    /// The palette's colours that take readable text as they are, nearest to `colour` first; a
    /// coloured input tries colours before greys.
    static func candidates(near colour: RGB, depth: ColorDepth) -> [RGB] {
        let range = depth == .palette256 ? 16..<256 : depth == .basic16 ? 0..<16 : 0..<8
        let lab = OKLab(colour)
        let (light, dark) = ScreenTheme.textColors(depth)
        let readable = range.map { TerminalPalette.xterm256[$0] }.filter {
            max($0.contrast(with: light), $0.contrast(with: dark)) >= ScreenTheme.textContrast
        }
        func rank(_ c: RGB) -> (Int, Double) {
            let p = OKLab(c)
            let greyForColour = lab.chroma > 0.03 && p.chroma < 0.03
            return (greyForColour ? 1 : 0, lab.distance(to: p, hueWeight: 2))
        }
        return readable.sorted { rank($0) < rank($1) }
    }
}
