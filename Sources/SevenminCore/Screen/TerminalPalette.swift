/// Chooses the nearest colour a terminal can show for an RGB colour.
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

    /// The nearest of the 240 colours from 16 up (the system 16 vary between terminals).
    public static func nearest256(_ c: RGB) -> Int {
        nearest(c, among: 16..<256)
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

    static func nearest(_ c: RGB, among range: Range<Int>) -> Int {
        var best = range.lowerBound, bestDistance = Int.max
        for k in range {
            let p = xterm256[k]
            // Weighted Euclidean distance ("redmean"), a cheap stand-in for perceptual distance.
            let rm = (Int(c.r) + Int(p.r)) / 2
            let dr = Int(c.r) - Int(p.r), dg = Int(c.g) - Int(p.g), db = Int(c.b) - Int(p.b)
            // Parenthesised with care: in Swift `>>` binds tighter than `*`.
            let d = (((512 + rm) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rm) * db * db) >> 8)
            if d < bestDistance { best = k; bestDistance = d }
        }
        return best
    }
}
