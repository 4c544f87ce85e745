// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import SevenminCore

@Suite("Wrapping text")
struct TextWrapTests {
    @Test(arguments: [
        ("the quick brown fox jumps over the lazy dog", 10,
         ["the quick", "brown fox", "jumps over", "the lazy", "dog"]),
        ("abcdefghijklmnopqrstuvwxyz end", 10, ["abcdefghij", "klmnopqrst", "uvwxyz end"]),
        ("abcdefghijkl", 4, ["abcd", "efgh", "ijkl"]),
        ("ab  cd\n\nef", 5, ["ab", "cd^J^", "Jef"]),  // line ends are shown, not obeyed
        ("日本語のテキスト", 5, ["日本", "語の", "テキ", "スト"]),
        ("Übung—é   ", 80, ["Übung—é"]),
        ("wide 日", 1, ["w", "i", "d", "e", "日"]),
        ("", 10, []),
    ])
    func wrapsGreedilyByColumns(text: String, width: Int, expected: [String]) {
        #expect(TextWrap.lines(text, width: width, metrics: .unicode) == expected)
    }

    @Test(.timeLimit(.minutes(1)))
    func aMegabyteWithoutSpacesWrapsInLinearTime() {
        let text = String(repeating: "abcdefghé", count: 111_112)
        let lines = TextWrap.lines(text, width: 80, metrics: .unicode)
        #expect(lines.count == (text.count + 79) / 80)
        #expect(lines.dropLast().allSatisfy { $0.count == 80 } && lines.joined() == text)
    }
}
