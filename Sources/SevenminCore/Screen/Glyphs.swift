// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The characters the screen is drawn with: Unicode where the locale's charset is UTF-8, ASCII otherwise.
public struct Glyphs: Equatable, Sendable {
    public var full: Unicode.Scalar
    /// Upper and lower half blocks; nil where the charset has none, and digits grow in whole cells.
    public var upperHalf: Unicode.Scalar?
    public var lowerHalf: Unicode.Scalar?
    /// The sixteen quarter blocks, indexed by their quarters (1 top left, 2 top right, 4 bottom left,
    /// 8 bottom right); nil where the charset has none, and big type is never set smaller than half blocks.
    public var quarters: [Unicode.Scalar]?
    /// What big type on hold is drawn with: one stripe a cell.
    public var stripe: Unicode.Scalar
    public var barFilled: Unicode.Scalar
    public var barEmpty: Unicode.Scalar
    public var separator: String
    public var play: String
    public var pause: String
    public var ellipsis: String
    public var done: Unicode.Scalar
    /// A work segment skipped before it ran half its time.
    public var skipped: Unicode.Scalar
    public var current: Unicode.Scalar
    public var toCome: Unicode.Scalar
    /// Box corners (top left, top right, bottom left, bottom right), horizontal and vertical.
    public var box: (tl: String, tr: String, bl: String, br: String, h: Unicode.Scalar, v: String)
    /// Whether text may keep characters outside ASCII; if not, they are drawn as `?`.
    public var unicodeText: Bool

    public static let unicode = Glyphs(
        full: "█", upperHalf: "▀", lowerHalf: "▄",
        quarters: [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"],
        stripe: "▀", barFilled: "█", barEmpty: "░", separator: " · ",
        play: "▶ ", pause: "❚❚", ellipsis: "…", done: "✓", skipped: "–", current: "▶", toCome: " ",
        box: ("┌", "┐", "└", "┘", "─", "│"), unicodeText: true)

    public static let ascii = Glyphs(
        full: "#", upperHalf: nil, lowerHalf: nil, quarters: nil, stripe: "=", barFilled: "#", barEmpty: "-",
        separator: " - ", play: "> ",
        pause: "||", ellipsis: "...", done: "x", skipped: "-", current: ">", toCome: " ",
        box: ("+", "+", "+", "+", "-", "|"), unicodeText: false)

    /// The block for a cell of big type whose `quarters` are set (as `quarters` indexes them): the
    /// quarter block itself, or else the half or full block for its upper and lower halves.
    func block(_ quarters: Int) -> Unicode.Scalar? {
        guard quarters != 0 else { return nil }
        if let set = self.quarters { return set[quarters] }
        let upper = quarters & 3 != 0, lower = quarters & 12 != 0
        return upper && lower ? full : upper ? upperHalf ?? full : lowerHalf ?? full
    }

    /// The set for a locale: `utf8` is whether its charset is UTF-8 (`nl_langinfo(CODESET)`).
    public static func forLocale(utf8: Bool) -> Glyphs { utf8 ? .unicode : .ascii }

    /// `text`, our own wording, with its few non-ASCII signs spelt in ASCII when the charset has no
    /// Unicode: what `list`, `help` and the line after a workout print follows the screen's rule.
    public func fold(_ text: String) -> String {
        guard !unicodeText, !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var out = text
        let spellings = [("·", "-"), ("→", "->"), ("←", "<-"), ("…", "..."), ("—", "-"), ("–", "-"), ("×", "x")]
        for (sign, spelt) in spellings {
            out = out.replacing(sign, with: spelt)
        }
        return out
    }

    public static func == (a: Glyphs, b: Glyphs) -> Bool { a.unicodeText == b.unicodeText && a.full == b.full }
}
