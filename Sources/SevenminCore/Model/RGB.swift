// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc   // the math library only

/// A 24-bit sRGB colour.
public struct RGB: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Builds a colour from hue in degrees and saturation and brightness in percent,
    /// the way UIKit's `colorWithHue:saturation:brightness:` does.
    public init(hue: Double, saturation: Double, brightness: Double) {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        let s = saturation / 100, v = brightness / 100
        let sector = Int(h.rounded(.down))
        let f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        func byte(_ x: Double) -> UInt8 { UInt8(max(0, min(255, (x * 255).rounded()))) }
        self.init(byte(r), byte(g), byte(b))
    }

    /// Parses `#RRGGBB`.
    public init?(hex: String) {
        // Exactly six hex digits, read byte by byte: `UInt8(_:radix:)` would take "+1" and "-0" as digit pairs,
        // and the generic code of a scalar view's slices had the runtime look its types up at every start.
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        for k in stride(from: 1, to: 7, by: 2) {
            guard let high = nibble(digits[k]), let low = nibble(digits[k + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes[0], bytes[1], bytes[2])
    }

    public var hex: String {
        func h(_ v: UInt8) -> String { let s = String(v, radix: 16,
            uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + h(r) + h(g) + h(b)
    }

    public var description: String { hex }

    /// Relative luminance as WCAG 2.x defines it (linearised sRGB), 0…1.
    public var luminance: Double {
        let (lr, lg, lb) = linear
        return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
    }

    /// The components as linear light, 0…1 (the sRGB transfer curve undone).
    var linear: (Double, Double, Double) {
        func undo(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return (undo(r), undo(g), undo(b))
    }

    /// The WCAG 2.x contrast ratio between two colours, 1…21.
    public func contrast(with other: RGB) -> Double {
        let a = luminance, b = other.luminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// A blend of this colour toward another, `amount` from 0 (self) to 1 (other).
    public func mixed(with other: RGB, amount: Double) -> RGB {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded()) }
        return RGB(m(r, other.r), m(g, other.g), m(b, other.b))
    }
}
