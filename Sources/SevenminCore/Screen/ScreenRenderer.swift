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
    /// The last frame drawn, with where its figure's dots are and what time alone changes in it, for a frame
    /// that moves only the figure or the time.
    private var last: (model: ScreenModel, width: Int, height: Int, grid: CellGrid, figure: FigurePlacement?,
                       time: [WorkoutFrame.TimeSpot])?

    /// Whether the last frame was drawn over the one before, its times alone moved on.
    private(set) var drewOver = false
    /// Whether a frame may be drawn over the last one; a renderer without draws every frame whole.
    var drawsOver = true

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
        if drawsOver, let moved = movingFigure(model, width: width, height: height) { return moved }
        if model.overview != backgrounds.colors {
            backgrounds = (model.overview, ExerciseBackgrounds.assign(model.overview, depth: depth))
        }
        let (background, accent) = WorkoutScreen.colors(model)
        let inverse = model.kind == .work && model.summary == nil
        if model.flash {
            return lit(theme(background: shown(background), accent: accent.map(shown), inverse: inverse),
                       width: width, height: height)
        }
        let over = drawsOver ? timeMoved(model, width: width, height: height) : nil
        var frame = WorkoutFrame(model: model, theme: theme(background: shown(background), accent: accent.map(shown),
                                                            inverse: inverse),
                                 glyphs: glyphs, width: width, height: height, renderer: self,
                                 over: over == nil ? nil : takeLastGrid())
        if let over { frame.redrawTime(over.time, figure: over.figure) } else { frame.draw() }
        drewOver = over != nil
        last = (model, width, height, frame.grid, frame.figurePlacement, frame.timeSpots)
        return frame.grid
    }

    /// A moment's flash: every cell a blank in the theme's flash, which lights the whole screen from across
    /// the room, and costs no layout. The frame after it is drawn whole.
    private func lit(_ theme: ScreenTheme, width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height, fill: theme.flash)
        grid.asciiOnly = !glyphs.unicodeText
        grid.metrics = metrics
        last = nil
        drewOver = false
        return grid
    }

    /// The last frame, when `model` is the last one with only its times moved on (a quiet second): the same
    /// words and layout, a clock of the same shape (the digits are all as wide), no flash, pause or panel.
    /// Then only the clock, the status line, the progress bar and the figure are drawn again; nil when
    /// anything else differs, and the whole frame is drawn.
    private func timeMoved(_ model: ScreenModel, width: Int, height: Int)
        -> (figure: FigurePlacement?, time: [WorkoutFrame.TimeSpot])? {
        guard let last, last.width == width, last.height == height, !last.time.isEmpty, !model.flash,
              !model.paused, model.summary == nil, model.overlay == .none, !last.model.flash,
              ScreenRenderer.sameShape(model.clock, last.model.clock),
              WorkoutFrame.heading(model) == WorkoutFrame.heading(last.model) else { return nil }
        var timeless = model
        timeless.remaining = last.model.remaining
        timeless.counted = last.model.counted
        timeless.elapsed = last.model.elapsed
        timeless.totalRemaining = last.model.totalRemaining
        timeless.progress = last.model.progress
        timeless.figureMoment = last.model.figureMoment
        guard timeless == last.model else { return nil }
        return (last.figure, last.time)
    }

    /// The last frame's grid, given up, so that the frame drawn over it changes it in place, not a copy.
    private func takeLastGrid() -> CellGrid? {
        defer { last = nil }
        return last?.grid
    }

    /// Whether two clocks take the same room: the same length, with the same marks where either has no digit.
    static func sameShape(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count == b.count else { return false }
        func digit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        return zip(a, b).allSatisfy { digit($0) ? digit($1) : $0 == $1 }
    }

    /// The last frame with the figure's dots redrawn, when `model` is the last one with only the figure
    /// moved on (`figureMoment`); nil when anything else differs, and the whole frame is drawn.
    private func movingFigure(_ model: ScreenModel, width: Int, height: Int) -> CellGrid? {
        guard model.figureMoment != nil, !model.flash, var last, last.width == width, last.height == height,
              let placement = last.figure, let figure = model.exercise.figure else { return nil }
        var unmoved = model
        unmoved.figureMoment = last.model.figureMoment
        guard unmoved == last.model else { return nil }
        // Given up first, so that the dots are drawn into the grid itself, not a copy of it.
        self.last = nil
        placement.draw(figure, at: model.figureTime, mirrored: model.side == 2, into: &last.grid)
        last.model = model
        self.last = last
        return last.grid
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
