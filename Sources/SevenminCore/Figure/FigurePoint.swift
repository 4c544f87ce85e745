// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A point of a figure in its unit box: x from 0 (left) to 1, y from 0 (top) to 1 (the floor).
public struct FigurePoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}
