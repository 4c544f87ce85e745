// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc   // the math library only

/// Chooses the colour a terminal will show for an RGB colour at its colour depth.
public enum TerminalPalette {
    /// xterm's 256-colour palette: 16 system colours, a 6×6×6 cube, and 24 greys.
    public static let xterm256: [RGB] = {
        var list: [RGB] = [
            RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
            RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
            RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
            RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
        ]
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        for r in steps { for g in steps { for b in steps { list.append(RGB(r, g, b)) } } }
        for k in 0..<24 { let v = UInt8(8 + 10 * k); list.append(RGB(v, v, v)) }
        return list
    }()

    private static let lab256 = xterm256.map(OKLab.init)
    /// Their chromas and hues, worked out once: a theme asks for the nearest colour hundreds of times.
    private static let chroma256 = lab256.map(\.chroma)
    private static let hue256 = lab256.map(\.hue)

    /// The colour the terminal shows for `c` at `depth`, assuming xterm's default palette.
    /// Monochrome terminals show their own two colours; the screen draws those as black and white.
    public static func shown(_ c: RGB, depth: ColorDepth) -> RGB {
        switch depth {
        case .direct: return c
        case .monochrome: return OKLab(c).l >= 0.6 ? RGB(255, 255, 255) : RGB(0, 0, 0)
        default: return xterm256[index(c, depth: depth)]
        }
    }

    /// The palette index curses is given for `c` (0…255); for direct colour, `0xRRGGBB`.
    public static func index(_ c: RGB, depth: ColorDepth) -> Int {
        switch depth {
        case .direct: return Int(c.r) << 16 | Int(c.g) << 8 | Int(c.b)
        case .palette256: return nearest256(c)
        case .basic16: return nearest16(c)
        case .basic8, .monochrome: return nearest8(c)
        }
    }

    /// The SGR sequence that sets the background to `c` as the terminal shows it at `depth`, for
    /// output written as text (`list`); empty without colour.
    public static func backgroundSequence(_ c: RGB, depth: ColorDepth) -> String {
        let k = index(c, depth: depth)
        switch depth {
        case .direct: return "\u{1B}[48;2;\(c.r);\(c.g);\(c.b)m"
        case .palette256: return "\u{1B}[48;5;\(k)m"
        case .basic16: return k < 8 ? "\u{1B}[\(40 + k)m" : "\u{1B}[\(100 + k - 8)m"
        case .basic8: return "\u{1B}[\(40 + k)m"
        case .monochrome: return ""
        }
    }

    /// The perceptually nearest (OKLab) of the 240 colours from 16 up (the system 16 vary between
    /// terminals). A coloured input keeps its hue: it never becomes a grey, and it goes to the nearest
    /// colour within 30° of its hue where there is one, which keeps the 21 flat colours apart.
    public static func nearest256(_ c: RGB) -> Int {
        let lab = OKLab(c)
        let chroma = lab.chroma, hue = lab.hue
        let chromatic = chroma > 0.03
        var best = 16, bestDistance = Double.infinity, bestInHue = false
        // The tables once, outside the loop: each use of a static is a check that it is made.
        let lab256 = lab256, chroma256 = chroma256, hue256 = hue256
        for k in 16..<256 {
            if chromatic && chroma256[k] < 0.03 { continue }
            let inHue = !chromatic || OKLab.hueDifference(hue, hue256[k]) <= 30
            let d = lab.distance(to: lab256[k], hueWeight: 1, chromas: (chroma, chroma256[k]))
            if (inHue && !bestInHue) || (inHue == bestInHue && d < bestDistance) {
                best = k; bestDistance = d; bestInHue = inHue
            }
        }
        return best
    }

    /// The nearest of the 16 system colours: the hue of `nearest8`, normal or bright by lightness.
    public static func nearest16(_ c: RGB) -> Int {
        let base = nearest8(c)
        let lab = OKLab(c)
        let choices = base == 0 || base == 7 ? [0, 8, 7, 15] : [base, base + 8]
        return choices.min { lab.distance(to: lab256[$0], hueWeight: 1) < lab.distance(to: lab256[$1], hueWeight: 1) }!
    }

    /// The nearest of the 8 basic colours, for terminals without 256.
    public static func nearest8(_ c: RGB) -> Int {
        // Judge by hue and lightness rather than raw distance, or every flat colour turns grey.
        let r = Double(c.r), g = Double(c.g), b = Double(c.b)
        let maxV = max(r, g, b), minV = min(r, g, b)
        if maxV - minV < 40 { return maxV > 140 ? 7 : 0 }
        let t = (maxV + minV) / 2
        let bits = (r >= t ? 1 : 0) | (g >= t ? 2 : 0) | (b >= t ? 4 : 0)
        return bits == 7 ? 7 : bits
    }
}
