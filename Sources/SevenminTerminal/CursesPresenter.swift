// SPDX-License-Identifier: GPL-3.0-or-later
import CNcursesw
import CSevenminSystem
import Glibc
import SevenminCore
import SevenminSystem

/// Draws cell grids with curses, writing only the cells that changed since the last frame.
public final class CursesPresenter {
    private let depth: ColorDepth
    private var previous: CellGrid?
    private var pairs: [PairKey: Int32] = [:]
    private var colorIndex: [RGB: Int32] = [:]
    private var windowBackground: CellStyle?
    private var lastStyle: CellStyle?
    private var lastLook: (attributes: attr_t, pair: Int32) = (0, 0)

    private struct PairKey: Hashable { var fg: Int32; var bg: Int32 }

    /// What saves and restores the cursor (`sc`, `rc`), around the clusters written over curses'
    /// blanks; nil where the terminal lacks either. Asked once curses has loaded the terminal.
    private lazy var clusterBytes: (save: [UInt8], restore: [UInt8])? = {
        let move = cncursesw_move_bytes(0, 0)
        guard move != nil, let save = CursesPresenter.capability("sc"),
              let restore = CursesPresenter.capability("rc") else { return nil }
        return (save, restore)
    }()

    /// Whether to make links clickable: only where the terminal is known to take OSC 8.
    private let hyperlinks: Bool
    /// Where each frame's bytes are gathered into one write.
    private let output: FrameOutput
    /// Whether the terminal reverses its whole screen itself (DECSCNM), for a grid marked `reversed`.
    private let reversesScreen: Bool
    /// Whether the screen is reversed now; nil when not known (after `invalidate`).
    private var screenReversed: Bool? = false

    /// Where a lit screen (a flash) is drawn: a window over the whole screen, so that stdscr keeps the frame
    /// under it, and the frame after the flash is stdscr shown again, with only its own changes written.
    private var flashWindow: UnsafeMutablePointer<WINDOW>?
    /// Whether the flash window is what the terminal shows, over stdscr.
    private var flashShown = false

    /// DECSCNM: the whole screen in reverse video, and back.
    static let reverseScreen = "\u{1B}[?5h", normalScreen = "\u{1B}[?5l"

    /// Whether the terminal clears in the current background colour (`bce`, or tmux): a lit screen is then
    /// its colour and one clear, sent as it is, instead of every blank through curses.
    private let erasesInColour: Bool

    /// Whether the terminal is sent UTF-8 (the locale's charset), so that a frame sent by the presenter
    /// itself may hold characters beyond ASCII.
    private let sendsUTF8: Bool

    /// The rows the presenter has sent cells of itself since curses last refreshed (`drawItself`): what
    /// curses believes the terminal shows there is out of date until it is told (`tellCurses`).
    private var rowsSentItself: [Bool] = []

    init(depth: ColorDepth, hyperlinks: Bool = false, output: FrameOutput, reversesScreen: Bool = false,
         erasesInColour: Bool = false, sendsUTF8: Bool = false) {
        self.sendsUTF8 = sendsUTF8
        self.depth = depth
        self.hyperlinks = hyperlinks
        self.output = output
        self.reversesScreen = reversesScreen
        self.erasesInColour = erasesInColour
    }

    /// Puts the screen back to normal video, before curses gives the terminal back.
    func giveBackScreen() {
        guard reversesScreen, screenReversed != false else { return }
        // ignored: the terminal being given back is gone if this fails.
        try? SystemCall.write(STDOUT_FILENO, Array(CursesPresenter.normalScreen.utf8))
        screenReversed = false
    }

    /// Forgets what is on screen, so the next frame is drawn in full (after resize or `fg`).
    public func invalidate() {
        previous = nil
        rowsSentItself = []
        windowBackground = nil
        screenReversed = nil
        flashShown = false
        // ignored: ERR only for a null window, and curscr and stdscr exist while curses runs
        clearok(cncursesw_curscr(), true)
    }

