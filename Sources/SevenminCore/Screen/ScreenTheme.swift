// SPDX-License-Identifier: GPL-3.0-or-later
/// The styles one screen is drawn in at a colour depth. Every colour is the one the terminal will
/// really show, and every text style meets WCAG contrast against the background it is drawn on.
public struct ScreenTheme: Equatable, Sendable {
    public static let textContrast = 4.5

    public let depth: ColorDepth
    /// Text on the screen's background.
    public let body: CellStyle
    /// The big digits and the progress bar.
    public let digits: CellStyle
    /// The header and status bars, and panels such as help.
    public let bar: CellStyle
    /// The colour of the exercise to come, as a band with text on it (rests and get ready).
    public let accent: CellStyle?
    /// A moment's flash: the whole screen lit in the light text colour, bright after any screen; without
    /// colour, the body in the other video.
    public let flash: CellStyle

    /// Colours for a screen on `background`, with the exercise to come in `accent`. Without colour,
    /// an `inverse` screen (work) is drawn in reverse video, so that it differs from rest from afar.
    public init(background: RGB, accent: RGB? = nil, depth: ColorDepth, inverse: Bool = false) {
        self.depth = depth
        guard depth != .monochrome else {
            // The terminal's own two colours: bars and bands stand out from the body in the other video.
            let plain = CellStyle(foreground: RGB(255, 255, 255), background: RGB(0, 0, 0))
            body = plain.with(reverse: inverse)
            digits = body.with(bold: true)
            bar = plain.with(reverse: !inverse)
            self.accent = accent == nil ? nil : plain.with(bold: true, reverse: true)
            flash = body.inverted
            return
        }
        body = ScreenTheme.readable(on: background, depth: depth)
        digits = body
        bar = ScreenTheme.bar(distinctFrom: body.background, depth: depth)
        self.accent = accent.map { ScreenTheme.readable(on: $0, depth: depth) }
        let (light, dark) = ScreenTheme.textColors(depth)
        flash = CellStyle(foreground: dark, background: light)
    }

    /// The light and dark text colours, as the terminal shows them.
    static func textColors(_ depth: ColorDepth) -> (light: RGB, dark: RGB) {
        (TerminalPalette.shown(FlatColor.white.rgb, depth: depth), TerminalPalette.shown(RGB(22, 22, 22), depth: depth))
    }

    /// Text on `background`, light or dark by the measured contrast; if neither reaches `textContrast`,
    /// the background is darkened (or lightened, whichever needs less) until one does.
    public static func readable(on background: RGB, depth: ColorDepth) -> CellStyle {
        let (light, dark) = textColors(depth)
        var best: (style: CellStyle, ratio: Double)?
        for step in 0...20 {
            let amount = Double(step) / 20
            for (toward, text) in [(RGB(0, 0, 0), light), (RGB(255, 255, 255), dark)] {
                let shown = TerminalPalette.shown(background.mixed(with: toward, amount: amount), depth: depth)
                let ratio = shown.contrast(with: text)
                if ratio > best?.ratio ?? 0 { best = (CellStyle(foreground: text, background: shown), ratio) }
            }
            if let best, best.ratio >= textContrast { return best.style }
        }
        return best!.style
    }

    /// A bar that stands apart from the body: darker where it can be, lighter on a black body.
    static func bar(distinctFrom body: RGB, depth: ColorDepth) -> CellStyle {
        let candidates = [
            body.mixed(with: RGB(0, 0, 0), amount: 0.35), body.mixed(with: RGB(0, 0, 0), amount: 0.6),
            body.mixed(with: RGB(255, 255, 255), amount: 0.25), body.mixed(with: RGB(255, 255, 255), amount: 0.6),
            RGB(0, 0, 0), RGB(255, 255, 255), RGB(0, 0, 238),
        ]
        let bodyLab = OKLab(body)
        for candidate in candidates {
            let style = readable(on: candidate, depth: depth)
            if abs(OKLab(style.background).l - bodyLab.l) >= 0.06 { return style }
        }
        return readable(on: RGB(0, 0, 0), depth: depth)
    }
}
