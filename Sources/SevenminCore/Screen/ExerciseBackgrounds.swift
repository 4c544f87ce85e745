// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The background each exercise's screen is drawn on at a colour depth, chosen so that no two exercises
/// of a routine, nor an exercise and the rest screen, look alike once the terminal has rounded their
/// colours to its palette.
public enum ExerciseBackgrounds {
    /// How far apart (OKLab ΔE) two backgrounds must be to tell apart from across a room.
    static let minimumDistance = 0.08

    /// For each colour in `sequence` (the work segments' colours in order), the background its screen
    /// is shown on: the nearest readable colour, or, when another exercise of the routine or the rest
    /// screen already shows one like it, the next-nearest that stands apart from all of them and still
    /// meets text contrast. With 8 or 16 colours, too few for that, it stands apart from its
    /// neighbours and the rest. An exercise keeps one background across rounds.
    public static func assign(_ sequence: [RGB], depth: ColorDepth,
                              rest: RGB = WorkoutScreen.restBackground) -> [RGB: RGB] {
        var neighbours: [RGB: Set<RGB>] = [:]
        for (a, b) in zip(sequence, sequence.dropFirst()) where a != b {
            neighbours[a, default: []].insert(b)
            neighbours[b, default: []].insert(a)
        }
        let restShown = OKLab(ScreenTheme.readable(on: rest, depth: depth).background)
        var chosen: [RGB: RGB] = [:]
        var shown: [OKLab] = []
        // Worked out only when a nearest colour is taken, and then once: the sort's keys are a few
        // hundred colour conversions, which a first frame would otherwise wait for.
        var palette: [(rgb: RGB, lab: OKLab)]?
        for colour in sequence where chosen[colour] == nil {
            let preferred = ScreenTheme.readable(on: colour, depth: depth).background
            guard depth != .monochrome else {
                chosen[colour] = preferred
                continue
            }
            let near = [restShown] + (neighbours[colour] ?? []).compactMap { chosen[$0] }.map(OKLab.init)
            // Sixteen colours or fewer cannot hold a routine's dozen apart without giving a blue a grey.
            let all = depth == .basic16 || depth == .basic8 ? near : [restShown] + shown
            func apart(from taken: [OKLab]) -> (RGB) -> Bool {
                { c in
                    let lab = OKLab(c)
                    return taken.allSatisfy { lab.distance(to: $0, hueWeight: 1) >= minimumDistance * minimumDistance }
                }
            }
            if apart(from: all)(preferred) {
                chosen[colour] = preferred
            } else {
                let readable = palette ?? readablePalette(depth)
                palette = readable
                let ranked = candidates(near: colour, in: readable)
                chosen[colour] = ranked.first(where: apart(from: all))
                    ?? ([preferred] + ranked).first(where: apart(from: near)) ?? preferred
            }
            shown.append(OKLab(chosen[colour]!))
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
        // In 24-bit colour any colour can be shown; the 256 palette's are plenty to choose among.
        let range = depth == .palette256 || depth == .direct ? 16..<256 : depth == .basic16 ? 0..<16 : 0..<8
        let (light, dark) = ScreenTheme.textColors(depth)
        return range.map { TerminalPalette.xterm256[$0] }.filter {
            max($0.contrast(with: light), $0.contrast(with: dark)) >= ScreenTheme.textContrast
        }.map { (rgb: $0, lab: OKLab($0)) }
    }
}
