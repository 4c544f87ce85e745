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
        // Worked out only when a nearest colour is taken, and then once: the sort's keys are a few
        // hundred colour conversions, which a first frame would otherwise wait for.
        var palette: [(rgb: RGB, lab: OKLab)]?
        for colour in sequence where chosen[colour] == nil {
            let preferred = ScreenTheme.readable(on: colour, depth: depth).background
            guard depth != .direct, depth != .monochrome else {
                chosen[colour] = preferred
                continue
            }
            let taken = ([restShown] + (neighbours[colour] ?? []).compactMap { chosen[$0] }).map(OKLab.init)
            let apart = { (c: RGB) in
                let lab = OKLab(c)
                return taken.allSatisfy { lab.distance(to: $0, hueWeight: 1) >= minimumDistance * minimumDistance }
            }
            if apart(preferred) {
                chosen[colour] = preferred
                continue
            }
            let readable = palette ?? readablePalette(depth)
            palette = readable
            chosen[colour] = candidates(near: colour, in: readable).first(where: apart) ?? preferred
        }
        return chosen
    }

    /// The colours of `palette` nearest to `colour` first, each ranked once (the sort is stable); a
    /// coloured input tries colours before greys.
    static func candidates(near colour: RGB, in palette: [(rgb: RGB, lab: OKLab)]) -> [RGB] {
        let lab = OKLab(colour)
        let ranked = palette.map { p in
            (rgb: p.rgb, grey: lab.chroma > 0.03 && p.lab.chroma < 0.03,
             distance: lab.distance(to: p.lab, hueWeight: 2))
        }
        return ranked.sorted { ($0.grey ? 1 : 0, $0.distance) < ($1.grey ? 1 : 0, $1.distance) }.map(\.rgb)
    }

    /// The palette's colours at `depth` that take light or dark text as they are, with their OKLab.
    private static func readablePalette(_ depth: ColorDepth) -> [(rgb: RGB, lab: OKLab)] {
        let range = depth == .palette256 ? 16..<256 : depth == .basic16 ? 0..<16 : 0..<8
        let (light, dark) = ScreenTheme.textColors(depth)
        return range.map { TerminalPalette.xterm256[$0] }.filter {
            max($0.contrast(with: light), $0.contrast(with: dark)) >= ScreenTheme.textContrast
        }.map { (rgb: $0, lab: OKLab($0)) }
    }
}
