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
    /// The whole screen shown in reverse video for a moment (a flash), by the terminal itself.
    public var reversed = false
    /// The whole screen lit in one style for a moment (a flash where the terminal cannot reverse its
    /// screen): every cell a blank in it, which a terminal can draw as one.
    public var lit: CellStyle?
    @usableFromInline static let clusterBase: UInt32 = 0x11_0000
    @usableFromInline static let space = UInt32(0x20)

    public init(width: Int, height: Int, fill style: CellStyle) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(code: CellGrid.space, style), count: self.width * self.height)
    }

    /// What is shown: how its text was measured is not part of it.
    public static func == (a: CellGrid, b: CellGrid) -> Bool {
        a.width == b.width && a.height == b.height && a.cells == b.cells && a.clusters == b.clusters
            && a.asciiOnly == b.asciiOnly && a.links == b.links && a.reversed == b.reversed && a.lit == b.lit
    }

    // Inlinable, as are `scalar` and `Cell.isPlainBlank`: the presenter reads a frame's cells through them,
    // one call each across the module boundary before.
    public subscript(x: Int, y: Int) -> Cell {
        @inlinable get { cells[y * width + x] }
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

    /// The cell's scalar when it holds one alone (nearly every cell); nil for a character of several.
    @inlinable public func scalar(x: Int, y: Int) -> UInt32? {
        let code = self[x, y].code
        return code < CellGrid.clusterBase ? code : nil
    }

    /// The cells that hold a character of several scalars, row by row.
    public func clusterCells() -> [(x: Int, y: Int)] {
        var out: [(x: Int, y: Int)] = []
        // Nearly every frame has none: no cell to look at.
        guard !clusters.isEmpty else { return out }
        cells.withUnsafeBufferPointer { all in
            for i in 0..<all.count where all[i].code >= CellGrid.clusterBase { out.append((x: i % width, y: i / width)) }
        }
        return out
    }

    /// The cells of the box at (`x`, `y`), `width` wide, row by row.
    func box(x: Int, y: Int, width: Int, height: Int) -> [Cell] {
        var out: [Cell] = []
        out.reserveCapacity(width * height)
        for row in y..<(y + height) { out += cells[(row * self.width + x)..<(row * self.width + x + width)] }
        return out
    }

    /// Puts back the cells of a box that `box` gave.
    mutating func restore(_ box: [Cell], x: Int, y: Int, width: Int) {
        guard width > 0 else { return }
        for row in 0..<(box.count / width) {
            let start = (y + row) * self.width + x
            cells.replaceSubrange(start..<(start + width), with: box[(row * width)..<((row + 1) * width)])
        }
    }

    /// Whether row `y` shows `text`, printable ASCII, from column `x`, a character a cell.
    func holds(_ text: String, x: Int, y: Int) -> Bool {
        guard y >= 0, y < height, x >= 0, x + text.utf8.count <= width else { return false }
        return text.utf8.enumerated().allSatisfy { k, byte in
            byte >= 0x20 && byte < 0x7F && self[x + k, y].code == UInt32(byte) && !self[x + k, y].isContinuation
        }
    }

    /// The first column from `from` where row `y` shows `text` (printable ASCII) ending before `to`; nil if none.
    func firstColumn(of text: String, y: Int, from: Int, to: Int) -> Int? {
        let end = min(to, width) - text.utf8.count
        guard from <= end else { return nil }
        return (max(0, from)...end).first { holds(text, x: $0, y: y) }
    }

    /// Writes printable ASCII `text` over as many cells from column `x` of row `y`, each keeping its style:
    /// cells that held single-width characters (`holds`), as a clock's digits moving on do.
    mutating func replaceCharacters(_ text: String, x: Int, y: Int) {
        for (k, byte) in text.utf8.enumerated() where x + k < width {
            self[x + k, y].code = UInt32(byte)
        }
    }

    mutating func code(for ch: Character) -> UInt32 {
        let scalars = ch.unicodeScalars
        if scalars.count == 1 { return scalars.first!.value }
        clusters.append(ch)
        return CellGrid.clusterBase + UInt32(clusters.count - 1)
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

    /// For each cell of row `y`, the style to draw it in where it is a plain blank between two cells of one
    /// style with its background (the gaps in big type's bold blocks, the spaces between words): a blank
    /// shows only its background, so drawn in its neighbours' style it looks the same and costs the terminal
    /// no change of attributes. Nil elsewhere (and where the blank already has that style).
    public func gapStyles(row y: Int) -> [CellStyle?] {
        var out = [CellStyle?](repeating: nil, count: width)
        cells.withUnsafeBufferPointer { all in
            let row = all[(y * width)..<((y + 1) * width)]
            var x = row.startIndex
            while x < row.endIndex {
                guard row[x].isPlainBlank else { x += 1; continue }
                let start = x
                while x < row.endIndex, row[x].isPlainBlank { x += 1 }
                guard let style = CellGrid.gapStyle(row, start..<x) else { continue }
                for k in start..<x where row[k].style != style { out[k - row.startIndex] = style }
            }
        }
        return out
    }

    /// `gapStyles` for one cell, looking no further along its row than its run of blanks.
    public func gapStyle(x: Int, y: Int) -> CellStyle? {
        guard let run = blankRun(x: x, y: y), let style = run.style, style != self[x, y].style else { return nil }
        return style
    }

    /// The run of plain blanks along row `y` that holds column `x`, and the style its cells are drawn in
    /// (`gapStyles`: the style on each side of it, or nil); nil where that cell is not a plain blank. A frame's
    /// blanks, one after another, ask once for their run.
    public func blankRun(x: Int, y: Int) -> (columns: Range<Int>, style: CellStyle?)? {
        cells.withUnsafeBufferPointer { all in
            let row = all[(y * width)..<((y + 1) * width)]
            let at = row.startIndex + x
            guard row[at].isPlainBlank else { return nil }
            var start = at, end = at + 1
            while start > row.startIndex, row[start - 1].isPlainBlank { start -= 1 }
            while end < row.endIndex, row[end].isPlainBlank { end += 1 }
            return ((start - row.startIndex)..<(end - row.startIndex), CellGrid.gapStyle(row, start..<end))
        }
    }

    /// The style of the cells on each side of a run of plain blanks, where both are of one style that
    /// shows the run's background as it is (neither reversed nor underlined); nil at a row's end.
    private static func gapStyle(_ row: Slice<UnsafeBufferPointer<Cell>>, _ run: Range<Int>) -> CellStyle? {
        guard run.lowerBound > row.startIndex, run.upperBound < row.endIndex else { return nil }
        let left = row[run.lowerBound - 1].style
        guard left == row[run.upperBound].style, !left.reverse, !left.underline,
              row[run].allSatisfy({ $0.style.background == left.background }) else { return nil }
        return left
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

    /// Makes this grid show what `shown` shows, given the cells where they differ (`shown.changes(since:)`):
    /// written into this grid's own storage where they are the same size and hold no clusters, else
    /// taken whole. A presenter keeps the frame on screen so, apart from the renderer's: the renderer
    /// draws its next frame into the one it drew, in place, which a grid shared with the presenter's
    /// would first copy whole.
    public mutating func show(_ shown: CellGrid, changed: [(x: Int, y: Int)]) {
        guard shown.width == width, shown.height == height, clusters.isEmpty, shown.clusters.isEmpty else {
            self = shown
            return
        }
        if changed.count == cells.count {
            cells.withUnsafeMutableBufferPointer { own in
                shown.cells.withUnsafeBufferPointer { _ = own.update(fromContentsOf: $0) }
            }
        } else {
            cells.withUnsafeMutableBufferPointer { own in
                shown.cells.withUnsafeBufferPointer { new in
                    for (x, y) in changed { own[y * width + x] = new[y * width + x] }
                }
            }
        }
        asciiOnly = shown.asciiOnly
        metrics = shown.metrics
        links = shown.links
        reversed = shown.reversed
        lit = shown.lit
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
