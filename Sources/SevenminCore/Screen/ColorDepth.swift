// SPDX-License-Identifier: GPL-3.0-or-later
/// How many colours the terminal shows, from exact 24-bit colour down to none at all.
public enum ColorDepth: String, CaseIterable, Sendable {
    case direct, palette256, basic16, basic8, monochrome

    /// What the terminal in front of us can show. `colors` is terminfo's `colors` (-1 or 0 when it has
    /// none), `directCapable` whether terminfo has `RGB` or `Tc`; `colorTerm` is `$COLORTERM` and
    /// `noColor` whether `$NO_COLOR` is set to something (https://no-color.org).
    public static func detect(colors: Int, directCapable: Bool, colorTerm: String?, noColor: Bool,
                              choice: ColorChoice = .auto) -> ColorDepth {
        if choice == .never { return .monochrome }
        if choice == .auto, noColor { return .monochrome }
        let saysTrueColor = colorTerm == "truecolor" || colorTerm == "24bit"
        // A vt100 has no colours however COLORTERM was left set by a parent terminal.
        if colors < 8 { return choice == .always ? (saysTrueColor ? .direct : .basic8) : .monochrome }
        if directCapable || saysTrueColor || colors >= 0x100_0000 { return .direct }
        if colors >= 256 { return .palette256 }
        if colors >= 16 { return .basic16 }
        return .basic8
    }
}

/// The user's wish about colour (`--color`): decide from the terminal, or force it on or off.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}
