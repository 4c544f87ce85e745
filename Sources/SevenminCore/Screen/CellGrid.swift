/// How a cell is drawn: colours and attributes.
public struct CellStyle: Equatable, Hashable, Sendable {
    public var foreground: RGB
    public var background: RGB
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool

    public init(foreground: RGB, background: RGB, bold: Bool = false, dim: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
    }

    public func with(bold: Bool? = nil, dim: Bool? = nil, underline: Bool? = nil, foreground: RGB? = nil) -> CellStyle {
        var s = self
        if let bold { s.bold = bold }
        if let dim { s.dim = dim }
        if let underline { s.underline = underline }
        if let foreground { s.foreground = foreground }
        return s
    }
}

/// One character cell of the terminal.
public struct Cell: Equatable, Sendable {
    public var character: Character
    public var style: CellStyle
    /// The right half of a double-width character drawn in the cell to its left.
    public var isContinuation: Bool

    public init(_ character: Character, _ style: CellStyle, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }
}

/// A screenful of cells: what the layout produces and the presenter diffs.
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill style: CellStyle) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(" ", style), count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    public mutating func fill(row y: Int, from x0: Int = 0, to x1: Int? = nil, style: CellStyle) {
        guard y >= 0, y < height else { return }
        for x in max(0, x0)..<min(width, x1 ?? width) { self[x, y] = Cell(" ", style) }
    }

    /// Writes `text` from column `x`, clipped to the grid (and to `limit` columns);
    /// control characters are shown neutralised. Returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let end = min(width, limit.map { x + $0 } ?? width)
        var col = x
        for ch in visible(text) {
            let w = ch.terminalWidth
            if w == 0 { continue }
            if col + w > end { break }
            if col >= 0 {
                self[col, y] = Cell(ch, style)
                if w == 2 { self[col + 1, y] = Cell(" ", style, isContinuation: true) }
            }
            col += w
        }
        return col - x
    }

    /// Writes `text` centred on the row.
    public mutating func center(_ text: String, y: Int, style: CellStyle, within x0: Int = 0, _ x1: Int? = nil) {
        let right = x1 ?? width
        let w = min(text.terminalWidth, right - x0)
        put(text, x: x0 + max(0, (right - x0 - w) / 2), y: y, style: style, limit: right - x0)
    }

    /// The characters alone, a line per row with trailing spaces kept: what a snapshot compares.
    public var text: String {
        (0..<height).map { y in
            String((0..<width).compactMap { x -> Character? in
                let c = self[x, y]
                return c.isContinuation ? nil : c.character
            })
        }.joined(separator: "\n")
    }

    /// Positions whose cell differs from `old`; everything when the sizes differ.
    public func changes(since old: CellGrid?) -> [(x: Int, y: Int)] {
        guard let old, old.width == width, old.height == height else {
            return (0..<height).flatMap { y in (0..<width).map { (x: $0, y: y) } }
        }
        var out: [(x: Int, y: Int)] = []
        for i in cells.indices where cells[i] != old.cells[i] {
            out.append((x: i % width, y: i / width))
        }
        return out
    }
}

extension Character {
    /// Columns the character takes in a terminal: 2 for East Asian wide and emoji, 0 for
    /// lone combining marks, 1 otherwise. A small table covers what routines use.
    public var terminalWidth: Int {
        guard let s = unicodeScalars.first else { return 0 }
        let v = s.value
        if v < 0x300 { return 1 }   // the common case, without a Unicode property lookup
        if s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .enclosingMark { return 0 }
        if v < 0x1100 { return 1 }
        return Character.wideRanges.contains { $0.contains(v) } ? 2 : 1
    }

    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
}

extension String {
    public var terminalWidth: Int { visible(self).reduce(0) { $0 + $1.terminalWidth } }
}
