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
