// SPDX-License-Identifier: GPL-3.0-or-later
import CNcursesw
import CSevenminSystem
import SevenminCore

/// Draws cell grids with curses: the cells that changed since the last frame go into stdscr, and
/// curses' own refresh sends what differs on screen. Curses is the screen's one writer; the one
/// exception is the OSC 8 sequences around a row that shows a link (`drawLinks`).
final class CursesPresenter {
    private let depth: ColorDepth
    /// Whether to make links clickable: only where the terminal is known to take OSC 8.
    private let hyperlinks: Bool
    /// Where each frame's bytes are gathered into one write.
    private let output: FrameOutput
    /// The grid on screen; nil when the next one is to be drawn whole.
    private var shown: CellGrid?
    /// The colour pairs made so far, by the colours they hold.
    private var pairs: [Colors: Int32] = [:]
    /// The pair asked for last: a frame's cells mostly share their colours, so most cells need no lookup.
    private var lastPair: (colors: Colors, pair: Int32)?
    /// One cell's characters as `setcchar` takes them, ending in 0: kept, so that a cell costs no allocation.
    private var characters: [wchar_t] = []
    private struct Colors: Hashable { var foreground: RGB; var background: RGB }

    init(depth: ColorDepth, hyperlinks: Bool, output: FrameOutput) {
        self.depth = depth
        self.hyperlinks = hyperlinks
        self.output = output
    }

    /// Forgets what is on screen, so that the next frame is drawn whole (after a resize or `fg`).
    func invalidate() {
        shown = nil
        // ignored: ERR only for a null window, and curscr exists while curses runs
        clearok(cncursesw_curscr(), true)
    }

    /// Draws `grid`: hands curses the cells that changed, then one refresh, all in one write.
    func present(_ grid: CellGrid) {
        let changed = grid.changes(since: shown)
        let oldLinks = hyperlinks ? shown?.links ?? [] : []
        let links = hyperlinks ? grid.links : []
        // A frame that changes nothing (the figure's dots as they were) costs no curses call and no write.
        guard !changed.isEmpty || links != oldLinks || output.hasQueued else { return }
        output.frame {
            for (x, y) in changed { put(grid, x, y) }
            // A row that showed a link and no longer does is sent again whole, outside any link.
            for link in oldLinks where !links.contains(where: { $0.row == link.row }) { redraw(row: link.row) }
            // ignored: a failed refresh leaves the old frame, and the next one redraws
            refresh()
            if links != oldLinks || changed.contains(where: { cell in links.contains { $0.row == cell.y } }) {
                drawLinks(links)
            }
        }
        shown = grid
    }

    /// Puts the cell at `x`, `y` into stdscr, through `setcchar`.
    private func put(_ grid: CellGrid, _ x: Int, _ y: Int) {
        let cell = grid[x, y]
        // The right half of a wide character: curses fills it as it puts the left half.
        guard !cell.isContinuation else { return }
        if let scalar = cell.scalar { return put(CollectionOfOne(scalar), x, y, cell.style) }
        var scalars = grid.scalars(x: x, y: y)
        // A curses cell holds a character and up to four marks of no width of its own (`setcchar`): a longer
        // cluster (a family joined by ZWJ, a flag, a skin-toned hand) is shown by its first character alone,
        // with a blank after it where that takes one column of the cluster's two. Drawing it whole would take
        // writing the terminal's bytes beside curses.
        if !CursesPresenter.fitsCell(scalars) {
            scalars = [scalars[0]]
            if x + 1 < grid.width, grid[x + 1, y].isContinuation, csevenmin_wcwidth(scalars[0]) < 2 {
                put(CollectionOfOne(0x20), x + 1, y, cell.style)
            }
        }
        put(scalars, x, y, cell.style)
    }

    /// Puts one character, made of `scalars`, at `x`, `y` in `style`.
    private func put(_ scalars: some Collection<UInt32>, _ x: Int, _ y: Int, _ style: CellStyle) {
        characters.removeAll(keepingCapacity: true)
        for scalar in scalars { characters.append(wchar_t(bitPattern: scalar)) }
        characters.append(0)
        var cell = cchar_t()
        var pair = pair(style)
        // The pair goes through setcchar's `opts` as an int, which reaches past 32767 pairs.
        // ignored: ERR only for a character of negative width, and the grid holds printable ones
        setcchar(&cell, characters, attributes(style), 0, &pair)
        // ignored: ERR for the bottom-right cell, which is stored but leaves the cursor nowhere to go on to
        mvadd_wch(Int32(y), Int32(x), &cell)
    }

    /// Whether curses can hold the scalars in one cell: `setcchar` keeps at most `CCHARW_MAX` (5), and
    /// stops at the first after the base that takes columns of its own.
    static func fitsCell(_ scalars: [UInt32]) -> Bool {
        scalars.count <= 5 && scalars.dropFirst().allSatisfy { csevenmin_wcwidth($0) == 0 }
    }

    /// Makes the rows that show a link clickable: curses has no notion of links, so each such row is sent
    /// once more, whole, between the OSC 8 sequences that open and close its link. These are the only
    /// bytes not sent by curses; they change nothing curses believes the screen holds.
    private func drawLinks(_ links: [HyperLink]) {
        for link in links {
            output.insert(Array(HyperLink.sequence(link.url).utf8))
            redraw(row: link.row)
            // ignored: a failed refresh leaves the old frame, and the next one redraws
            refresh()
            output.insert(Array(HyperLink.sequence("").utf8))
        }
    }

    /// Has curses send row `y` whole at the next refresh.
    private func redraw(row y: Int) {
        // ignored: ERR only for a row outside the window (one of a larger screen before a resize), gone anyway
        wredrawln(cncursesw_stdscr(), Int32(y), 1)
    }

    private func attributes(_ style: CellStyle) -> attr_t {
        var a = cncursesw_a_normal()
        if style.bold { a |= cncursesw_a_bold() }
        if style.dim { a |= cncursesw_a_dim() }
        if style.underline { a |= cncursesw_a_underline() }
        if style.reverse { a |= cncursesw_a_reverse() }
        return a
    }

    /// The colour pair for `style`'s colours, made the first time they are asked for; 0, the terminal's
    /// own colours, in monochrome.
    private func pair(_ style: CellStyle) -> Int32 {
        guard depth != .monochrome else { return 0 }
        let colors = Colors(foreground: style.foreground, background: style.background)
        if let lastPair, lastPair.colors == colors { return lastPair.pair }
        if let known = pairs[colors] {
            lastPair = (colors, known)
            return known
        }
        let next = Int32(pairs.count + 1)
        // Our few colours never come near the terminal's number of pairs, but never go past it.
        guard next < cncursesw_color_pairs() else { return 0 }
        // ignored: a pair the terminal refuses is drawn in its default colours, still readable
        init_extended_pair(next, color(style.foreground), color(style.background))
        pairs[colors] = next
        lastPair = (colors, next)
        return next
    }

    /// The colour number curses is given: a palette index, or in direct colour `0xRRGGBB`.
    private func color(_ rgb: RGB) -> Int32 {
        let index = Int32(TerminalPalette.index(rgb, depth: depth))
        // Direct-colour terminfo sends numbers below 8 as the ANSI colours; nudge near-black up.
        return depth == .direct && index < 8 ? 8 : index
    }
}
