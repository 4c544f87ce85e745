import CNcursesw
import CSevenminSystem
import Foundation
import SevenminCore

/// The terminal while curses owns it. Create it only through `withScreen`, which
/// gives the terminal back (cursor, echo, modes, colours) however the body ends.
public final class CursesTerminal {
    /// The colours the screen is drawn in, decided before curses starts.
    public let colorDepth: ColorDepth
    private var active = true

    /// Runs `body` with curses owning the terminal, and always ends curses afterwards.
    public static func withScreen<T>(colorChoice: ColorChoice = .auto,
                                     _ body: (CursesTerminal) throws -> T) throws -> T {
        let terminal = try CursesTerminal(colorChoice: colorChoice)
        defer { terminal.close() }
        return try body(terminal)
    }

    private init(colorChoice: ColorChoice) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(call: "isatty", detail: "standard input and output must be a terminal")
        }
        setlocale(LC_ALL, "")
        let type = ProcessInfo.processInfo.environment["TERM"] ?? ""
        switch cncursesw_term_can_address(nil) {
        case -1: throw TerminalError(call: "setupterm", detail: "unknown terminal type '\(visible(type))'; set TERM to your terminal's type")
        case 0: throw TerminalError(call: "setupterm", detail: "terminal type '\(visible(type))' cannot move the cursor, and sevenmin needs a full-screen terminal")
        default: break
        }
        let (depth, cursesType) = CursesTerminal.colorDepth(type: type, choice: colorChoice)
        // newterm, unlike initscr, returns an error instead of exiting on a bad TERM.
        guard let screen = newterm(cursesType, cncursesw_stdout(), cncursesw_stdin()) else {
            throw TerminalError(call: "newterm", detail: "cannot drive the terminal type '\(visible(type))'")
        }
        set_term(screen)
        cbreak()
        noecho()
        nonl()
        intrflush(cncursesw_stdscr(), false)
        keypad(cncursesw_stdscr(), true)
        nodelay(cncursesw_stdscr(), true)
        set_escdelay(25)
        // No typeahead check during refresh: it costs a poll() per update, and a frame
        // is a few dozen cells, never worth interrupting.
        typeahead(-1)
        curs_set(0)
        colorDepth = depth != .monochrome && has_colors() ? depth : .monochrome
        if colorDepth != .monochrome { start_color() }
        armCrashGuard()
    }

    /// The colour depth to draw in, and the terminal type to give curses for it. Curses can send
    /// 24-bit colour only through a direct-colour description, so a terminal that says it has true
    /// colour (`COLORTERM`) under a 256-colour `TERM` is driven through its family's `-direct` entry
    /// (`tmux-256color` → `tmux-direct`) when one is installed, and in 256 colours otherwise.
    static func colorDepth(type: String, choice: ColorChoice) -> (ColorDepth, String?) {
        let environment = ProcessInfo.processInfo.environment
        var colors: Int32 = -1, direct: Int32 = 0
        _ = cncursesw_term_colors(nil, &colors, &direct)
        let wanted = ColorDepth.detect(colors: Int(colors), directCapable: direct != 0,
                                       colorTerm: environment["COLORTERM"],
                                       noColor: !(environment["NO_COLOR"] ?? "").isEmpty, choice: choice)
        guard wanted == .direct, direct == 0, colors < 0x100_0000 else { return (wanted, nil) }
        let family = type.split(separator: "-").first.map(String.init) ?? type
        var directColors: Int32 = -1, directFlag: Int32 = 0
        let candidate = family + "-direct"
        if cncursesw_term_colors(candidate, &directColors, &directFlag) == 0, directColors >= 0x100_0000 {
            return (.direct, candidate)
        }
        return (ColorDepth.detect(colors: Int(colors), directCapable: false, colorTerm: nil, noColor: false,
                                  choice: choice), nil)
    }

    /// Prepares the terminfo strings that undo our modes, so that a crash handler
    /// can write them without calling curses.
    private func armCrashGuard() {
        var restore = ""
        for cap in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let p = tigetstr(cap), Int(bitPattern: p) != -1 {
                restore += String(cString: p)
            }
        }
        restore += "\r\n"
        _ = restore.withCString { csevenmin_crash_guard_arm(STDOUT_FILENO, $0, strlen($0)) }
    }

    /// The current size in columns and rows.
    public var size: (width: Int, height: Int) {
        var y: Int32 = 0, x: Int32 = 0
        cncursesw_getmaxyx(cncursesw_stdscr(), &y, &x)
        return (Int(x), Int(y))
    }

    /// Follows a size change the kernel reports (after SIGWINCH).
    public func followResize() {
        var rows: Int32 = 0, cols: Int32 = 0
        if cncursesw_winsize(STDOUT_FILENO, &rows, &cols) == 0, rows > 0, cols > 0 {
            resize_term(rows, cols)
        }
    }

    /// Gives the terminal back before the process stops (Ctrl-Z).
    public func suspend() {
        guard active else { return }
        endwin()
        fflush(nil)
    }

    /// Takes the terminal again after `fg`.
    public func resumeAfterStop() {
        refresh()
        followResize()
        clearok(cncursesw_curscr(), true)
    }

    /// The keys waiting in the input, without blocking.
    public func pendingKeys() -> [Key] {
        var keys: [Key] = []
        var ch: wint_t = 0
        while keys.count < 64 {
            let status = wget_wch(cncursesw_stdscr(), &ch)
            if status == ERR { break }
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
        return keys
    }

    /// Ends curses; safe to call twice.
    public func close() {
        guard active else { return }
        active = false
        curs_set(1)
        endwin()
        fflush(nil)
        csevenmin_crash_guard_disarm()
    }
}

/// The size of the terminal on standard output as the kernel reports it (TIOCGWINSZ), if any.
public func kernelTerminalSize() -> (width: Int, height: Int)? {
    var rows: Int32 = 0, cols: Int32 = 0
    guard isatty(STDOUT_FILENO) == 1, cncursesw_winsize(STDOUT_FILENO, &rows, &cols) == 0, cols > 0 else { return nil }
    return (Int(cols), Int(rows))
}
