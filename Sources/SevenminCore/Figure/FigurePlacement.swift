// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The cells a frame gives the figure's dots, and how they are drawn there: the one drawing of the dots,
/// for a whole frame and for a frame that moves only the figure.
struct FigurePlacement: Equatable {
    var x: Int
    var y: Int
    var columns: Int
    var rows: Int
    var style: CellStyle
    var braille: Bool

    /// Blanks the cells, then draws `figure` `t` seconds into its move in them.
    func draw(_ figure: Figure, at t: Double, mirrored: Bool, into grid: inout CellGrid) {
        for row in y..<(y + rows) { grid.fill(row: row, from: x, to: x + columns, style: style) }
        let canvas = FigureDrawing.canvas(figure, at: t, mirrored: mirrored, columns: columns, rows: rows)
        // The cells just blanked, clipped to the grid: no wide character is cut in two.
        for row in 0..<rows where (0..<grid.height).contains(y + row) {
            for column in 0..<columns where (0..<grid.width).contains(x + column) {
                guard let dots = canvas.character(column: column, row: row, braille: braille) else { continue }
                grid[x + column, y + row] = Cell(code: dots.value, style)
            }
        }
    }
}
