import CNcursesw
import SevenminCore

/// Draws cell grids with curses, writing only the cells that changed since the last frame.
public final class CursesPresenter {
    private let depth: CursesTerminal.ColorDepth
    private var previous: CellGrid?
    private var pairs: [PairKey: Int16] = [:]
    private var colorIndex: [RGB: Int16] = [:]
    private var windowBackground: CellStyle?
    private var lastStyle: CellStyle?
    private var lastLook: (attributes: attr_t, pair: Int16) = (0, 0)

    private struct PairKey: Hashable { var fg: Int16; var bg: Int16 }

    public init(depth: CursesTerminal.ColorDepth) {
        self.depth = depth
    }

    /// Forgets what is on screen, so the next frame is drawn in full (after resize or `fg`).
    public func invalidate() {
        previous = nil
        windowBackground = nil
        clearok(cncursesw_curscr(), true)
    }

    /// Draws `grid`; returns how many cells were written.
    @discardableResult
    public func present(_ grid: CellGrid) -> Int {
        let changed = grid.changes(since: previous)
        // The screen's dominant colour becomes the window background: curses then clears
        // runs of it with erase sequences instead of writing every blank cell.
        let background = grid[0, grid.height / 2].style
        if grid.width > 0, grid.height > 0, background != windowBackground {
            var blank = cchar_t()
            setcchar(&blank, [wchar_t(32), 0], cncursesw_a_normal(), pair(background), nil)
            wbkgrndset(cncursesw_stdscr(), &blank)
            windowBackground = background
        }
        for (x, y) in changed {
            let cell = grid[x, y]
            if cell.isContinuation { continue }
            var cch = cchar_t()
            var wide = grid.scalars(x: x, y: y).map { wchar_t(bitPattern: $0) }
            wide.append(0)
            // Neighbouring cells nearly always share a style: look it up once per run.
            if cell.style != lastStyle {
                lastStyle = cell.style
                lastLook = (attributes(cell.style), pair(cell.style))
            }
            setcchar(&cch, wide, lastLook.attributes, lastLook.pair, nil)
            mvadd_wch(Int32(y), Int32(x), &cch)
        }
        if !changed.isEmpty { refresh() }
        previous = grid
        return changed.count
    }

    private func attributes(_ style: CellStyle) -> attr_t {
        var a = cncursesw_a_normal()
        if style.bold { a |= cncursesw_a_bold() }
        if style.dim { a |= cncursesw_a_dim() }
        if style.underline { a |= cncursesw_a_underline() }
        if depth == .none, style.background.luminance > 0.5 { a |= cncursesw_a_reverse() }
        return a
    }

    private func color(_ rgb: RGB) -> Int16 {
        if let known = colorIndex[rgb] { return known }
        let index: Int16
        switch depth {
        case .palette256: index = Int16(TerminalPalette.nearest256(rgb))
        case .basic8: index = Int16(TerminalPalette.nearest8(rgb))
        case .none: index = -1
        }
        colorIndex[rgb] = index
        return index
    }

    private func pair(_ style: CellStyle) -> Int16 {
        guard depth != .none else { return 0 }
        let key = PairKey(fg: color(style.foreground), bg: color(style.background))
        if let known = pairs[key] { return known }
        let next = Int16(pairs.count + 1)
        // Too many distinct pairs cannot happen with our few colours, but never exceed the terminal's.
        guard Int32(next) < cncursesw_color_pairs() else { return 0 }
        init_pair(next, key.fg, key.bg)
        pairs[key] = next
        return next
    }
}