    /// Draws `grid`; returns how many cells were written.
    @discardableResult
    public func present(_ grid: CellGrid) -> Int {
        let reversed = reversesScreen && grid.reversed
        var mode: [UInt8] = []
        if reversesScreen, screenReversed != reversed {
            mode = Array((reversed ? CursesPresenter.reverseScreen : CursesPresenter.normalScreen).utf8)
            screenReversed = reversed
        }
        // A flash lights the screen in one blank, drawn by curses over stdscr, which keeps the frame under it;
        // a frame that is the flash again (news in its 150 ms) changes nothing.
        if let lit = grid.lit, let shown = previous, shown.lit != lit {
            if flashShown {
                // Only what waits for a frame (a title) goes out.
                output.frame(prefix: mode) {}
                return 0
            }
            if erasesInColour, let cleared = clearedBytes(lit) {
                output.frame(prefix: mode + cleared) {}
                // ignored: ERR only for a null window, and curscr exists while curses runs
                clearok(cncursesw_curscr(), true)
                flashShown = true
                return grid.width * grid.height
            }
            if !flashShown, let window = flashWindow(grid.width, grid.height) {
                output.frame(prefix: mode) { light(window, lit) }
                return grid.width * grid.height
            }
        }
        let changed = grid.changes(since: previous)
        // A frame that changes nothing (the figure's dots the same as an eighth of a second ago) costs
        // no curses call and no system call at all.
        guard !changed.isEmpty || !mode.isEmpty || output.hasQueued || (hyperlinks && grid.links != previous?.links)
            || flashShown
        else {
            keep(grid, changed: changed)
            return 0
        }
        // A new screen, or the one under a flash, is sent whole; a small change, only itself.
        let whole = flashShown || changed.count * 2 > grid.width * grid.height
        output.frame(prefix: mode) {
            if !(mode.isEmpty && sendsItself(grid, changed: changed) && drawItself(grid, changed: changed))
                && !(whole && drawWholeItself(grid, changed: changed)) {
                draw(grid, changed: changed)
            }
        }
        return changed.count
    }

    /// The flash window, made (or made again) the size of the screen; nil if curses cannot make one,
    /// and then the lit grid is drawn as any other.
    private func flashWindow(_ width: Int, _ height: Int) -> UnsafeMutablePointer<WINDOW>? {
        if let window = flashWindow {
            var y: Int32 = 0, x: Int32 = 0
            cncursesw_getmaxyx(window, &y, &x)
            if x == width, y == height { return window }
            // ignored: ERR only for a null window, and this one exists
            delwin(window)
        }
        flashWindow = newwin(Int32(height), Int32(width), 0, 0)
        // The cursor is left where stdscr leaves it (`CursesTerminal`).
        // ignored: ERR only for a null window, and then there is no flash window to leave the cursor in
        if let window = flashWindow { leaveok(window, is_leaveok(cncursesw_stdscr())) }
        return flashWindow
    }

    /// Shows the whole screen as blanks in `style`: curses clears the window and sends what it takes
    /// (a clear where the terminal clears in colour, rows of blanks elsewhere).
    private func light(_ window: UnsafeMutablePointer<WINDOW>, _ style: CellStyle) {
        tellCurses()
        var blank = cchar_t()
        var pairNumber = pair(style)
        // ignored: ERR only for an over-long string; a blank is one character
        setcchar(&blank, [wchar_t(32), 0], attributes(style), 0, &pairNumber)
        wbkgrndset(window, &blank)
        // ignored: ERR only for a null window, and this one exists
        werase(window)
        // ignored: a failed refresh leaves the old frame; the next one redraws
        wnoutrefresh(window)
        // ignored: as for refresh, the next frame redraws
        doupdate()
        flashShown = true
    }

    /// The screen cleared in `style`'s colours (its attributes, `clear`, normal video again), for a terminal
    /// that clears in the current background: curses is then told the screen is not what it holds, and
    /// the frame after it is drawn whole. Nil without a `clear`.
    private func clearedBytes(_ style: CellStyle) -> [UInt8]? {
        // In reverse video a terminal may clear in either colour: such a lit screen goes through curses.
        guard !style.reverse, let clear = CursesPresenter.capability("clear"), let look = attributeBytes(attributes(style), pair(style)),
              let normal = attributeBytes(cncursesw_a_normal(), 0) else { return nil }
        return look + clear + normal
    }

