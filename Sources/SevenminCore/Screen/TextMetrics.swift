// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// How many terminal columns text takes. The core never asks the process's locale: the program
/// hands in the C library's widths under the user's locale (`SystemTextMetrics`, which is what
/// curses and the terminal go by), and tests hand in `unicode`, Unicode's own widths.
///
/// A character here is an extended grapheme cluster, kept whole: it takes the width of its base
/// scalar, which marks, skin tones and the rest of a ZWJ sequence join, and a flag (two regional
/// indicators) takes two columns, as terminals that draw flags draw them.
public struct TextMetrics: Sendable {
    /// The columns of one scalar, or -1 where the source cannot say (the C locale beyond ASCII, a
    /// scalar it does not know), where Unicode's own width stands in.
    private let scalarColumns: @Sendable (UInt32) -> Int

    public init(scalarColumns: @escaping @Sendable (UInt32) -> Int) {
        self.scalarColumns = scalarColumns
    }

    /// Unicode's widths alone (East Asian Wide and Fullwidth, and emoji presented as emoji, take two
    /// columns; marks and format characters none), as glibc's `wcwidth` gives them under `C.UTF-8`.
    public static let unicode = TextMetrics { _ in -1 }

    /// Columns `text` takes once made visible (`visible`), a cluster at a time.
    public func width(_ text: some StringProtocol) -> Int {
        // Printable ASCII, the common case, needs no grapheme or width work.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        // Text whose every scalar is a character of its own (the status line's separators and arrows,
        // accented Latin letters) needs no grapheme breaking either: scalar by scalar gives the same.
        var columns = 0
        for scalar in text.unicodeScalars {
            guard TextMetrics.standsAlone(scalar.value) else {
                return visible(String(text)).reduce(0) { $0 + width($1) }
            }
            columns += width(scalar)
        }
        return columns
    }

    /// Whether a scalar is always a character of its own and shown as it is: printable ASCII, Latin-1's
    /// and Latin Extended's letters and signs (below the combining marks at U+0300), General
    /// Punctuation's dashes, quotes, bullets and ellipsis, arrows and block elements. None joins a
    /// neighbour into one grapheme cluster, and none is changed by `visible`.
    static func standsAlone(_ v: UInt32) -> Bool {
        (0x20..<0x7F).contains(v) || (0xA0..<0x300).contains(v) || (0x2010...0x2027).contains(v)
            || (0x2190...0x21FF).contains(v) || (0x2580...0x259F).contains(v)
    }

    /// Columns one character (an extended grapheme cluster) takes.
    public func width(_ ch: Character) -> Int {
        let scalars = ch.unicodeScalars
        guard let base = scalars.first else { return 0 }
        if TextMetrics.regionalIndicators.contains(base.value), scalars.count > 1 { return 2 }
        return width(base)
    }

    /// Columns one scalar takes on its own: 0, 1 or 2.
    public func width(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return 1 }   // the common case, without a call
        let said = scalarColumns(v)
        if said >= 0 { return min(2, said) }
        return TextMetrics.unicodeWidth(scalar)
    }

    /// The width Unicode gives `scalar`, as glibc's tables do.
    static func unicodeWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0xAD { return 1 }   // the soft hyphen shows, as a hyphen
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(v) { return 0 }   // Hangul vowels and finals join the initial
        // Regional indicators are emoji, but narrow alone; a pair is a flag (`width(_: Character)`).
        if regionalIndicators.contains(v) { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(v) } ? 2 : 1
    }

    static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

    /// East Asian Wide and Fullwidth scalars that are not emoji (those are `isEmojiPresentation`).
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
