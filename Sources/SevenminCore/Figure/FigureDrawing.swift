// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Draws a figure's pose onto a dot canvas: pose at *t* → dots → cells, all of it pure.
public enum FigureDrawing {
    /// How often the figure moves on: smooth enough for a jumping jack's second, and eight wake-ups a second.
    public static let framesPerSecond = 8.0

    /// The dots of the figure's pose: its unit box fitted square into the canvas (dots are about square),
    /// standing on the canvas's bottom.
    public static func canvas(_ figure: Figure, at t: Double, mirrored: Bool = false, columns: Int,
                              rows: Int) -> DotCanvas {
        var canvas = DotCanvas(columns: columns, rows: rows)
        guard let box = Box(canvas) else { return canvas }
        let place = box.place, radius = box.headRadius
        for prop in figure.props(mirrored: mirrored) {
            let (a, b) = (place(prop.from), place(prop.to))
            canvas.line(a.0, a.1, b.0, b.1)
        }
        let pose = figure.pose(at: t, mirrored: mirrored)
        for (from, to) in Joint.bones {
            var (a, b) = (place(pose[from]), place(pose[to]))
            // The neck starts at the head's ring, not at its centre.
            if from == .head { a = towards(a, b, by: Double(radius)) }
            canvas.line(a.0, a.1, b.0, b.1)
        }
        let head = place(pose[.head])
        canvas.ring(head.0, head.1, radius)
        return canvas
    }

    /// The head's radius, as a part of the box.
    static let headRadius = 0.065

    /// The figure's unit box fitted square into a canvas: where a point of the box falls, in dots, and how
    /// big the head's ring is; nil where the canvas is too small for a figure.
    struct Box {
        let left: Double, top: Double, side: Double

        init?(_ canvas: DotCanvas) {
            side = Double(min(canvas.dotWidth, canvas.dotHeight) - 1)
            guard side > 4 else { return nil }
            left = (Double(canvas.dotWidth - 1) - side) / 2
            top = Double(canvas.dotHeight - 1) - side
        }

        func place(_ p: FigurePoint) -> (Int, Int) {
            (Int((left + p.x * side).rounded()), Int((top + p.y * side).rounded()))
        }

        var headRadius: Int { max(1, Int((side * FigureDrawing.headRadius).rounded())) }
    }

    static func towards(_ a: (Int, Int), _ b: (Int, Int), by d: Double) -> (Int, Int) {
        let dx = Double(b.0 - a.0), dy = Double(b.1 - a.1)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > d else { return a }
        return (a.0 + Int((dx * d / length).rounded()), a.1 + Int((dy * d / length).rounded()))
    }
}
