// SPDX-License-Identifier: GPL-3.0-or-later
import CNcursesw
import CSevenminSystem
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem
import Synchronization

/// The terminal while curses owns it. Create it only through `withScreen`, which
/// gives the terminal back (cursor, echo, modes, colours) however the body ends.
public final class CursesTerminal: TerminalBackend {
    /// The colours the screen is drawn in, decided before curses starts.
    public let colorDepth: ColorDepth
    private var active = true
    private let signals: SignalPipe
    private var presenter: CursesPresenter!
    private let titles: Bool
    /// Where curses' output is gathered into one write per frame.
    private let output: FrameOutput
    /// Whether the terminal's answer to the start-up question is still to come, among the keys.
    private var awaitingReply = false
    /// Keys that may be the start of that answer, kept back until the keys that follow tell.
    private var unfinishedReply: [Key] = []
    /// Whether the last `pendingKeys` read anything, even if all of it was the terminal's answer.
    public private(set) var readAnything = false

    /// Runs `body` with curses owning the terminal, and always ends curses afterwards.
    public static func withScreen<T>(signals: SignalPipe, colorChoice: ColorChoice = .auto,
                                     _ body: (CursesTerminal) throws -> T) throws -> T {
        let terminal = try CursesTerminal(signals: signals, colorChoice: colorChoice)
        defer { terminal.close() }
        return try body(terminal)
    }

    private init(signals: SignalPipe, colorChoice: ColorChoice) throws {
        self.signals = signals
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        adoptUserLocale()
        let type = visible(getenv("TERM").map { String(cString: $0) } ?? "")
        let described = TermDescription.current
        guard described.known else { throw TerminalError.unknownType(type) }
        guard described.canAddress else { throw TerminalError.cannotAddress(type) }
        let (depth, cursesType) = CursesTerminal.colorDepth(type: type, described: described, choice: colorChoice)
        // The user's own modes, saved before curses changes them, for the crash guard to put back.
        csevenmin_crash_guard_save_modes(STDIN_FILENO)
        // The size comes from the terminal, never from COLUMNS and LINES left in the environment.
        // use_env(false) would be wrong: it makes curses take terminfo's 80x24 over the window's size.
        // use_tioctl(true) has the window's size (TIOCGWINSZ) win over stale LINES and COLUMNS instead.
        use_tioctl(true)
        // Curses writes to a descriptor of its own, which FrameOutput points at memory during a frame.
        guard let frames = try? FrameOutput(), let cursesOutput = fdopen(frames.cursesDescriptor, "w") else {
            throw TerminalError.cannotStart(type)
        }
        output = frames
        // newterm, unlike initscr, returns an error instead of exiting on a bad TERM.
        guard let screen = newterm(cursesType, cursesOutput, cncursesw_stdin()) else {
            throw TerminalError.cannotStart(type)
        }
        // ignored: it returns the previous screen, which we do not need; it cannot fail
        set_term(screen)
        func require(_ call: String, _ result: Int32) throws {
            guard result == ERR else { return }
            // The name of the call is for the log (standard error goes there), not for the user.
            let line = "sevenmin: curses: \(call) failed\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            // ignored: ERR only when curses was not started; the terminal is given back either way
            endwin()
            throw TerminalError.cannotStart(type)
        }
        try require("cbreak", cbreak())
        try require("noecho", noecho())
        try require("nonl", nonl())
        try require("intrflush", intrflush(cncursesw_stdscr(), false))
        try require("keypad", keypad(cncursesw_stdscr(), true))
        try require("nodelay", nodelay(cncursesw_stdscr(), true))
        try require("set_escdelay", set_escdelay(25))
        // No typeahead check during refresh: it costs a poll() per update, and a frame
        // is a few dozen cells, never worth interrupting.
        try require("typeahead", typeahead(-1))
        // Ctrl-S must not freeze the screen: flow control off while we own the terminal.
        var failed: UnsafePointer<CChar>?
        // ignored: without flow control off, Ctrl-S still works as the user's terminal has it; not worth refusing
        csevenmin_tty_flow_control(STDIN_FILENO, 0, &failed)
        try require("def_prog_mode", def_prog_mode())
        // The terminal's modes are set: what curses sends from here to the first frame (the alternate
        // screen, the cursor, colours) goes out with that frame, in its one write.
        output.hold()
        // A terminal without an invisible cursor is still usable: not an error. A hidden cursor is left where
        // the last change put it, rather than curses working out a move back to the window's cursor at the end
        // of every frame and sending it; one that shows (vt100) still goes back there, not onto the text.
        if curs_set(0) != ERR {
            // ignored: ERR only for a null window; stdscr exists while curses runs
            leaveok(cncursesw_stdscr(), true)
        }
        colorDepth = depth != .monochrome && has_colors() ? depth : .monochrome
        if colorDepth != .monochrome { try require("start_color", start_color()) }
        // ncurses 6.4 flushes its output at every cursor jump until it has once given the terminal back
        // and taken it again, so a frame reached the memory file in a write per jump. Given back and
        // taken again at once, into that file, before anything is drawn: the first frame carries both
        // (the alternate screen left and entered again, the modes set again) in its one write.
        // ignored: ERR only when curses was not started, and it was
        endwin()
        // ignored: as for any refresh, the first frame redraws whatever this did not
        refresh()
        // The keypad's mode was given back too; set again now, not at the first read of a key.
        try require("keypad", keypad(cncursesw_stdscr(), true))
        titles = CursesTerminal.canSetTitle(type)
        if titles { output.queue(Array("\u{1B}[22;0t".utf8)) }  // push the current title, popped on exit
        // Echo is off by now, so the terminal's answer never shows.
        if CursesTerminal.has("Sync") { output.synchronized = true } else { askForSynchronizedOutput() }
        presenter = CursesPresenter(depth: colorDepth,
                                    hyperlinks: HyperLink.supported(environment: ProcessEnvironment.current),
                                    output: output)
        armCrashGuard()
    }

