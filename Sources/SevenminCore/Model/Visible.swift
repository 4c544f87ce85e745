// SPDX-License-Identifier: GPL-3.0-or-later
/// Neutralises characters that could drive the terminal or reorder what it shows, so text from
/// files can never do either: C0 controls become `^X`, DEL `^?`, C1 controls and bidirectional
/// embeddings, overrides and isolates `<U+009B>`-style.
public func visible(_ text: String) -> String {
    // Nothing to change in the usual case; avoid building a new string.
    if !text.unicodeScalars.contains(where: \.isUnsafeForTerminal) { return text }
    var out = String.UnicodeScalarView()
    for s in text.unicodeScalars {
        switch s.value {
        case 0x00..<0x20:
            out.append("^")
            out.append(Unicode.Scalar(UInt8(s.value + 0x40)))
        case 0x7F:
            out.append(contentsOf: "^?".unicodeScalars)
        case _ where s.isUnsafeForTerminal:
            out.append(contentsOf: "<\(s.codePoint)>".unicodeScalars)
        default:
            out.append(s)
        }
    }
    return String(out)
}

extension Unicode.Scalar {
    /// C0, DEL, C1 (whose CSI and OSC start escape sequences) and the bidirectional controls
    /// U+202A–202E and U+2066–2069, which make a terminal show text in another order than it is.
    public var isUnsafeForTerminal: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// `U+00A0`: the character's code point, as Unicode writes it.
    public var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Unicode White_Space, which includes every separator (Zs, Zl, Zp): a name made only of
    /// these looks empty.
    public var isBlank: Bool {
        properties.isWhitespace || [.spaceSeparator, .lineSeparator, .paragraphSeparator]
            .contains(properties.generalCategory)
    }
}
