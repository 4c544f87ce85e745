// SPDX-License-Identifier: GPL-3.0-or-later
/// The phone's QR code on the terminal: two modules a cell (half blocks), one module a column, which
/// makes them square, in explicit black on white (reverse video where there is no colour), inside its
/// quiet zone of four light modules; the page's address in text beside it, black on white too.
public enum PhoneCode {
    static let black = RGB(0, 0, 0), white = RGB(255, 255, 255)

    /// Where the code goes on a `width`×`height` screen: its columns and rows, a column in from the right
    /// (so that no row of it ends the line, which a terminal may erase rather than draw) and centred between
    /// the header and the status line; nil where it does not fit, with room to spare for the address beside it.
    public static func place(_ link: PhoneLink, width: Int, height: Int) -> (x: Int, y: Int, rows: Int)? {
        guard link.size > 0 else { return nil }
        let rows = (link.span + 1) / 2
        guard link.span + 13 <= width, rows + 2 <= height else { return nil }
        return (width - link.span - 1, 1 + (height - 2 - rows) / 2, rows)
    }

    /// Draws the code and the address onto `grid`; where the code does not fit, the address alone on the
    /// row above the status line.
    public static func draw(_ link: PhoneLink, words: PhoneWords, on grid: inout CellGrid, colour: Bool) {
        let light = CellStyle(foreground: black, background: white, reverse: !colour)
        let dark = CellStyle(foreground: white, background: black)
        let text = CellStyle(foreground: black, background: white, reverse: !colour)
        guard !grid.asciiOnly, let at = place(link, width: grid.width, height: grid.height) else {
            guard grid.height >= 3 else { return }
            let line = " " + link.url + " "
            grid.fill(row: grid.height - 2, style: text)
            _ = grid.put(line, x: max(0, grid.width - line.count), y: grid.height - 2, style: text)
            return
        }
        for row in 0..<at.rows {
            for x in 0..<link.span {
                let top = !link.dark(x, 2 * row), bottom = 2 * row + 1 < link.span && !link.dark(x, 2 * row + 1)
                let (glyph, style) = top && bottom ? (" ", light) : top ? ("▀", dark) : bottom ? ("▄", dark)
                    : (" ", dark)
                _ = grid.put(glyph, x: at.x + x, y: at.y + row, style: style)
            }
        }
        // The address beside the code, cut into lines that fit left of it, at its foot, and what `x` does.
        let room = at.x - 2
        var lines: [String] = [words.scan]
        var rest = Substring(link.url)
        while !rest.isEmpty {
            let cut = rest.index(rest.startIndex, offsetBy: min(room - 2, rest.count))
            lines.append(String(rest[..<cut]))
            rest = rest[cut...]
        }
        lines += ["", "x  " + words.dropKey]
        let top = at.y + at.rows - lines.count - 2
        guard top >= at.y else { return }
        let boxWidth = min(room, (lines.map(\.count).max() ?? 0) + 2)
        for (k, line) in ([""] + lines + [""]).enumerated() {
            grid.fill(row: top + k, from: at.x - 1 - boxWidth, to: at.x - 1, style: text)
            _ = grid.put(line, x: at.x - boxWidth, y: top + k, style: text, limit: boxWidth - 1)
        }
    }
}