    /// Asks the terminal (DECRQM) whether it takes synchronised output, without waiting: the answer
    /// comes in among the keys, which `pendingKeys` takes it out of. Frames before it are sent
    /// unsynchronised, as they would be to a terminal that never answers.
    private func askForSynchronizedOutput() {
        guard (try? SystemCall.write(STDOUT_FILENO, TerminalReplies.query)) != nil else { return }
        awaitingReply = true
    }

    /// Whether the terminal takes xterm's title sequence; others could print it as text.
    static func canSetTitle(_ type: String) -> Bool {
        ["xterm", "tmux", "screen", "rxvt", "alacritty", "kitty", "foot", "wezterm", "vte", "gnome", "konsole"]
            .contains { type.hasPrefix($0) }
    }

    /// The colour depth to draw in, and the terminal type to give curses for it. Curses can send
    /// 24-bit colour only through a direct-colour description, so a terminal that says it has true
    /// colour (`COLORTERM`) under a 256-colour `TERM` is driven through its family's `-direct` entry
    /// (`tmux-256color` → `tmux-direct`) when one is installed, and in 256 colours otherwise.
    static func colorDepth(type: String, described: TermDescription, choice: ColorChoice) -> (ColorDepth, String?) {
        let environment = ProcessEnvironment.current
        // An unknown type has no colours and no direct colour, which is the safe answer.
        let (colors, direct) = (described.colors, described.direct ? Int32(1) : 0)
        let wanted = ColorDepth.detect(colors: Int(colors), directCapable: direct != 0,
                                       colorTerm: environment["COLORTERM"],
                                       noColor: !(environment["NO_COLOR"] ?? "").isEmpty, choice: choice)
        guard wanted == .direct, direct == 0, colors < 0x100_0000 else { return (wanted, nil) }
        let family = type.split(separator: "-").first.map(String.init) ?? type
        var directColors: Int32 = -1, directFlag: Int32 = 0
        let candidate = family + "-direct"
        if cncursesw_term_describe(candidate, &directColors, &directFlag) >= 0, directColors >= 0x100_0000 {
            return (.direct, candidate)
        }
        return (ColorDepth.detect(colors: Int(colors), directCapable: false, colorTerm: nil, noColor: false,
                                  choice: choice), nil)
    }

    /// Whether the terminal's description has string capability `name`.
    static func has(_ name: String) -> Bool {
        guard let p = tigetstr(name) else { return false }
        return Int(bitPattern: p) != -1
    }

