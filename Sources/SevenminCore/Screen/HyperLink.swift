// SPDX-License-Identifier: GPL-3.0-or-later
/// A row of the screen that shows a link, which a terminal that knows OSC 8 can make clickable.
public struct HyperLink: Equatable, Sendable {
    public var row: Int
    public var url: String

    public init(row: Int, url: String) {
        self.row = row
        self.url = url
    }

    /// Whether the terminal takes OSC 8 hyperlinks, from what it says of itself: `SEVENMIN_HYPERLINKS=1`
    /// or `0` decides; else terminals known to (iTerm2, WezTerm, kitty, foot, ghostty, VTE 0.50 and
    /// later, Windows Terminal). Others could show the sequence as text, or tmux before 3.4 drop it.
    public static func supported(environment: [String: String]) -> Bool {
        if let forced = environment["SEVENMIN_HYPERLINKS"] { return forced == "1" }
        if environment["TMUX"] != nil { return false }
        let program = environment["TERM_PROGRAM"] ?? ""
        if ["iTerm.app", "WezTerm", "ghostty", "vscode"].contains(program) { return true }
        if environment["KITTY_WINDOW_ID"] != nil || environment["WT_SESSION"] != nil { return true }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("foot") || term.hasPrefix("xterm-kitty") || term.hasPrefix("xterm-ghostty")
    }

    /// The bytes that open a link (empty `url`: close it), as OSC 8 defines them.
    public static func sequence(_ url: String) -> String {
        "\u{1B}]8;;" + url + "\u{1B}\\"
    }
}
