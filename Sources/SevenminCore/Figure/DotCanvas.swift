// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A canvas of dots, 2 across and 4 down a character cell, as Braille cells show them (drawille's
/// canvas): lines by Bresenham, rings by the midpoint rule, and then the cells, in Braille or in
/// ASCII strokes where the charset has no Braille.
public struct DotCanvas: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    /// Each cell's dots, as the bits of its Braille character (`brailleBit`), row by row.
    private var cells: [UInt8]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    public var dotWidth: Int { columns * 2 }
    public var dotHeight: Int { rows * 4 }

    public func isSet(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < dotWidth && y < dotHeight
            && cells[(y / 4) * columns + x / 2] & DotCanvas.brailleBit[(y % 4) * 2 + x % 2] != 0
    }

    /// Sets a dot; dots off the canvas are dropped.
    public mutating func set(_ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        cells[(y / 4) * columns + x / 2] |= DotCanvas.brailleBit[(y % 4) * 2 + x % 2]
    }

    /// A line by Bresenham's rule, both ends included.
    public mutating func line(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        var (x, y) = (x0, y0)
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var error = dx + dy
        while true {
            set(x, y)
            if x == x1 && y == y1 { return }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x += sx }
            if e2 <= dx { error += dx; y += sy }
        }
    }

    /// A ring of radius `r` around (`cx`, `cy`), by the midpoint rule.
    public mutating func ring(_ cx: Int, _ cy: Int, _ r: Int) {
        guard r > 0 else { return set(cx, cy) }
        var (x, y, d) = (r, 0, 1 - r)
        while x >= y {
            for (a, b) in [(x, y), (y, x), (-y, x), (-x, y), (-x, -y), (-y, -x), (y, -x), (x, -y)] {
                set(cx + a, cy + b)
            }
            y += 1
            if d < 0 { d += 2 * y + 1 } else { x -= 1; d += 2 * (y - x) + 1 }
        }
    }

    /// The bit of each dot of a cell, row by row (4 rows of 2), in Unicode's Braille order: dots 1–3 down
    /// the left, 4–6 down the right, then 7 and 8 along the bottom.
    private static let brailleBit: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

    /// The dot bits of one cell, in Braille order.
    func bits(column: Int, row: Int) -> UInt32 {
        UInt32(cells[row * columns + column])
    }

    /// One cell of the canvas: its Braille character, or the ASCII stroke (`| - / \ o`) chosen from the lie
    /// of its dots; nil for a cell without dots.
    public func character(column: Int, row: Int, braille: Bool) -> Unicode.Scalar? {
        let bits = bits(column: column, row: row)
        if bits == 0 { return nil }
        return braille ? Unicode.Scalar(0x2800 + bits)! : stroke(column: column, row: row)
    }

    /// The ASCII stroke nearest a cell's dots.
    func stroke(column: Int, row: Int) -> Unicode.Scalar {
        var points: [(Int, Int)] = []
        for dy in 0..<4 { for dx in 0..<2 where isSet(column * 2 + dx, row * 4 + dy) { points.append((dx, dy)) } }
        let xs = points.map(\.0), ys = points.map(\.1)
        let wide = xs.max()! - xs.min()!, tall = ys.max()! - ys.min()!
        if points.count >= 6 { return "o" }
        if tall <= 1 && points.count > 1 && wide >= 1 && tall == 0 { return "-" }
        if wide == 0 { return tall == 0 ? "." : "|" }
        if tall <= 1 { return "-" }
        // Both columns used over several rows: which way it leans.
        let leftY = points.filter { $0.0 == 0 }.map(\.1).reduce(0, +) * 2 / max(1, xs.filter { $0 == 0 }.count)
        let rightY = points.filter { $0.0 == 1 }.map(\.1).reduce(0, +) * 2 / max(1, xs.filter { $0 == 1 }.count)
        return leftY > rightY ? "/" : leftY < rightY ? "\\" : "|"
    }
}