    /// Prepares the terminfo strings that undo our modes, so that a crash handler
    /// can write them without calling curses.
    private func armCrashGuard() {
        // The title pushed at the start is popped too, so a crash leaves the user's title, not ours.
        var restore = titles ? "\u{1B}[23;0t" : ""
        for cap in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let p = tigetstr(cap), Int(bitPattern: p) != -1 {
                restore += String(cString: p)
            }
        }
        // A crash in the middle of a frame must not leave it unfinished. Sent whether or not the terminal
        // has said it takes the mode: others ignore a mode they lack.
        restore += String(decoding: TerminalReplies.endSynchronized, as: UTF8.self)
        restore += "\r\n"
        // ignored: without the guard (sigaction failing, or strings past 511 bytes) a crash leaves the modes as
        // they were
        _ = restore.withCString { csevenmin_crash_guard_arm(STDOUT_FILENO, $0, strlen($0)) }
    }

    // MARK: TerminalBackend

    /// The current size in columns and rows.
    public var size: (width: Int, height: Int) {
        var y: Int32 = 0, x: Int32 = 0
        cncursesw_getmaxyx(cncursesw_stdscr(), &y, &x)
        return (Int(x), Int(y))
    }

    public func draw(_ grid: CellGrid) {
        presenter.present(grid)
    }

    public func invalidate() {
        presenter.invalidate()
    }

    public func bell() {
        // ignored: ERR only when the terminal has neither bell nor flash: nothing else to ring
        beep()
        // Rung now, not with the next frame: curses wrote it to the frames' memory.
        output.send()
    }

    /// Sends the title with the next frame, which the app draws in the same turn as it changes it.
    public func setTitle(_ title: String) {
        guard titles else { return }
        output.queue(Array(("\u{1B}]2;" + visible(title) + "\u{07}").utf8))
    }

    /// Writes the notification's OSC sequence in one write of its own, between frames, never
    /// inside one: it comes once, at the finish, when no frame may follow.
    public func notify(title: String, body: String) {
        let environment = ProcessEnvironment.current
        let sequence = DesktopNotification.sequence(title: title, body: body, environment: environment)
        try? SystemCall.write(STDOUT_FILENO, Array(sequence.utf8))   // ignored: a notification is a courtesy
    }

    /// What `TERM` says of the terminal, without starting curses: whether terminfo knows it, whether
    /// it can move the cursor, and the colours a workout would use.
    public static func probe(colorChoice: ColorChoice = .auto) -> (type: String, known: Bool, canAddress: Bool,
                                                                  depth: ColorDepth) {
        let type = visible(getenv("TERM").map { String(cString: $0) } ?? "")
        let described = TermDescription.current
        guard described.known else { return (type, false, false, .monochrome) }
        return (type, true, described.canAddress, colorDepth(type: type, described: described, choice: colorChoice).0)
    }

    /// Gives the terminal back and stops (Ctrl-Z); after `fg`, takes it again.
    public func suspend() {
        guard active else { return }
        // Run from a script, we may not own the terminal's foreground when we come back; setting
        // its modes would then stop us again with SIGTTOU, so that signal is ignored meanwhile.
        let ttou = signal(SIGTTOU, SIG_IGN)
        output.release()
        // ignored: ERR only when curses was not started; the terminal is given back either way
        endwin()
        // ignored: stdout is the terminal being given back; a lost byte of it cannot be reported anywhere
        fflush(nil)
        signals.stopProcess()
        // ignored: a failed refresh leaves the old frame; the next one redraws
        refresh()
        // The terminal's modes are set again: frames go out whole again.
        output.hold()
        // The keypad's mode was given back with the terminal: set again now and sent at once, so that the
        // arrows work from the first key after `fg`, paused as the workout comes back (no frame may follow).
        // ignored: ERR only for a null window, and stdscr exists while curses runs
        keypad(cncursesw_stdscr(), true)
        output.send()
        followResize()
        // ignored: ERR only for a null window, and curscr and stdscr exist while curses runs
        clearok(cncursesw_curscr(), true)
        // ignored: SIG_ERR only for an invalid signal number; SIGTTOU is valid
        signal(SIGTTOU, ttou)
    }

    // MARK: Input

    /// Follows a size change the kernel reports (after SIGWINCH).
    public func followResize() {
        var rows: Int32 = 0, cols: Int32 = 0
        if cncursesw_winsize(STDOUT_FILENO, &rows, &cols) == 0, rows > 0, cols > 0 {
            // ignored: ERR only without memory; the old size is kept and the next resize tries again
            resize_term(rows, cols)
        }
    }

    /// The keys waiting in the input, without blocking.
    public func pendingKeys() -> [Key] {
        var keys: [Key] = []
        var ch: wint_t = 0
        readAnything = false
        while keys.count < 64 {
            let status = wget_wch(cncursesw_stdscr(), &ch)
            if status == ERR { break }
            readAnything = true
            if status == KEY_CODE_YES {
                switch Int32(ch) {
                case KEY_LEFT: keys.append(.left)
                case KEY_RIGHT: keys.append(.right)
                case KEY_UP: keys.append(.up)
                case KEY_DOWN: keys.append(.down)
                case cncursesw_key_resize(): keys.append(.resize)
                default: keys.append(.other(Int(ch)))
                }
            } else if let scalar = Unicode.Scalar(UInt32(ch)) {
                keys.append(.character(Character(scalar)))
            }
        }
        // What curses sent while reading (the keypad's mode, set again at a read) goes out now: no frame
        // may follow soon, and the terminal sends the arrows as curses reads them only once it has it.
        output.send()
        guard awaitingReply else { return keys }
        let answer = TerminalReplies.separate(unfinishedReply + keys)
        unfinishedReply = answer.unfinished
        if answer.reading.synchronizedOutput { output.synchronized = true }
        if answer.reading.complete {
            awaitingReply = false
            defer { unfinishedReply = [] }
            return answer.keys + unfinishedReply
        }
        return answer.keys
    }

    /// After a wake-up that gave no key: true when the input has reached its end (the terminal
    /// went away). A byte that arrived meanwhile is handed back to curses.
    public func inputAtEnd() -> Bool {
        var byte: UInt8 = 0
        let n = read(STDIN_FILENO, &byte, 1)
        if n == 1 {
            // ignored: ERR only when the push-back queue is full; the key is then dropped, as a full buffer would
            ungetch(Int32(byte))
            return false
        }
        return n == 0 || (errno != EINTR && errno != EAGAIN)
    }

    /// Ends curses; safe to call twice.
    public func close() {
        guard active else { return }
        active = false
        // Curses' descriptor back on the terminal before it restores the terminal's modes through it.
        output.release()
        // ignored: dropping typeahead is a courtesy; keys left over do no harm
        flushinp()
        // Without an alternate screen the workout would stay on the user's screen: clear it instead.
        if !CursesTerminal.has("rmcup") {
            // ignored: ERR only for a null window; stdscr exists while curses runs
            erase()
            // ignored: a failed refresh leaves the old frame; the next one redraws
            refresh()
        }
        if titles { writeControl("\u{1B}[23;0t") }
        // ignored: a terminal that cannot hide or show its cursor is still usable
        curs_set(1)
        let ttou = signal(SIGTTOU, SIG_IGN)
        // ignored: ERR only when curses was not started; the terminal is given back either way
        endwin()
        // ignored: stdout is the terminal being given back; a lost byte of it cannot be reported anywhere
        fflush(nil)
        // ignored: SIG_ERR only for an invalid signal number; SIGTTOU is valid
        signal(SIGTTOU, ttou)
        // ignored: sigaction with SIG_DFL on a valid signal cannot fail
        csevenmin_crash_guard_disarm()
    }
}