    /// Curses calls for `grid`: the cells that changed, then one `refresh`. After a flash, the whole of
    /// stdscr goes back over it: curses sends what differs from the lit screen.
    private func draw(_ grid: CellGrid, changed: [(x: Int, y: Int)]) {
        tellCurses()
        let afterFlash = flashShown
        flashShown = false
        // ignored: ERR only for a null window; stdscr exists while curses runs
        if afterFlash { touchwin(cncursesw_stdscr()) }
        // The screen's dominant colour becomes the window background: curses then clears
        // runs of it with erase sequences instead of writing every blank cell.
        var background: CellStyle?
        if grid.width > 0, grid.height > 0 {
            background = grid[0, grid.height / 2].style
            if let background { useWindowBackground(background) }
        }
        // A new screen (a change of segment, the first frame) is most of the cells: the window is erased to
        // its background in one call, and only the cells that do not look like its blanks are handed over
        // one by one (a plain blank shows its background colour alone, whatever its attributes).
        var cells = changed
        // A blank between two cells of one style is drawn in theirs (`CellGrid.gapStyles`): the same look,
        // and the terminal is not sent a change of attributes on each side of it.
        var gaps = [[CellStyle?]?](repeating: nil, count: grid.height)
        if let background, changed.count * 2 > grid.width * grid.height {
            // ignored: ERR only for a null window; stdscr exists while curses runs
            werase(cncursesw_stdscr())
            let screen = CursesPresenter.cellsOverBlanks(of: grid, background: background)
            cells = screen.cells
            gaps = screen.gaps
        }
        var blanks: BlankRun?
        for (x, y) in cells {
            let cell = grid[x, y]
            if cell.isContinuation { continue }
            // Neighbouring cells nearly always share a style: look it up once per run.
            let style = CursesPresenter.shownStyle(grid, x, y, rowGaps: gaps[y], run: &blanks)
            if style != lastStyle {
                lastStyle = style
                lastLook = (attributes(style), pair(style))
            }
            // Nearly every cell is one scalar: it goes to curses from the stack, with no array made for it.
            if let scalar = grid.scalar(x: x, y: y) {
                put(scalar, x, y, lastLook.attributes, lastLook.pair)
                continue
            }
            var cch = cchar_t()
            let scalars = grid.scalars(x: x, y: y)
            // A cluster a curses cell cannot hold is held as blanks, and written whole by `drawClusters`;
            // where the terminal cannot save the cursor, curses shows its first scalar alone.
            let whole = CursesPresenter.fitsCell(scalars)
            var wide = whole ? scalars.map { wchar_t(bitPattern: $0) }
                : [clusterBytes == nil ? wchar_t(bitPattern: scalars[0]) : wchar_t(32)]
            wide.append(0)
            if !whole, x + 1 < grid.width, grid[x + 1, y].isContinuation { blank(x + 1, y, cell.style) }
            // The pair goes through setcchar's `opts` as an int, which reaches past 32767 pairs.
            // ignored: ERR only for an over-long string; a cell holds one cluster
            setcchar(&cch, wide, lastLook.attributes, 0, &lastLook.pair)
            // ignored: ERR for the bottom-right cell, which curses cannot write without scrolling: expected and harmless
            mvadd_wch(Int32(y), Int32(x), &cch)
        }
        let redrawn = !changed.isEmpty || afterFlash
        // ignored: a failed refresh leaves the old frame; the next one redraws
        if redrawn { refresh() }
        if hyperlinks, !grid.links.isEmpty, grid.links != previous?.links || redrawn {
            linkRows(grid.links)
        }
        // Whatever curses wrote this frame may have gone over one; so each is written again, last.
        if redrawn { drawClusters(grid) }
        keep(grid, changed: changed)
    }

    /// Makes `background`, a screen's dominant style, stdscr's background: curses then clears runs of it
    /// with erase sequences instead of writing every blank cell, and `werase` fills the window with it.
    private func useWindowBackground(_ background: CellStyle) {
        guard background != windowBackground else { return }
        var blank = cchar_t()
        var pairNumber = pair(background)
        // Its colours alone: curses adds the background's attributes to every character put after it,
        // so a bold, dim or reversed background made text bold, dim or reversed that is not.
        // ignored: ERR only for an over-long string; a cell holds one cluster
        setcchar(&blank, [wchar_t(32), 0], cncursesw_a_normal(), 0, &pairNumber)
        wbkgrndset(cncursesw_stdscr(), &blank)
        windowBackground = background
    }

