// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("Blanks drawn in their neighbours' style")
struct GapStyleTests {
    static let body = CellStyle(foreground: RGB(230, 230, 230), background: RGB(200, 60, 60))
    static let bold = body.with(bold: true)

    /// A row as the presenter is handed it: big type's bold blocks with plain blanks between them.
    func row(_ text: String, _ styles: [CellStyle]) -> CellGrid {
        var grid = CellGrid(width: styles.count, height: 1, fill: Self.body)
        for (x, (ch, style)) in zip(text, styles).enumerated() { grid.put(String(ch), x: x, y: 0, style: style) }
        return grid
    }

    @Test func aGapBetweenCellsOfOneStyleTakesTheirs() {
        let b = Self.bold, p = Self.body
        let grid = row("  █ █  █   ", [p, p, b, p, b, p, p, b, p, p, p])
        let gaps = grid.gapStyles(row: 0)
        // Between bold blocks: bold. Before the first and after the last: the blank's own.
        #expect(gaps == [nil, nil, nil, b, nil, b, b, nil, nil, nil, nil])
        // One cell at a time, the same.
        #expect((0..<grid.width).map { grid.gapStyle(x: $0, y: 0) } == gaps)
    }

    @Test func aBlankThatWouldShowDifferentlyKeepsItsOwn() {
        let b = Self.bold, p = Self.body
        let other = p.with(foreground: RGB(0, 0, 0))
        var elsewhere = p
        elsewhere.background = RGB(0, 0, 90)
        // Neighbours of two styles; a blank of another background; reversed neighbours, whose
        // foreground a blank would show; an underlined blank, which shows its line.
        #expect(row("█ █", [b, p, other]).gapStyles(row: 0) == [nil, nil, nil])
        #expect(row("█ █", [b, elsewhere, b]).gapStyles(row: 0) == [nil, nil, nil])
        let reversed = b.with(reverse: true)
        #expect(row("█ █", [reversed, p, reversed]).gapStyles(row: 0) == [nil, nil, nil])
        #expect(row("█ █", [b, p.with(underline: true), b]).gapStyles(row: 0) == [nil, nil, nil])
        #expect(!row(" ", [p.with(underline: true)])[0, 0].isPlainBlank)
    }

    /// A cell has no padding, so that equal cells are equal bytes: the diff skips unchanged rows by their bytes.
    @Test func aCellIsAllFieldsWithoutPadding() {
        #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride && MemoryLayout<Cell>.size == 16)
        var grid = CellGrid(width: 4, height: 2, fill: Self.body)
        var copy = CellGrid(width: 4, height: 2, fill: Self.bold)
        for x in 0..<4 { copy[x, 0] = grid[x, 0]; copy[x, 1] = grid[x, 1] }
        #expect(copy.changes(since: grid).isEmpty)
        grid.put("ab", x: 1, y: 1, style: Self.bold)
        #expect(grid.changes(since: copy).map { [$0.x, $0.y] } == [[1, 1], [2, 1]])
    }
}
