/// Draws workout frames for one terminal (its colour depth and charset), remembering what does not
/// change from frame to frame: the colours worked out for each background, and wrapped text.
public final class ScreenRenderer {
    public let depth: ColorDepth
    public let glyphs: Glyphs
    private var themes: [ThemeKey: ScreenTheme] = [:]
    private var bands: [RGB: CellStyle] = [:]
    private var wrapped: [WrapKey: [String]] = [:]

    private struct ThemeKey: Hashable { var background: RGB; var accent: RGB? }
    private struct WrapKey: Hashable { var text: String; var width: Int }

    public init(depth: ColorDepth, glyphs: Glyphs) {
        self.depth = depth
        self.glyphs = glyphs
    }

    /// One frame of the workout screen at `width`×`height`.
    public func render(_ model: ScreenModel, width: Int, height: Int) -> CellGrid {
        let (background, accent) = WorkoutScreen.colors(model)
        var frame = WorkoutFrame(model: model, theme: theme(background: background, accent: accent),
                                 glyphs: glyphs, width: width, height: height, renderer: self)
        frame.draw()
        return frame.grid
    }

    /// The colours for a screen on `background`, worked out once.
    func theme(background: RGB, accent: RGB?) -> ScreenTheme {
        let key = ThemeKey(background: background, accent: accent)
        if let known = themes[key] { return known }
        let made = ScreenTheme(background: background, accent: accent, depth: depth)
        themes[key] = made
        return made
    }

    /// Readable text on a patch of `color`, as the overview strip draws each exercise.
    func band(_ color: RGB) -> CellStyle {
        if let known = bands[color] { return known }
        let made = depth == .monochrome
            ? CellStyle(foreground: RGB(255, 255, 255), background: RGB(0, 0, 0), reverse: true)
            : ScreenTheme.readable(on: color, depth: depth)
        bands[color] = made
        return made
    }

    /// `text` wrapped to `width`, worked out once per text and width.
    func wrap(_ text: String, width: Int) -> [String] {
        let key = WrapKey(text: text, width: width)
        if let known = wrapped[key] { return known }
        if wrapped.count > 256 { wrapped.removeAll() }
        let lines = TextWrap.lines(text, width: width)
        wrapped[key] = lines
        return lines
    }
}
