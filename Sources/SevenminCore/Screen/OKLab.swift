// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc   // the math library only

/// A colour in Björn Ottosson's OKLab space, where distances follow what the eye sees.
struct OKLab: Equatable {
    var l: Double, a: Double, b: Double

    init(_ c: RGB) {
        let (r, g, bl) = c.linear
        let l1 = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let m1 = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let s1 = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        l = 0.2104542553 * l1 + 0.7936177850 * m1 - 0.0040720468 * s1
        a = 1.9779984951 * l1 - 2.4285922050 * m1 + 0.4505937099 * s1
        b = 0.0259040371 * l1 + 0.7827717662 * m1 - 0.8086757660 * s1
    }

    var chroma: Double { (a * a + b * b).squareRoot() }

    /// The hue, as an angle in radians.
    var hue: Double { atan2(b, a) }

    /// The angle between two hues (`hue`), in degrees, 0…180.
    static func hueDifference(_ h1: Double, _ h2: Double) -> Double {
        let d = abs(h1 - h2) * 180 / Double.pi
        return d > 180 ? 360 - d : d
    }

    /// Squared distance, with the hue part (what is left of Δa, Δb once chroma is taken out) weighted.
    func distance(to o: OKLab, hueWeight: Double) -> Double {
        distance(to: o, hueWeight: hueWeight, chromas: (chroma, o.chroma))
    }

    /// The same, with both chromas already worked out.
    func distance(to o: OKLab, hueWeight: Double, chromas: (Double, Double)) -> Double {
        let dl = l - o.l, dc = chromas.0 - chromas.1
        let dab = (a - o.a) * (a - o.a) + (b - o.b) * (b - o.b)
        let dh2 = max(0, dab - dc * dc)
        return dl * dl + dc * dc + hueWeight * dh2
    }
}
