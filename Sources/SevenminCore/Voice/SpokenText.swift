// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What text may reach a speech engine: bounded in length and in characters. espeak-ng has crashed
/// on three characters (`>-ـ` in Hindi, Marathi and Malayalam), and renders a long text whole, up
/// front, into memory; so the coach says at most `maximumCharacters`, cut at a word, of letters,
/// marks, digits, spaces and sentence punctuation. Everything else (symbols, controls, the Arabic
/// tatweel, which only stretches a written word) is left out, as it is not spoken anyway.
public enum SpokenText {
    /// About 20 seconds of speech at the default rate: longer than any segment's opening words.
    public static let maximumCharacters = 300

    private static let punctuation: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", "'", "-", "(", ")", "\u{2019}"]

    public static func bounded(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var count = 0, space = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                space = true
                continue
            }
            guard isSpoken(scalar) else { continue }
            if space, count > 0 {
                out.append(" ")
                count += 1
            }
            space = false
            out.append(scalar)
            count += 1
            if count > maximumCharacters { break }
        }
        guard count > maximumCharacters else { return String(out) }
        // Too long: cut at the last word that fits whole.
        let head = out.prefix(maximumCharacters)
        return String(String.UnicodeScalarView(head.lastIndex(of: " ").map { head[..<$0] } ?? head))
    }

    static func isSpoken(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\u{0640}" { return false }  // tatweel
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return punctuation.contains(scalar)
        }
    }
}