    /// Whether a frame is sent by the presenter itself (`drawItself`): one that changes less than half the
    /// screen (a second ticking by, a panel), over a frame of the presenter's own, where curses leaves the
    /// hidden cursor where it is and the terminal saves and restores it, and where no row showing a link
    /// changes (such a row is drawn again whole, inside its link: `linkRows`).
    private func sendsItself(_ grid: CellGrid, changed: [(x: Int, y: Int)]) -> Bool {
        guard let previous, !flashShown, changed.count * 2 <= grid.width * grid.height, clusterBytes != nil,
              movesInColour, is_leaveok(cncursesw_stdscr()) else { return false }
        guard hyperlinks, !grid.links.isEmpty else { return true }
        return grid.links == previous.links && !changed.contains { cell in grid.links.contains { $0.row == cell.y } }
    }

    /// Sends the changed cells itself, in one pass, instead of through curses' refresh, which weighed five
    /// ways to make each cursor move (a `tparm` for each candidate) and converted every character through
    /// the C library's multibyte machinery: together nearly half of a quiet second's instructions. Each run of
    /// cells is one move (`cup`) and its characters, each change of look what curses' `vid_puts` sends;
    /// the cursor and look are saved first and restored last (`sc`, `rc`), as for the clusters, so that
    /// curses goes on from where it believes the terminal is.
    ///
    /// Curses still holds every cell: they go into stdscr and, without a refresh, into its screen to come
    /// (`wnoutrefresh`), and before its next refresh (a new screen, or the terminal given back) it is told
    /// that it no longer knows what those rows show (`tellCurses`), so that it sends them whole. Returns false, before
    /// changing anything, where a cell needs curses: a character of several scalars or of two columns, a
    /// control, one the locale's charset cannot carry, or the bottom-right cell, which curses writes
    /// without scrolling the screen; and false where curses cannot say how a look is sent, after which
    /// its refresh sends the frame.
    private func drawItself(_ grid: CellGrid, changed: [(x: Int, y: Int)]) -> Bool {
        guard let (save, restore) = clusterBytes, sendable(changed, of: grid) else { return false }
        if rowsSentItself.count != grid.height {
            tellCurses()
            rowsSentItself = Array(repeating: false, count: grid.height)
        }
        guard let bytes = send(changed, of: grid, after: save, gaps: nil) else { return false }
        // ignored: ERR only for a null window; stdscr exists while curses runs
        wnoutrefresh(cncursesw_stdscr())
        output.insert(bytes + restore)
        keep(grid, changed: changed)
        return true
    }

    /// Sends a new screen itself (most of it changed, or a lit flash over it), where the terminal clears in
    /// the current background: curses' refresh of one repainted every row, and cost as much as eight quiet
    /// seconds. The screen is cleared in its dominant style (`clear`), then the cells that do not look like
    /// a blank of it are sent as `drawItself` sends a small change. Curses is given the same: stdscr erased
    /// to that style, the same cells put into it, and every row marked as sent (`tellCurses`). Returns false,
    /// before changing anything, for the first frame after curses lost the screen (the first, a resize,
    /// `fg`), which it draws itself, for a screen with a link, and wherever `drawItself` would.
    private func drawWholeItself(_ grid: CellGrid, changed: [(x: Int, y: Int)]) -> Bool {
        guard erasesInColour, previous != nil, grid.width > 0, grid.height > 0, let (save, restore) = clusterBytes,
              movesInColour, is_leaveok(cncursesw_stdscr()), !hyperlinks || grid.links.isEmpty else { return false }
        let background = grid[0, grid.height / 2].style
        guard let cleared = clearedBytes(background) else { return false }
        let (cells, gaps) = CursesPresenter.cellsOverBlanks(of: grid, background: background)
        guard sendable(cells, of: grid) else { return false }
        tellCurses()
        useWindowBackground(background)
        // ignored: ERR only for a null window; stdscr exists while curses runs
        werase(cncursesw_stdscr())
        rowsSentItself = Array(repeating: true, count: grid.height)
        // Had a look or a move failed, curses sends the frame instead, every row of it: stdscr holds its blanks.
        guard let bytes = send(cells, of: grid, after: save + cleared, gaps: gaps) else {
            draw(grid, changed: (0..<grid.height).flatMap { y in (0..<grid.width).map { (x: $0, y: y) } })
            return true
        }
        flashShown = false
        // ignored: ERR only for a null window; stdscr exists while curses runs
        wnoutrefresh(cncursesw_stdscr())
        output.insert(bytes + restore)
        keep(grid, changed: changed)
        return true
    }