/// Writes `sequence` as it is, on curses' output stream, and flushes it. Never through `putp` or
/// `tputs`: they read `$<…>` in the text as padding, and routine text (a title, a link) would make
/// them sleep or send NUL bytes. For what goes out between frames (at the end); what belongs to a
/// frame goes through `FrameOutput`, as bytes too.
func writeControl(_ sequence: String) {
    let out = cncursesw_stdout()
    var bytes = Array(sequence.utf8)
    // ignored: a terminal that takes no more output is noticed by the next refresh and at the end.
    _ = fwrite(&bytes, 1, bytes.count, out)
    // ignored: as above.
    _ = fflush(out)
}

/// The size of the terminal on standard output as the kernel reports it (TIOCGWINSZ), if any.
public func kernelTerminalSize() -> (width: Int, height: Int)? {
    var rows: Int32 = 0, cols: Int32 = 0
    guard isatty(STDOUT_FILENO) == 1, cncursesw_winsize(STDOUT_FILENO, &rows, &cols) == 0, cols > 0 else { return nil }
    return (Int(cols), Int(rows))
}

/// What terminfo says of `TERM`'s type, read once for as long as `TERM` names it: a workout asks before
/// standard error goes to the log (can it draw at all?) and again as curses starts, and each load of the
/// description is a file read and parsed.
struct TermDescription: Sendable {
    var known = false, canAddress = false, colors: Int32 = -1, direct = false

    private static let cache = Mutex<(term: String?, description: TermDescription)?>(nil)

    static var current: TermDescription {
        let term = getenv("TERM").map { String(cString: $0) }
        return cache.withLock { cached in
            if let cached, cached.term == term { return cached.description }
            var colors: Int32 = -1, direct: Int32 = 0
            let addressing = cncursesw_term_describe(nil, &colors, &direct)
            let described = addressing < 0 ? TermDescription()
                : TermDescription(known: true, canAddress: addressing == 1, colors: colors, direct: direct != 0)
            cached = (term, described)
            return described
        }
    }
}
