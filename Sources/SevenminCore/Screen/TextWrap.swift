// SPDX-License-Identifier: GPL-3.0-or-later
/// Greedy word wrapping by terminal columns; words longer than a line are broken between characters,
/// which are kept whole.
public enum TextWrap {
    /// Linear in the length of `text`: each character is measured once, so a megabyte without a
    /// space wraps as quickly as a megabyte of words.
    public static func lines(_ text: String, width: Int, metrics: TextMetrics) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in visible(text).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var piece = Substring(), pieceWidth = 0
                var wordWidth = 0
                for ch in word { wordWidth += metrics.width(ch) }
                if wordWidth > width {
                    // Too long for any line: break it into line-sized pieces; the last piece is
                    // then placed like a word, so the next word may follow it.
                    if !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                    var start = word.startIndex
                    for k in word.indices {
                        let w = metrics.width(word[k])
                        if pieceWidth + w > width && k > start {
                            lines.append(String(word[start..<k]))
                            start = k
                            pieceWidth = 0
                        }
                        pieceWidth += w
                    }
                    piece = word[start...]
                } else {
                    piece = word
                    pieceWidth = wordWidth
                }
                if pieceWidth == 0 { continue }
                if lineWidth == 0 {
                    line = String(piece); lineWidth = pieceWidth
                } else if lineWidth + 1 + pieceWidth <= width {
                    // The piece as a String: a Substring joined to one is generic code the compiler leaves
                    // unspecialised, a character at a time, and it was most of the first frame's wrapping.
                    line += " " + String(piece); lineWidth += 1 + pieceWidth
                } else {
                    lines.append(line)
                    line = String(piece); lineWidth = pieceWidth
                }
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
