// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Text written for troff's man macros: escaped so that groff warns about nothing, in ASCII or UTF-8.
enum Roff {
    /// Characters our texts use, by the glyph names every groff device knows.
    static let glyphs: [Character: String] = [
        "—": "\\(em", "–": "\\(en", "…": "...", "→": "\\(->", "←": "\\(<-", "·": "\\(md", "×": "\\(mu",
        "−": "\\-", "’": "'", "‘": "`", "“": "\\(lq", "”": "\\(rq", "≤": "\\(<=", "≥": "\\(>=",
    ]

    /// Prose: backslashes and non-ASCII escaped; a line cannot start a request.
    static func text(_ s: String) -> String {
        var out = ""
        for ch in s {
            if ch == "\\" { out += "\\e" } else if let glyph = glyphs[ch] { out += glyph } else if ch.isASCII {
                out.append(ch)
            } else {
                out += ch.unicodeScalars.map { "\\[u" + hex($0.value) + "]" }.joined()
            }
        }
        return guardLine(out)
    }

    /// A literal word, such as an option or a key: hyphens are minus signs, so it can be copied and typed.
    static func literal(_ s: String) -> String {
        guardLine(s.split(separator: "-", omittingEmptySubsequences: false).map { text(String($0)) }
            .joined(separator: "\\-"))
    }

    /// Prose in which `code` spans become bold literals.
    static func inline(_ s: String) -> String {
        let parts = s.split(separator: "`", omittingEmptySubsequences: false)
        return guardLine(parts.enumerated().map { k, part in
            k % 2 == 1 ? "\\fB" + literal(String(part)) + "\\fR" : text(String(part))
        }.joined())
    }

    /// `\&` before a leading `.` or `'`, which troff would take for a request.
    static func guardLine(_ s: String) -> String {
        s.hasPrefix(".") || s.hasPrefix("'") ? "\\&" + s : s
    }

    /// An option as the manual shows it: `\fB\-\-rounds\fR \fIn\fR`.
    static func option(_ o: OptionSpec) -> String {
        "\\fB\\-\\-" + literal(o.long) + "\\fR" + (o.value.map { " \\fI" + literal($0) + "\\fR" } ?? "")
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
