// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import Testing
@testable import SevenminCore
import SevenminSystem

/// Runs `body` with this thread in `name`'s character locale: the process's own is shared by the
/// tests running meanwhile, and glibc's `wcwidth` reads the calling thread's.
func inLocale<T>(_ name: String, _ body: () throws -> T) throws -> T {
    let locale = try #require(newlocale(LC_CTYPE_MASK, name, nil))
    let previous = uselocale(locale)
    defer {
        uselocale(previous)
        freelocale(locale)
    }
    return try body()
}

@Suite("Text widths: glibc's, injected")
struct TextMetricsTests {
    /// Emoji shown as text and as emoji, CJK, kana, Hangul, marks, joiners, selectors, regional
    /// indicators, skin tones, and the symbols the screen draws.
    static let scalars: [UInt32] = [
        0x1F3CB, 0x1F680, 0x26A1, 0x2764, 0x1F44B, 0x1F3FD, 0x1F468, 0x1F469, 0x1F467, 0x1F1E9, 0x1F1EA,
        0x65E5, 0x672C, 0xD55C, 0x1100, 0x1161, 0x3042, 0xFF21, 0xFF71, 0x3000,
        0x0301, 0x20DD, 0x200D, 0x200B, 0xFE0F, 0x00AD,
        0x00E9, 0x00DF, 0x2014, 0x00B7, 0x2588, 0x2026, 0x25B8, 0x2800, 0x28FF,
    ]

    @Test func unicodesWidthsAreGlibcsUnderCUTF8() throws {
        try inLocale("C.UTF-8") {
            for v in Self.scalars {
                let scalar = try #require(Unicode.Scalar(v))
                let glibc = Int(csevenmin_wcwidth(v))
                #expect(TextMetrics.unicode.width(scalar) == glibc, "U+\(String(v, radix: 16, uppercase: true))")
                #expect(TextMetrics.system.width(scalar) == glibc, "U+\(String(v, radix: 16, uppercase: true))")
            }
        }
    }

    /// A cluster takes its base's width: the family is one glyph of two columns where glibc's
    /// `wcswidth` counts six, the waving hand two where it counts four; a flag two, as its `wcswidth`.
    @Test func aClusterTakesItsBasesWidthAndAFlagTwo() throws {
        func wcswidth(_ s: String) -> Int {
            Int(csevenmin_wcswidth(s.unicodeScalars.map(\.value), s.unicodeScalars.count))
        }
        try inLocale("C.UTF-8") {
            let clusters: [(Character, Int)] = [
                ("👨‍👩‍👧", Int(csevenmin_wcwidth(0x1F468))),
                ("👋🏽", Int(csevenmin_wcwidth(0x1F44B))),
                ("🏋️", Int(csevenmin_wcwidth(0x1F3CB))),
                ("🇩🇪", wcswidth("🇩🇪")),
                ("e\u{301}", wcswidth("e\u{301}")),
                ("\u{1100}\u{1161}\u{11A8}", wcswidth("\u{1100}\u{1161}\u{11A8}")),
            ]
            #expect(clusters.map(\.1) == [2, 2, 1, 2, 1, 2])
            #expect(wcswidth("👨‍👩‍👧") == 6 && wcswidth("👋🏽") == 4)
            for (cluster, columns) in clusters {
                #expect(TextMetrics.system.width(cluster) == columns, "\(cluster)")
                #expect(TextMetrics.unicode.width(cluster) == columns, "\(cluster)")
            }
            #expect(TextMetrics.system.width("🚀 Go 日本 👨‍👩‍👧!") == 2 + 4 + 4 + 1 + 2 + 1)
        }
    }

    @Test func inTheCLocaleUnicodesWidthsStandIn() throws {
        try inLocale("C") {
            #expect(csevenmin_wcwidth(0x65E5) == -1)
            #expect(TextMetrics.system.width("日本") == 4 && TextMetrics.system.width("🚀") == 2)
        }
    }

