/// Large clock digits drawn with block characters, five rows high.
public enum BigDigits {
    public static let height = 5
    /// Each glyph is 3 "pixels" wide; a pixel is two columns so digits look square.
    static let glyphs: [Character: [String]] = [
        "0": ["###", "#.#", "#.#", "#.#", "###"],
        "1": [".#.", "##.", ".#.", ".#.", "###"],
        "2": ["###", "..#", "###", "#..", "###"],
        "3": ["###", "..#", ".##", "..#", "###"],
        "4": ["#.#", "#.#", "###", "..#", "..#"],
        "5": ["###", "#..", "###", "..#", "###"],
        "6": ["###", "#..", "###", "#.#", "###"],
        "7": ["###", "..#", ".#.", ".#.", ".#."],
        "8": ["###", "#.#", "###", "#.#", "###"],
        "9": ["###", "#.#", "###", "..#", "###"],
        ":": [".", "#", ".", "#", "."],
    ]

    /// The rows of `text` (digits and colons) in block characters.
    public static func render(_ text: String) -> [String] {
        var rows = Array(repeating: "", count: height)
        for (n, ch) in text.enumerated() {
            guard let glyph = glyphs[ch] else { continue }
            for r in 0..<height {
                if n > 0 { rows[r] += "  " }
                rows[r] += glyph[r].map { $0 == "#" ? "██" : "  " }.joined()
            }
        }
        return rows
    }

    public static func width(_ text: String) -> Int {
        render(text).first?.count ?? 0
    }
}