    /// The cells of a new screen drawn over blanks of `background`, in order: those that do not look like
    /// one of its blanks (a plain blank shows its background colour alone, whatever its attributes), with
    /// each row's `CellGrid.gapStyles`.
    private static func cellsOverBlanks(of grid: CellGrid, background: CellStyle)
        -> (cells: [(x: Int, y: Int)], gaps: [[CellStyle?]?]) {
        var cells: [(x: Int, y: Int)] = []
        var gaps: [[CellStyle?]?] = []
        gaps.reserveCapacity(grid.height)
        for y in 0..<grid.height {
            let rowGaps = grid.gapStyles(row: y)
            gaps.append(rowGaps)
            for x in 0..<grid.width where !grid[x, y].isPlainBlank || rowGaps[x] != nil
                || grid[x, y].style.background != background.background {
                cells.append((x: x, y: y))
            }
        }
        return (cells, gaps)
    }

    /// The style `grid`'s cell at `x`, `y` is drawn in: a blank between two cells of one style in theirs,
    /// from `rowGaps` (its row's `CellGrid.gapStyles`) where worked out already, else from its run of blanks,
    /// kept in `run` for the blanks after it.
    private static func shownStyle(_ grid: CellGrid, _ x: Int, _ y: Int, rowGaps: [CellStyle?]?,
                                   run: inout BlankRun?) -> CellStyle {
        let cell = grid[x, y]
        guard cell.isPlainBlank else { return cell.style }
        if let rowGaps { return rowGaps[x] ?? cell.style }
        if run == nil || run!.y != y || !run!.columns.contains(x), let found = grid.blankRun(x: x, y: y) {
            run = BlankRun(y: y, columns: found.columns, style: found.style)
        }
        return run?.style ?? cell.style
    }

    /// A row's run of plain blanks and the style they are drawn in (`CellGrid.blankRun`).
    private struct BlankRun {
        var y: Int
        var columns: Range<Int>
        var style: CellStyle?
    }

    /// Whether the presenter may send each of `cells` itself: a character of one scalar and one column,
    /// that the locale's charset carries; the bottom-right cell only where writing it cannot scroll the
    /// screen (`writesLastCell`), and curses' own tricks for it are otherwise needed.
    private func sendable(_ cells: [(x: Int, y: Int)], of grid: CellGrid) -> Bool {
        let width = grid.width, height = grid.height
        for (x, y) in cells {
            guard let scalar = grid.scalar(x: x, y: y), sendable(scalar), !grid[x, y].isContinuation,
                  x + 1 == width ? y + 1 < height || writesLastCell : !grid[x + 1, y].isContinuation
            else { return false }
        }
        return true
    }

