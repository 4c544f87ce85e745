// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// One character cell of the terminal: plain data, so that copying and comparing a
/// screenful (done every frame to find what changed) costs next to nothing.
public struct Cell: Equatable, Sendable {
    /// A Unicode scalar, or for a multi-scalar cluster `CellGrid.clusterBase` plus its index
    /// in the grid's cluster table.
    var code: UInt32
    public var style: CellStyle
    /// The right half of a double-width character drawn in the cell to its left.
    public var isContinuation: Bool
    /// Always 0: it fills the byte that would be padding, so that equal cells are equal bytes and the diff
    /// (`CellGrid.changes`) passes over unchanged rows a word at a time.
    private var spare: UInt8 = 0

    /// The cell's one scalar; nil for a cluster of several (`CellGrid.scalars`).
    public var scalar: UInt32? { code < CellGrid.clusterBase ? code : nil }

    init(code: UInt32, _ style: CellStyle, isContinuation: Bool = false) {
        self.code = code
        self.style = style
        self.isContinuation = isContinuation
    }
}
