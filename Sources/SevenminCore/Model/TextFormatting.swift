// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

extension Double {
    /// The number with exactly `digits` decimals, rounded half away from zero: `0.125.fixed(2)` is `0.13`.
    /// Always with a point, whatever the locale, as `String(format: "%.2f")` in the C locale.
    public func fixed(_ digits: Int) -> String {
        guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let scaled = (abs(self) * scale).rounded()
        guard scaled < 9e18 else { return String(self) }
        let units = UInt64(scaled), whole = units / UInt64(scale), fraction = units % UInt64(scale)
        var text = (self < 0 && units != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let tail = String(fraction)
            text += "." + String(repeating: "0", count: digits - tail.count) + tail
        }
        return text
    }
}

extension StringProtocol {
    /// The text without the spaces, tabs and line ends at its end.
    public var trailingSpaceTrimmed: SubSequence {
        var end = endIndex
        while end > startIndex, let c = self[index(before: end)].unicodeScalars.first,
              c.properties.isWhitespace {
            end = index(before: end)
        }
        return self[startIndex..<end]
    }
}

extension String {
    /// The text cut or filled with spaces to exactly `width` characters, as `padding(toLength:)`.
    public func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