    /// `opening`, then each of `cells` (all `sendable`) sent and put into stdscr: a change of look where it
    /// changes, a move where the cursor is not already there, its character; then normal video, in which
    /// curses believes a frame leaves the terminal. Marks their rows in `rowsSentItself`. A blank takes the
    /// style of the cells around it (`gaps`, each row's `CellGrid.gapStyles`, or found cell by cell). Nil
    /// where curses cannot say how a look or move is sent.
    private func send(_ cells: [(x: Int, y: Int)], of grid: CellGrid, after opening: [UInt8],
                      gaps: [[CellStyle?]?]?) -> [UInt8]? {
        var bytes = opening
        bytes.reserveCapacity(opening.count + cells.count * 8 + 256)
        var cursor = (x: -1, y: -1)
        // Curses leaves the terminal in normal video after each frame, and `opening` too.
        var sent = Look(attributes: cncursesw_a_normal(), pair: 0)
        // The loop keeps what it changes in locals, which cost no exclusive-access checks, cell after cell.
        var rows: [Bool] = []
        swap(&rows, &rowsSentItself)
        defer { swap(&rows, &rowsSentItself) }
        // The cells since the last move, a run along one row, go into stdscr in one call: one `mvadd_wch`
        // a cell, which weighs each character as `addch` does, cost more than the rest of the loop.
        var run: [cchar_t] = []
        swap(&run, &runCells)
        defer {
            run.removeAll(keepingCapacity: true)
            swap(&run, &runCells)
        }
        var runStart = (x: 0, y: 0)
        var style: CellStyle?, look = sent
        var row = -1, rowGaps: [CellStyle?]?, blanks: BlankRun?
        for (x, y) in cells {
            let scalar = grid.scalar(x: x, y: y)!
            if y != row {
                row = y
                rowGaps = gaps?[y]
            }
            let shown = CursesPresenter.shownStyle(grid, x, y, rowGaps: rowGaps, run: &blanks)
            if shown != style {
                style = shown
                look = Look(attributes: attributes(shown), pair: pair(shown))
            }
            if look != sent {
                guard let change = lookChange(from: sent, to: look) else { return nil }
                bytes += change
                sent = look
            }
            if cursor != (x, y) {
                guard appendMove(y, x, to: &bytes) else { return nil }
                CursesPresenter.put(run, row: runStart.y, from: runStart.x)
                run.removeAll(keepingCapacity: true)
                runStart = (x, y)
            }
            CursesPresenter.appendUTF8(scalar, to: &bytes)
            run.append(cncursesw_cell(wchar_t(bitPattern: scalar), look.attributes, look.pair))
            rows[y] = true
            cursor = (x + 1, y)
        }
        CursesPresenter.put(run, row: runStart.y, from: runStart.x)
        // Curses believes a frame ends in normal video.
        guard let normal = lookChange(from: sent, to: Look(attributes: cncursesw_a_normal(), pair: 0)) else {
            return nil
        }
        return bytes + normal
    }

    /// Where `send` gathers a run of cells: kept, so that a frame makes no array for it.
    private var runCells: [cchar_t] = []

    /// Puts a run of one-column cells into stdscr from row `y`, column `x`, as `mvadd_wch` would put them
    /// one by one (each rendered over the window's background alike), without moving on to the next row.
    private static func put(_ run: [cchar_t], row y: Int, from x: Int) {
        guard !run.isEmpty else { return }
        run.withUnsafeBufferPointer { cells in
            // ignored: ERR only for a null window or a start outside it; stdscr exists and `send`'s cells are in it
            _ = mvadd_wchnstr(Int32(y), Int32(x), cells.baseAddress, Int32(cells.count))
        }
    }

    /// Tells curses that the terminal no longer shows what it believes on the rows sent by the presenter
    /// itself (`wredrawln`), so that its refresh sends them whole: before any refresh of curses' own, which
    /// would otherwise take a cell that went back to what curses last sent for one the terminal shows.
    /// Told once, before the refresh, rather than at every frame sent, which cost a tenth of a quiet second.
    func tellCurses() {
        var y = 0
        while y < rowsSentItself.count {
            guard rowsSentItself[y] else { y += 1; continue }
            var end = y
            while end < rowsSentItself.count, rowsSentItself[end] { end += 1 }
            // ignored: ERR only for rows outside the window, and these are inside it
            wredrawln(cncursesw_stdscr(), Int32(y), Int32(end - y))
            y = end
        }
        rowsSentItself = []
    }

    /// A cell's attributes and colour pair, as curses is given them.
    private struct Look: Hashable {
        var attributes: attr_t
        var pair: Int32
    }

    /// The bytes that take the terminal from one look to another, as curses' `vid_puts` sends them, by pair
    /// of looks: a frame has few, and a quiet second the same ones each time.
    private var lookChanges: [LookChange: [UInt8]] = [:]
    private struct LookChange: Hashable { var old: Look; var new: Look }

