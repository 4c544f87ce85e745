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
        quarters: [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛",
                   "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"],
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
    /// Unicode, and its letters as `language` writes them without accents (`spelt`): what `list`,
    /// `help` and the line after a workout print follows the screen's rule.
    public func fold(_ text: String, language: CoachLanguage = .en) -> String {
        guard !unicodeText, !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var out = text
        let spellings = [("·", "-"), ("→", "->"), ("←", "<-"), ("…", "..."),
                         ("—", "-"), ("–", "-"), ("×", "x")]
        for (sign, spelt) in spellings {
            out = out.replacing(sign, with: spelt)
        }
        return spelt(out, language: language)
    }

    /// `text` with its letters in ASCII where the charset has no Unicode, as `language` writes them
    /// without accents: German's umlauts as "ue" ("Uebung", "UEBUNG") and "ß" as "ss", any other
    /// language's accents left off ("Termine", "Ano"), Spanish's opening "¿" and "¡" dropped, and
    /// typographic quotes and spaces as plain ones. What has no spelling is left, for the grid's "?".
    public func spelt(_ text: String, language: CoachLanguage) -> String {
        guard !unicodeText, !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (k, scalar) in scalars.enumerated() {
            guard !scalar.isASCII else { out.append(scalar); continue }
            let next = k + 1 < scalars.count ? scalars[k + 1] : nil
            let word = Glyphs.asciiSpelling(scalar, language: language,
                                            capitals: next?.properties.isUppercase ?? false)
            out.append(contentsOf: (word ?? String(scalar)).unicodeScalars)
        }
        return String(out)
    }

    /// One scalar's ASCII spelling in `language`, nil where it has none; `capitals` is whether the
    /// letter after it is a capital, so that German "Ü" is "UE" in "ÜBUNG" and "Ue" in "Übung".
    static func asciiSpelling(_ scalar: Unicode.Scalar, language: CoachLanguage, capitals: Bool) -> String? {
        let v = scalar.value
        if language == .de, let umlaut = germanSpellings[v] { return capitals ? umlaut.uppercased() : umlaut }
        switch v {
        case 0xC0...0xFF: return latin1[Int(v - 0xC0)]
        case 0x100...0x17F: return latinExtendedA[Int(v - 0x100)]
        case 0xA0, 0x2007, 0x2009, 0x202F: return " "   // no-break and thin spaces
        case 0xA1, 0xBF: return ""                      // Spanish's opening ¡ and ¿
        case 0x2018, 0x2019, 0x201A: return "'"
        case 0x201C, 0x201D, 0x201E, 0xAB, 0xBB: return "\""
        case 0x1E9E: return "SS"
        default: return nil
        }
    }

    /// German without umlauts writes the "e" they stand for.
    static let germanSpellings: [UInt32: String] = [
        0xC4: "Ae", 0xD6: "Oe", 0xDC: "Ue", 0xE4: "ae", 0xF6: "oe", 0xFC: "ue",
    ]

    /// U+00C0–U+00FF, À to ÿ, without their accents.
    static let latin1: [String] = [
        "A", "A", "A", "A", "A", "A", "AE", "C", "E", "E", "E", "E", "I", "I", "I", "I",
        "D", "N", "O", "O", "O", "O", "O", "x", "O", "U", "U", "U", "U", "Y", "Th", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "/", "o", "u", "u", "u", "u", "y", "th", "y",
    ]

    /// U+0100–U+017F, Latin Extended-A (Ā to ſ), without their accents.
    static let latinExtendedA: [String] = Array("AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIi").map(String.init)
        + ["IJ", "ij"] + Array("JjKkkLlLlLlLlLlNnNnNn").map(String.init) + ["'n"]
        + Array("NnOoOoOo").map(String.init) + ["OE", "oe"]
        + Array("RrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs").map(String.init)

    public static func == (a: Glyphs, b: Glyphs) -> Bool { a.unicodeText == b.unicodeText && a.full == b.full }
}
