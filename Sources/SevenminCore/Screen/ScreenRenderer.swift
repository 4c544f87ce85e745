// SPDX-License-Identifier: GPL-3.0-or-later
/// Draws workout frames for one terminal (its colour depth and charset), remembering what does not
/// change from frame to frame: the colours worked out for each background, and wrapped text.
public final class ScreenRenderer {
    public let depth: ColorDepth
    public let glyphs: Glyphs
    /// How many columns text takes in this terminal.
    public let metrics: TextMetrics
    private var themes: [ThemeKey: ScreenTheme] = [:]
    private var bands: [RGB: CellStyle] = [:]
    private var wrapped: [WrapKey: [String]] = [:]
    private var fitted: [FitKey: BigType.Fit?] = [:]
    /// The plan's colours and the background each is shown on at this depth.
    private var backgrounds: (colors: [RGB], shown: [RGB: RGB]) = ([], [:])
    /// The last frame drawn, with where its figure's dots are, for a frame that moves only the figure.
    private var last: (model: ScreenModel, width: Int, height: Int, grid: CellGrid, figure: FigurePlacement?)?

    private struct ThemeKey: Hashable { var background: RGB; var accent: RGB?; var inverse: Bool }
    private struct WrapKey: Hashable { var text: String; var width: Int }
    private struct FitKey: Hashable {
        var text: String, width: Int, height: Int, halfBlocks: Bool, quarterBlocks: Bool, maxHalfRows: Int
    }

    public init(depth: ColorDepth, glyphs: Glyphs, metrics: TextMetrics) {
        self.depth = depth
        self.glyphs = glyphs
        self.metrics = metrics
    }

    /// One frame of the workout screen at `width`×`height`.
    public func render(_ model: ScreenModel, width: Int, height: Int) -> CellGrid {
        if let moved = movingFigure(model, width: width, height: height) { return moved }
        let theme = theme(kind: model.kind, exercise: model.exercise, overview: model.overview,
                          summary: model.summary != nil)
        if model.flash { return lit(theme, width: width, height: height) }
        var frame = WorkoutFrame(model: model, theme: theme, glyphs: glyphs, width: width, height: height,
                                 renderer: self)
        frame.draw()
        last = (model, width, height, frame.grid, frame.figurePlacement)
        return frame.grid
    }

    /// A moment's flash: every cell a blank in the theme's flash, which lights the whole screen from across
    /// the room, and costs no layout. The frame after it is drawn whole.
    private func lit(_ theme: ScreenTheme, width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height, fill: theme.flash)
        grid.asciiOnly = !glyphs.unicodeText
        grid.metrics = metrics
        last = nil
        return grid
    }

    /// The last frame with the figure's dots redrawn, when `model` is the last one with only the figure
    /// moved on (`figureMoment`); nil when anything else differs, and the whole frame is drawn.
    private func movingFigure(_ model: ScreenModel, width: Int, height: Int) -> CellGrid? {
        guard model.figureMoment != nil, !model.flash, var last, last.width == width, last.height == height,
              let placement = last.figure, let figure = model.exercise.figure else { return nil }
        var unmoved = model
        unmoved.figureMoment = last.model.figureMoment
        guard unmoved == last.model else { return nil }
        placement.draw(figure, at: model.figureTime, mirrored: model.side == 2, into: &last.grid)
        last.model = model
        self.last = last
        return last.grid
    }

    /// The colours a segment of `kind` on `exercise` (in a pause, the one to come) is drawn in, or the summary's,
    /// in a plan whose exercises' colours are `overview`: the terminal's screen, and the phone's page.
    public func theme(kind: SegmentKind, exercise: Exercise, overview: [RGB], summary: Bool = false) -> ScreenTheme {
        if overview != backgrounds.colors {
            backgrounds = (overview, ExerciseBackgrounds.assign(overview, depth: depth))
        }
        let (background, accent) = WorkoutScreen.colors(kind: kind, exercise: exercise, summary: summary)
        return theme(background: shown(background), accent: accent.map(shown), inverse: kind == .work && !summary)
    }

    /// The colours for a screen on `background`, worked out once.
    func theme(background: RGB, accent: RGB?, inverse: Bool) -> ScreenTheme {
        let key = ThemeKey(background: background, accent: accent, inverse: inverse)
        if let known = themes[key] { return known }
        let made = ScreenTheme(background: background, accent: accent, depth: depth, inverse: inverse)
        themes[key] = made
        return made
    }

    /// The background an exercise of `color` is shown on, kept apart from its neighbours in the plan.
    func shown(_ color: RGB) -> RGB { backgrounds.shown[color] ?? color }

    /// Readable text on a patch of `color`, as the overview strip draws each exercise.
    func band(_ color: RGB) -> CellStyle {
        if let known = bands[color] { return known }
        let made = depth == .monochrome
            ? CellStyle(foreground: RGB(255, 255, 255), background: RGB(0, 0, 0), reverse: true)
            : ScreenTheme.readable(on: shown(color), depth: depth)
        bands[color] = made
        return made
    }

    /// `text` wrapped to `width`, worked out once per text and width.
    func wrap(_ text: String, width: Int) -> [String] {
        let key = WrapKey(text: text, width: width)
        if let known = wrapped[key] { return known }
        if wrapped.count > 256 { wrapped.removeAll() }
        let lines = TextWrap.lines(text, width: width, metrics: metrics)
        wrapped[key] = lines
        return lines
    }

    /// `BigType.fit`, worked out once per text and box: the same words are fitted to the same box every
    /// second, and trying each scale in turn was most of a second's layout.
    func fit(_ text: String, width: Int, height: Int, halfBlocks: Bool, quarterBlocks: Bool = false,
             maxHalfRows: Int = 8) -> BigType.Fit? {
        let key = FitKey(text: text, width: width, height: height, halfBlocks: halfBlocks,
                         quarterBlocks: quarterBlocks, maxHalfRows: maxHalfRows)
        if let known = fitted[key] { return known }
        if fitted.count > 256 { fitted.removeAll() }
        let made = BigType.fit(text, width: width, height: height, halfBlocks: halfBlocks,
                               quarterBlocks: quarterBlocks, maxHalfRows: maxHalfRows)
        fitted[key] = .some(made)
        return made
    }
}