    /// What takes the terminal from look `old` to `new`: `vid_puts` into `old` (its bytes dropped), then into
    /// `new`, then back into normal video, where curses believes a frame leaves the terminal; nil where
    /// curses cannot say.
    private func lookChange(from old: Look, to new: Look) -> [UInt8]? {
        if let known = lookChanges[LookChange(old: old, new: new)] { return known }
        let normal = cncursesw_a_normal()
        let change = attributeBytes(old.attributes, old.pair).flatMap { _ in attributeBytes(new.attributes, new.pair) }
        // ignored: only to put curses' belief back to normal video; nothing is sent
        _ = attributeBytes(normal, 0)
        if let change { lookChanges[LookChange(old: old, new: new)] = change }
        return change
    }

    /// Whether the terminal keeps the colours and attributes across a cursor move (`msgr`), as every
    /// terminal today does: curses otherwise turns them off before each move.
    private lazy var movesInColour: Bool = tigetflag("msgr") == 1

    /// Whether a character written into the bottom-right cell leaves the screen where it is: without
    /// automatic margins (`am`), or where the terminal waits for the next character before it wraps
    /// (`xenl`, as xterm, tmux, the Linux console and every VT100 descendant do). A move or `rc` follows
    /// it in every frame the presenter sends, and either ends that wait without a scroll.
    private lazy var writesLastCell: Bool = tigetflag("am") != 1 || tigetflag("xenl") == 1

    /// Whether the presenter may send `scalar` itself: a printable character of one column, ASCII unless
    /// the terminal is sent UTF-8.
    private func sendable(_ scalar: UInt32) -> Bool {
        if scalar < 0x7F { return scalar >= 0x20 }
        return sendsUTF8 && scalar >= 0xA0 && csevenmin_wcwidth(scalar) == 1
    }

    /// Where the terminal's `cup` is ANSI's (checked once curses has loaded the terminal), its bytes
    /// made here; otherwise by `tiparm`.
    private lazy var ansiMoves: Bool = cncursesw_move_bytes(4, 6).map { String(cString: $0) == "\u{1B}[5;7H" } ?? false

    /// Appends the bytes that move the cursor to row `y`, column `x`; false where the terminal has no `cup`.
    private func appendMove(_ y: Int, _ x: Int, to bytes: inout [UInt8]) -> Bool {
        guard ansiMoves else {
            guard let move = cncursesw_move_bytes(Int32(y), Int32(x)) else { return false }
            bytes += Array(String(cString: move).utf8)
            return true
        }
        bytes.append(0x1B)
        bytes.append(UInt8(ascii: "["))
        appendDecimal(y + 1, to: &bytes)
        bytes.append(UInt8(ascii: ";"))
        appendDecimal(x + 1, to: &bytes)
        bytes.append(UInt8(ascii: "H"))
        return true
    }

