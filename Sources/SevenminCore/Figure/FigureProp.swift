// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A line that does not move with the figure: the floor, a wall, a chair.
public struct FigureProp: Equatable, Sendable {
    public var from: FigurePoint
    public var to: FigurePoint

    public init(_ from: FigurePoint, _ to: FigurePoint) {
        self.from = from
        self.to = to
    }
}
