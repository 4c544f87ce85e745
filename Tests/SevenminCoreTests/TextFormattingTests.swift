// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SevenminCore

/// Numbers and paths written without Foundation's formatters, as the old ones wrote them.
@Suite("Text formatting")
struct TextFormattingTests {
    @Test(arguments: [(0.125, 2, "0.13"), (29.5, 3, "29.500"), (-1.25, 1, "-1.3"), (-0.0004, 3, "0.000"),
                      (7, 0, "7"), (0.05, 1, "0.1"), (123456.789, 2, "123456.79"), (1e-9, 3, "0.000")])
    func fixedDecimalsRoundHalfAwayFromZero(value: Double, digits: Int, text: String) {
        #expect(value.fixed(digits) == text)
    }

    @Test func nonFiniteNumbersAreSpeltOut() {
        #expect(Double.nan.fixed(2) == "nan" && Double.infinity.fixed(1) == "inf")
        #expect((-Double.infinity).fixed(1) == "-inf")
    }

    @Test(arguments: [("/a/b/c", "/a/b"), ("/c", "/"), ("c", "."), ("/a/b/", "/a"), ("/", "/")])
    func theFolderOfAPath(path: String, folder: String) {
        #expect(PathText.folder(of: path) == folder)
    }

    @Test(arguments: [("r.json", "/home/u/r.json"), ("./w/../r.json", "/home/u/r.json"), ("../r.json", "/home/r.json"),
                      ("/a//b/./c.json", "/a/b/c.json"), ("/../../c.json", "/c.json"), ("w/", "/home/u/w"),
                      ("/", "/"), ("a/b/../../..", "/home")])
    func aPathMadeAbsoluteAsURLStandardizesIt(path: String, absolute: String) {
        #expect(PathText.absolute(path, from: "/home/u") == absolute)
    }

    @Test(arguments: [("/a/cue.WAV", "WAV"), ("x.tar.gz", "gz"), ("/a.b/file", ""), (".hidden", ""), ("", "")])
    func theExtensionOfAPath(path: String, ext: String) {
        #expect(PathText.extension(of: path) == ext)
    }

    @Test func trailingSpaceIsTrimmedAndPaddingFillsOrCuts() {
        #expect("ab \t\n".trailingSpaceTrimmed == "ab" && "  ".trailingSpaceTrimmed == "")
        #expect("ab".padded(to: 4) == "ab  " && "abcdef".padded(to: 3) == "abc")
    }
}

@Suite("Tables fitted to the terminal")
struct TextTableTests {
    let rows = [["NAME", "TITLE", "EXERCISES", "FILE"],
                ["classic", "Classic 7-Minute Workout", "12", "/usr/local/share/sevenmin/Workouts/classic.json"],
                ["tabata", "Tabata", "8", "/usr/local/share/sevenmin/Workouts/tabata.json"]]

    /// `routines` wrapped every row at 80 columns: the titles, then the paths (from their left, keeping
    /// the file's name), are cut with "…" until every row fits.
    @Test(arguments: [80, 60])
    func rowsAreCutToTheWidthTitleFirstThenThePathFromItsLeft(width: Int) {
        let shrinking = [TextTable.Shrink(column: 1), TextTable.Shrink(column: 3, fromLeft: true)]
        let text = TextTable.render(rows, rightAligned: [2], shrinking: shrinking, width: width, metrics: .unicode)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines.allSatisfy { TextMetrics.unicode.width($0) <= width }, "\(text)")
        #expect(lines[1].contains("Classic 7-M…") && lines[1].hasSuffix("classic.json"), "\(text)")
        #expect(lines[2].contains("Tabata ") && lines[2].hasSuffix("…") == false)
    }

    @Test func aTableThatFitsIsLeftWhole() {
        let text = TextTable.render(rows, rightAligned: [2], shrinking: [.init(column: 1)], width: 200,
                                    metrics: .unicode)
        #expect(text.split(separator: "\n")[1]
                == "classic  Classic 7-Minute Workout         12  /usr/local/share/sevenmin/Workouts/classic.json")
    }
}
