// SPDX-License-Identifier: GPL-3.0-or-later
/// How the phone's page shows the workout, decided here as the terminal's screen decides it and sent as data
/// the page only applies: each segment's colours (the terminal's own `ScreenTheme` at 24-bit depth: the same
/// palette, text of 4.5:1 or more, no two neighbouring exercises alike), the countdown's rounding and the
/// figure's easing.
struct PhoneLook {
    private let renderer = ScreenRenderer(depth: .direct, glyphs: .unicode, metrics: .unicode)
    private let overview: [RGB]

    init(_ plan: Plan) { overview = plan.workColors }

    /// A segment's colours: the screen's background and text; the band of the exercise to come (in a pause, as
    /// the terminal's) and the figure; the buttons, as the terminal's bars; the Pause button and what a pause
    /// says, as the terminal's flash.
    func colors(kind: SegmentKind, exercise: Exercise) -> JSONWriter.Value {
        colors(renderer.theme(kind: kind, exercise: exercise, overview: overview), work: kind == .work)
    }

    /// The finish's colours, the terminal's summary's.
    func finish(_ exercise: Exercise) -> JSONWriter.Value {
        colors(renderer.theme(kind: .work, exercise: exercise, overview: overview, summary: true), work: false)
    }

    private func colors(_ theme: ScreenTheme, work: Bool) -> JSONWriter.Value {
        let band = theme.accent ?? theme.bar
        func hex(_ name: String, _ color: RGB) -> JSONWriter.Member { .init(name, .string(color.hex)) }
        return .object([
            hex("background", theme.body.background), hex("text", theme.body.foreground),
            hex("band", band.background), hex("bandText", band.foreground),
            hex("figure", work || theme.accent == nil ? theme.body.foreground : band.background),
            hex("button", theme.bar.background), hex("buttonText", theme.bar.foreground),
            hex("strong", theme.flash.background), hex("strongText", theme.flash.foreground),
        ])
    }

    /// The countdown's rule (`TimeFormat.clock`): whole seconds rounded up past a hair of tolerance, hours from
    /// an hour on.
    static let clock: JSONWriter.Value = .object([
        .init("tolerance", .number(TimeFormat.tolerance)), .init("hoursFrom", .number(TimeFormat.hoursFrom)),
    ])

    /// The figure's easing from keyframe to keyframe (`Figure.easing`), a polynomial's coefficients.
    static let easing: JSONWriter.Value = .array(Figure.easing.map { .number($0) })
}