    @Test func theScreenMeasuresWithTheMetricsItIsHanded() {
        // Every character two columns wide: the layout follows the injected widths, not a table of its own.
        let wide = TextMetrics { _ in 2 }
        var grid = CellGrid(width: 6, height: 1, fill: CellStyle(foreground: RGB(0, 0, 0), background: RGB(9, 9, 9)))
        grid.metrics = wide
        #expect(grid.put("éàü", x: 0, y: 0, style: grid[0, 0].style) == 6)
        #expect(grid[1, 0].isContinuation && grid.character(x: 2, y: 0) == "à")
        #expect(WorkoutScreen.fitted("éàüö", 6, ellipsis: "…", metrics: wide) == "éà…")
        #expect(TextWrap.lines("éàü", width: 4, metrics: wide) == ["éà", "ü"])
    }

    /// Families, flags and skin tones are never split or cut: truncation, wrapping and cells take
    /// whole clusters.
    @Test func clustersStayWhole() {
        let family = "👨‍👩‍👧", flag = "🇩🇪", hand = "👋🏽"
        var grid = CellGrid(width: 9, height: 1, fill: CellStyle(foreground: RGB(0, 0, 0), background: RGB(9, 9, 9)))
        #expect(grid.put("a" + family + flag + hand + "b", x: 0, y: 0, style: grid[0, 0].style) == 8)
        #expect(grid.character(x: 1, y: 0) == Character(family) && grid[2, 0].isContinuation)
        #expect(grid.character(x: 3, y: 0) == Character(flag) && grid[4, 0].isContinuation)
        #expect(grid.character(x: 5, y: 0) == Character(hand) && grid[6, 0].isContinuation)
        #expect(grid.character(x: 7, y: 0) == "b")
        #expect(grid.scalars(x: 1, y: 0) == family.unicodeScalars.map(\.value))
        #expect(grid.text == "a" + family + flag + hand + "b ")
        // An emoji selector is dropped, so the terminal and curses agree on one cell.
        grid.put("🏋️x⚡", x: 0, y: 0, style: grid[0, 0].style)
        #expect(grid.scalars(x: 0, y: 0) == [0x1F3CB])
        #expect(grid.character(x: 1, y: 0) == "x" && grid[3, 0].isContinuation)

        let metrics = TextMetrics.unicode
        #expect(WorkoutScreen.fitted(family + family + flag, 5, metrics: metrics) == family + family + "…")
        #expect(WorkoutScreen.fitted(flag + hand + "abc", 4, metrics: metrics) == flag + "…")
        #expect(TextWrap.lines(flag + flag + flag + hand, width: 4, metrics: metrics) == [flag + flag, flag + hand])
        #expect(TextWrap.lines("Wave " + hand + hand + hand, width: 3, metrics: metrics)
            == ["Wav", "e", hand, hand, hand])
    }

    /// The scalars measured and placed one at a time (without grapheme breaking) are each a character of
    /// their own beside any other of them, and shown as they are: so the quick path gives what the
    /// character-by-character one gives, in cells and columns, under a UTF-8 locale and the C locale.
    @Test func scalarsThatStandAloneAreMeasuredAndPlacedAsCharacters() throws {
        let alone = (0..<0x3000).compactMap { UInt32($0) }.filter(TextMetrics.standsAlone)
            .compactMap(Unicode.Scalar.init)
        #expect(alone.count > 700)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: alone)
        let all = String(text)
        #expect(all.count == alone.count)
        #expect(visible(all) == all)
        let style = CellStyle(foreground: RGB(0, 0, 0), background: RGB(9, 9, 9))
        for locale in ["C.UTF-8", "C"] {
            try inLocale(locale) {
                let metrics = TextMetrics.system
                #expect(metrics.width(all) == all.reduce(0) { $0 + metrics.width($1) })
                for asciiOnly in [false, true] {
                    var quick = CellGrid(width: alone.count * 2 + 2, height: 1, fill: style)
                    quick.metrics = metrics
                    quick.asciiOnly = asciiOnly
                    var long = quick
                    let used = quick.put(all, x: 0, y: 0, style: style)
                    // A cluster at the end sends the whole text the long way, character by character.
                    let longUsed = long.put(all + "👋🏽", x: 0, y: 0, style: style)
                    #expect(used > alone.count / 2 && longUsed > used)
                    #expect((0..<used).allSatisfy { quick[$0, 0] == long[$0, 0] })
                }
            }
        }
        // Joined to a mark, a scalar of the quick path is measured as one character with it.
        #expect(TextMetrics.unicode.width("e\u{301}·→") == 3)
    }
}
