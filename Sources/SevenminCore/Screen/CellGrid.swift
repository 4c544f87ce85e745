// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc   // memcmp only

/// A screenful of cells: what the layout produces and the presenter diffs.
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Characters made of several scalars (an emoji with a variation selector, a letter with
    /// a combining accent), referred to from cells by index.
    private var clusters: [Character] = []
    /// Draw anything beyond ASCII as `?`, for a locale whose charset cannot show it.
    public var asciiOnly = false
    /// How many columns each character takes, as the terminal goes by.
    public var metrics = TextMetrics.unicode
    /// Rows that show a link, for terminals that can make them clickable (OSC 8).
    public var links: [HyperLink] = []
    static let clusterBase: UInt32 = 0x11_0000
    static let space = UInt32(0x20)

    public init(width: Int, height: Int, fill style: CellStyle) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(code: CellGrid.space, style), count: self.width * self.height)
    }

    /// What is shown: how its text was measured is not part of it.
    public static func == (a: CellGrid, b: CellGrid) -> Bool {
        a.width == b.width && a.height == b.height && a.cells == b.cells && a.clusters == b.clusters
            && a.asciiOnly == b.asciiOnly && a.links == b.links
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// The character shown in a cell.
    public func character(x: Int, y: Int) -> Character {
        let code = self[x, y].code
        if code >= CellGrid.clusterBase { return clusters[Int(code - CellGrid.clusterBase)] }
        return Character(Unicode.Scalar(code) ?? " ")
    }

    /// The scalars to hand to the terminal for a cell.
    public func scalars(x: Int, y: Int) -> [UInt32] {
        let code = self[x, y].code
        if code >= CellGrid.clusterBase {
            return clusters[Int(code - CellGrid.clusterBase)].unicodeScalars.map(\.value)
        }
        return [code]
    }

    mutating func code(for ch: Character) -> UInt32 {
        let scalars = ch.unicodeScalars
        if scalars.count == 1 { return scalars.first!.value }
        clusters.append(ch)
        return CellGrid.clusterBase + UInt32(clusters.count - 1)
    }

    /// Copies the cells of `columns` in `rows` from `other`, a grid laid out for that part of this one.
    mutating func paste(_ other: CellGrid, rows: Range<Int>, columns: Range<Int>) {
        for y in rows where y >= 0 && y < min(height, other.height) {
            for x in columns where x >= 0 && x < min(width, other.width) {
                var cell = other[x, y]
                if cell.code >= CellGrid.clusterBase { cell.code = code(for: other.character(x: x, y: y)) }
                self[x, y] = cell
            }
        }
        links += other.links.filter { rows.contains($0.row) }
    }

    public mutating func fill(row y: Int, from x0: Int = 0, to x1: Int? = nil, style: CellStyle) {
        guard y >= 0, y < height else { return }
        let from = max(0, x0)
        placeRun(Cell(code: CellGrid.space, style), y: y, columns: from..<max(from, min(width, x1 ?? width)))
    }

    /// Writes `count` copies of a single-width scalar from column `x`, clipped to the grid.
    public mutating func repeatScalar(_ scalar: Unicode.Scalar, count: Int, x: Int, y: Int, style: CellStyle) {
        guard y >= 0, y < height, count > 0 else { return }
        let from = max(0, x)
        placeRun(Cell(code: scalar.value, style), y: y, columns: from..<max(from, min(width, x + count)))
    }

    /// `place` for each of a run of columns of row `y`, `cell` in each, in one pass over the row: of what
    /// `place` blanks, only the other halves of wide characters cut at the run's two ends are left
    /// (a half inside the run is written over).
    private mutating func placeRun(_ cell: Cell, y: Int, columns: Range<Int>) {
        guard !columns.isEmpty else { return }
        let width = width
        cells.withUnsafeMutableBufferPointer { all in
            let row = y * width
            CellGrid.mendEdges(all, row: row, width: width, columns: columns)
            for x in columns { all[row + x] = cell }
        }
    }

    /// Blanks the other half of a wide character that cells about to be written over `columns` of the row
    /// starting at `row` would cut in two, at either end, as `place` does (`cell` not a continuation).
    private static func mendEdges(_ all: UnsafeMutableBufferPointer<Cell>, row: Int, width: Int, columns: Range<Int>) {
        guard !columns.isEmpty else { return }
        if columns.lowerBound > 0, all[row + columns.lowerBound].isContinuation {
            all[row + columns.lowerBound - 1] = Cell(code: CellGrid.space, all[row + columns.lowerBound - 1].style)
        }
        if columns.upperBound < width, all[row + columns.upperBound].isContinuation {
            all[row + columns.upperBound] = Cell(code: CellGrid.space, all[row + columns.upperBound].style)
        }
    }

    /// Writes `text` from column `x`, clipped to the grid (and to `limit` columns);
    /// control characters are shown neutralised. Returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let end = min(width, limit.map { x + $0 } ?? width)
        var col = x
        // Printable ASCII, the common case, needs no grapheme or width work.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let count = min(text.utf8.count, max(0, end - x))
            let columns = max(0, x)..<max(0, x + count)
            let width = width
            cells.withUnsafeMutableBufferPointer { all in
                let row = y * width
                CellGrid.mendEdges(all, row: row, width: width, columns: columns)
                for (k, byte) in text.utf8.prefix(count).enumerated() where x + k >= 0 {
                    all[row + x + k] = Cell(code: UInt32(byte), style)
                }
            }
            return count
        }
        // One character of `w` columns at the next column; false once the row (or the limit) is full.
        func emit(_ code: @autoclosure () -> UInt32, _ w: Int) -> Bool {
            if w == 0 { return true }
            if col + w > end { return false }
            if col >= 0 {
                place(Cell(code: code(), style), x: col, y: y)
                if w == 2 { place(Cell(code: CellGrid.space, style, isContinuation: true), x: col + 1, y: y) }
            }
            col += w
            return true
        }
        // Scalars that are each a character of their own (the status line's separators, accented letters)
        // need no grapheme breaking either: the same cells, scalar by scalar.
        if text.unicodeScalars.allSatisfy({ TextMetrics.standsAlone($0.value) }) {
            for scalar in text.unicodeScalars {
                let shown = asciiOnly && !scalar.isASCII ? Unicode.Scalar(UInt8(ascii: "?")) : scalar
                if !emit(shown.value, metrics.width(shown)) { break }
            }
            return col - x
        }
        for var ch in visible(text) {
            if asciiOnly { if !ch.isASCII { ch = "?" } } else { ch = CellGrid.textPresentation(ch) }
            let w = metrics.width(ch)
            if !emit(code(for: ch), w) { break }
        }
        return col - x
    }

    /// Sets one cell, blanking the other half of any wide character it cuts in two, so that no
    /// half-character is left for the terminal to show stale.
    private mutating func place(_ cell: Cell, x: Int, y: Int) {
        if self[x, y].isContinuation && !cell.isContinuation && x > 0 {
            self[x - 1, y] = Cell(code: CellGrid.space, self[x - 1, y].style)
        }
        if x + 1 < width && self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(code: CellGrid.space, self[x + 1, y].style)
        }
        self[x, y] = cell
    }

    /// The character without an emoji presentation selector: terminals disagree on whether
    /// U+FE0F widens a character, while curses counts only its first scalar.
    static func textPresentation(_ ch: Character) -> Character {
        guard ch.unicodeScalars.count > 1, ch.unicodeScalars.contains(where: { $0.value == 0xFE0F }) else { return ch }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: ch.unicodeScalars.filter { $0.value != 0xFE0F })
        return Character(String(scalars))
    }

    /// Writes `text` centred on the row.
    public mutating func center(_ text: String, y: Int, style: CellStyle, within x0: Int = 0, _ x1: Int? = nil) {
        let right = x1 ?? width
        let w = min(metrics.width(text), right - x0)
        put(text, x: x0 + max(0, (right - x0 - w) / 2), y: y, style: style, limit: right - x0)
    }

    /// The characters alone, a line per row with trailing spaces kept: what a snapshot compares.
    public var text: String {
        (0..<height).map { y in
            String((0..<width).compactMap { x -> Character? in
                self[x, y].isContinuation ? nil : character(x: x, y: y)
            })
        }.joined(separator: "\n")
    }

    /// Whether a cell's bytes are its values, with no padding between or after them (`Cell.spare`): then
    /// two cells are equal exactly when their bytes are.
    static let bytesAreValues = MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride && MemoryLayout<Cell>.size % 8 == 0

    /// Whether `cells` cells from `a` and `b` hold the same bytes: a row through libc's `memcmp`, which
    /// compares a vector at a time, and a cell a word at a time.
    private static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, cells: Int) -> Bool {
        let bytes = cells * MemoryLayout<Cell>.stride
        if cells > 1 { return memcmp(a, b, bytes) == 0 }
        var offset = 0
        while offset + 8 <= bytes {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < bytes {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// Positions whose cell differs from `old`; everything when the sizes differ.
    public func changes(since old: CellGrid?) -> [(x: Int, y: Int)] {
        guard let old, old.width == width, old.height == height else {
            return (0..<height).flatMap { y in (0..<width).map { (x: $0, y: y) } }
        }
        var out: [(x: Int, y: Int)] = []
        let noClusters = clusters.isEmpty && old.clusters.isEmpty, byBytes = CellGrid.bytesAreValues
        cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { previous in
                for y in 0..<height {
                    let row = y * width
                    // Most rows are as they were: a cell has no padding, so the same bytes are the same
                    // cells, compared a word at a time, a row and then a cell at once.
                    if noClusters, CellGrid.sameBytes(UnsafeRawPointer(new.baseAddress! + row),
                                                      UnsafeRawPointer(previous.baseAddress! + row), cells: width) {
                        continue
                    }
                    for i in row..<(row + width) {
                        let same = byBytes
                            ? CellGrid.sameBytes(UnsafeRawPointer(new.baseAddress! + i),
                                                 UnsafeRawPointer(previous.baseAddress! + i), cells: 1)
                            : new[i] == previous[i]
                        if !same || (new[i].code >= CellGrid.clusterBase
                                     && character(x: i - row, y: y) != old.character(x: i - row, y: y)) {
                            out.append((x: i - row, y: y))
                        }
                    }
                }
            }
        }
        return out
    }
}
