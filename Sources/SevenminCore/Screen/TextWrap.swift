/// Greedy word wrapping by terminal columns; words longer than a line are broken.
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in visible(text).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                while word.terminalWidth > width {
                    if !line.isEmpty { lines.append(line); line = ""; lineWidth = 0 }
                    var head = "", headWidth = 0
                    for ch in word {
                        if headWidth + ch.terminalWidth > width { break }
                        head.append(ch); headWidth += ch.terminalWidth
                    }
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                }
                let w = word.terminalWidth
                if w == 0 { continue }
                if lineWidth == 0 {
                    line = word; lineWidth = w
                } else if lineWidth + 1 + w <= width {
                    line += " " + word; lineWidth += 1 + w
                } else {
                    lines.append(line)
                    line = word; lineWidth = w
                }
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