    private func appendDecimal(_ n: Int, to bytes: inout [UInt8]) {
        if n >= 10 { appendDecimal(n / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
    }

    @inline(__always)
    private static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        // Nearly every character sent is ASCII: one byte, with no encoder.
        if scalar < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: scalar))
            return
        }
        guard let s = Unicode.Scalar(scalar) else { return }
        UTF8.encode(s) { bytes.append($0) }
    }

    /// Puts one cell of one scalar into stdscr, with these attributes and colour pair.
    private func put(_ scalar: UInt32, _ x: Int, _ y: Int, _ attributes: attr_t, _ pair: Int32) {
        var cch = cncursesw_cell(wchar_t(bitPattern: scalar), attributes, pair)
        // ignored: ERR for the bottom-right cell, which curses cannot write without scrolling: harmless
        mvadd_wch(Int32(y), Int32(x), &cch)
    }

    /// Remembers `grid` as what is on screen, in storage of the presenter's own (`CellGrid.show`).
    private func keep(_ grid: CellGrid, changed: [(x: Int, y: Int)]) {
        if previous == nil {
            previous = grid
        } else {
            previous!.show(grid, changed: changed)
        }
    }

    /// Whether curses can hold the scalars in one cell: `setcchar` keeps at most `CCHARW_MAX` (5), and
    /// stops at the first after the base that takes columns of its own, so a family (joined by ZWJ), a
    /// flag or a skin-toned hand would lose all but its first emoji.
    static func fitsCell(_ scalars: [UInt32]) -> Bool {
        scalars.count <= 5 && scalars.dropFirst().allSatisfy { csevenmin_wcwidth($0) == 0 }
    }

    /// A blank in `style` where the second column of a cluster held as blanks is.
    private func blank(_ x: Int, _ y: Int, _ style: CellStyle) {
        put(UInt32(0x20), x, y, attributes(style), pair(style))
    }

    /// Writes the clusters curses cannot hold, whole, over the blanks it holds for them: the cursor and
    /// the attributes saved first (`sc`), each moved to (`cup`), put in its cell's colours as curses
    /// would send them, and both put back (`rc`), so curses goes on from where it believes it is.
    private func drawClusters(_ grid: CellGrid) {
        guard let (save, restore) = clusterBytes else { return }
        let cells = grid.clusterCells().filter { !CursesPresenter.fitsCell(grid.scalars(x: $0.x, y: $0.y)) }
        guard !cells.isEmpty else { return }
        var bytes = save
        for (x, y) in cells {
            let style = grid[x, y].style
            // Copied at once: `tiparm` answers in a buffer of its own, which `vid_puts` reuses.
            guard let move = cncursesw_move_bytes(Int32(y), Int32(x)).map({ Array(String(cString: $0).utf8) }),
                  let look = attributeBytes(attributes(style), pair(style)) else { return }
            bytes += move + look
            bytes += Array(String(grid.character(x: x, y: y)).utf8)
        }
        // Curses ends every refresh in normal video, and is told so again.
        guard let normal = attributeBytes(cncursesw_a_normal(), 0) else { return }
        output.insert(bytes + normal + restore)
    }

    /// The bytes curses sends for these attributes and colours (`vid_puts`).
    private func attributeBytes(_ attributes: attr_t, _ pair: Int32) -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = cncursesw_attribute_bytes(attributes, pair, &buffer, Int32(buffer.count))
        guard count >= 0 else { return nil }
        return buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }
    }

    /// A terminfo string capability's bytes, or nil where the terminal has none.
    private static func capability(_ name: String) -> [UInt8]? {
        guard let p = tigetstr(name), Int(bitPattern: p) != -1 else { return nil }
        return Array(String(cString: p).utf8)
    }

    /// Makes rows that show a link clickable (OSC 8): curses has no notion of links, so each such row
    /// is drawn once more, whole, between the sequences that open and close the link.
    private func linkRows(_ links: [HyperLink]) {
        for link in links {
            output.insert(Array(HyperLink.sequence(link.url).utf8))
            // ignored: ERR only for lines outside the window, and the row is inside it
            wredrawln(cncursesw_stdscr(), Int32(link.row), 1)
            // ignored: a failed refresh leaves the old frame; the next one redraws
            refresh()
            output.insert(Array(HyperLink.sequence("").utf8))
        }
    }

    private func attributes(_ style: CellStyle) -> attr_t {
        var a = cncursesw_a_normal()
        if style.bold { a |= cncursesw_a_bold() }
        if style.dim { a |= cncursesw_a_dim() }
        if style.underline { a |= cncursesw_a_underline() }
        if style.reverse { a |= cncursesw_a_reverse() }
        return a
    }

    /// The colour number curses is given: a palette index, or in direct colour `0xRRGGBB`.
    private func color(_ rgb: RGB) -> Int32 {
        if let known = colorIndex[rgb] { return known }
        var index = Int32(TerminalPalette.index(rgb, depth: depth))
        // Direct-colour terminfo sends numbers below 8 as the ANSI colours; nudge near-black up.
        if depth == .direct, index < 8 { index = 8 }
        colorIndex[rgb] = index
        return index
    }

    private func pair(_ style: CellStyle) -> Int32 {
        guard depth != .monochrome else { return 0 }
        let key = PairKey(fg: color(style.foreground), bg: color(style.background))
        if let known = pairs[key] { return known }
        let next = Int32(pairs.count + 1)
        // Too many distinct pairs cannot happen with our few colours, but never exceed the terminal's.
        guard next < cncursesw_color_pairs() else { return 0 }
        // ignored: a pair the terminal refuses is drawn in its default colours, still readable
        init_extended_pair(next, key.fg, key.bg)
        pairs[key] = next
        return next
    }
}
