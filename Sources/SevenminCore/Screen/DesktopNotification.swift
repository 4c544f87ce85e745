// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The escape sequence that asks a terminal for a desktop notification, chosen by what the
/// environment says the terminal is, and wrapped for tmux so it reaches the terminal outside.
public enum DesktopNotification {
    /// The three dialects terminals understand.
    public enum Dialect: Equatable, Sendable {
        /// `OSC 777;notify;title;body`: urxvt, foot, ghostty, VTE terminals.
        case osc777
        /// `OSC 9;text`: iTerm2, Windows Terminal, WezTerm, ConEmu.
        case osc9
        /// `OSC 99`: kitty's own protocol, with title and body as separate parts.
        case osc99
    }

    /// The dialect for the terminal the environment describes. Inside tmux, `TERM` names tmux, but
    /// the outer terminal's own variables (`KITTY_WINDOW_ID`, `WT_SESSION`…) are usually inherited.
    public static func dialect(environment: [String: String]) -> Dialect {
        let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" { return .osc99 }
        if environment["WT_SESSION"] != nil || environment["ConEmuPID"] != nil
            || ["iTerm.app", "WezTerm"].contains(program) || environment["WEZTERM_PANE"] != nil { return .osc9 }
        return .osc777
    }

    /// The bytes to write for a notification; inside tmux (`TMUX` set) wrapped in its passthrough,
    /// which tmux forwards when `allow-passthrough` is on and drops silently otherwise.
    public static func sequence(title: String, body: String, environment: [String: String]) -> String {
        // No control characters may reach the terminal, and a ';' would end the title early.
        let title = visible(title).replacing(";", with: ","), body = visible(body)
        let esc = "\u{1B}", st = "\u{1B}\\"
        let raw: String
        switch dialect(environment: environment) {
        case .osc777: raw = esc + "]777;notify;" + title + ";" + body + "\u{07}"
        case .osc9: raw = esc + "]9;" + title + ": " + body + "\u{07}"
        case .osc99: raw = esc + "]99;i=1:d=0;" + title + st + esc + "]99;i=1:d=1:p=body;" + body + st
        }
        guard let tmux = environment["TMUX"], !tmux.isEmpty else { return raw }
        // tmux passthrough: every ESC inside is doubled.
        return esc + "Ptmux;" + raw.replacing(esc, with: esc + esc) + st
    }
}
