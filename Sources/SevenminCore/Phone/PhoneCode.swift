// SPDX-License-Identifier: GPL-3.0-or-later
/// The phone's QR code on the terminal: two modules a cell (half blocks), one module a column, which
/// makes them square, in explicit black on white (reverse video where there is no colour), inside its
/// quiet zone of four light modules; the page's address in text beside it, black on white too.
public enum PhoneCode {
    static let black = RGB(0, 0, 0), white = RGB(255, 255, 255)

    /// Columns left of the code for the workout and the code's words: where fewer are left, no code.
    static let smallestBody = 30

    /// Where the code and its words go in a body of `rows` on a `width`-column screen, and what is left to
    /// the workout; nothing of one is drawn over the other.
    public struct Layout: Equatable, Sendable {
        /// The code's first column and row and its rows: a column in from the right (so that no row of it
        /// ends the line, which a terminal may erase rather than draw), centred in the body. Nil where a code
        /// a phone could read does not fit: the address shows as text.
        public var code: (x: Int, y: Int, rows: Int)? { codeX.map { ($0, codeY, codeRows) } }
        private var codeX: Int?, codeY = 0, codeRows = 0
        /// The words' lines (each shown with a blank column either side) and their box: its columns, and
        /// its first row; blank rows above and below the lines where there is a code.
        public var lines: [String] = []
        public var box: (columns: Range<Int>, top: Int) { (boxColumns, boxTop) }
        private var boxColumns = 0..<0, boxTop = 0
        /// What is left to the workout: these columns of these rows.
        public var body: (columns: Range<Int>, rows: Range<Int>) { (bodyColumns, bodyRows) }
        private var bodyColumns = 0..<0, bodyRows = 0..<0

        public static func == (a: Layout, b: Layout) -> Bool {
            a.codeX == b.codeX && a.codeY == b.codeY && a.codeRows == b.codeRows && a.lines == b.lines
                && a.boxColumns == b.boxColumns && a.boxTop == b.boxTop && a.bodyColumns == b.bodyColumns
                && a.bodyRows == b.bodyRows
        }

        init(_ link: PhoneLink, words: PhoneWords, width: Int, rows: Range<Int>, drawsCode: Bool,
             metrics: TextMetrics) {
            bodyColumns = 0..<width
            bodyRows = rows
            let codeRows = (link.span + 1) / 2, x = width - link.span - 1
            // The words in the box: each wrapped to its room, the address cut anywhere (it has no spaces).
            let room = x - 3, keyRoom = room - 3
            if x - 1 >= PhoneCode.smallestBody {
                let drop = TextWrap.lines(words.dropKey, width: keyRoom, metrics: metrics)
                lines = TextWrap.lines(words.scan, width: room, metrics: metrics) + Self.cut(link.url, room) + [""]
                    + drop.enumerated().map { ($0.offset == 0 ? "x  " : "   ") + $0.element }
            }
            guard drawsCode, link.size > 0, codeRows <= rows.count, x - 1 >= PhoneCode.smallestBody,
                  lines.count + 2 < rows.count else {
                // The address alone, whole, on the last rows of the body, a blank column either side.
                lines = Self.cut(link.url, max(1, width - 2))
                guard lines.count < rows.count else { lines = []; return }
                boxColumns = 0..<width
                boxTop = rows.upperBound - lines.count
                bodyRows = rows.lowerBound..<boxTop
                return
            }
            // The words at the foot of the columns left of the code, against it; the workout above them.
            let boxWidth = min(x - 1, (lines.map { metrics.width($0) }.max() ?? 0) + 2)
            codeX = x
            codeY = rows.lowerBound + (rows.count - codeRows) / 2
            self.codeRows = codeRows
            boxColumns = (x - 1 - boxWidth)..<(x - 1)
            boxTop = rows.upperBound - lines.count - 2
            bodyColumns = 0..<(x - 1)
            bodyRows = rows.lowerBound..<boxTop
        }

        /// `text` cut into lines of `width` characters (an address has no spaces to break at).
        static func cut(_ text: String, _ width: Int) -> [String] {
            var lines: [String] = [], rest = Substring(text)
            while !rest.isEmpty {
                let end = rest.index(rest.startIndex, offsetBy: min(width, rest.count))
                lines.append(String(rest[..<end]))
                rest = rest[end...]
            }
            return lines
        }
    }

    /// Where the code and its words go in `rows` of a `width`-column screen; `drawsCode` false (a terminal
    /// that shows ASCII only) gives the address as text.
    public static func layout(_ link: PhoneLink, words: PhoneWords, width: Int, rows: Range<Int>,
                              drawsCode: Bool = true, metrics: TextMetrics = .unicode) -> Layout {
        Layout(link, words: words, width: width, rows: rows, drawsCode: drawsCode, metrics: metrics)
    }

    /// Draws the code and its words onto `grid` where `layout` puts them.
    public static func draw(_ link: PhoneLink, _ layout: Layout, on grid: inout CellGrid, colour: Bool) {
        let light = CellStyle(foreground: black, background: white, reverse: !colour)
        let dark = CellStyle(foreground: white, background: black)
        if let at = layout.code {
            for row in 0..<at.rows {
                for x in 0..<link.span {
                    // Past an odd span, the last row's lower half is light, as the quiet zone is.
                    let top = !link.dark(x, 2 * row), bottom = !link.dark(x, 2 * row + 1)
                    let (glyph, style) = top && bottom ? (" ", light) : top ? ("▀", dark) : bottom ? ("▄", dark)
                        : (" ", dark)
                    _ = grid.put(glyph, x: at.x + x, y: at.y + row, style: style)
                }
            }
        }
        let padded = layout.code == nil ? layout.lines : [""] + layout.lines + [""]
        let box = layout.box.columns
        for (k, line) in padded.enumerated() {
            grid.fill(row: layout.box.top + k, from: box.lowerBound, to: box.upperBound, style: light)
            _ = grid.put(line, x: box.lowerBound + 1, y: layout.box.top + k, style: light, limit: box.count - 1)
        }
    }
}
