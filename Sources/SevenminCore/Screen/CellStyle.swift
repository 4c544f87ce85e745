// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// How a cell is drawn: colours and attributes.
public struct CellStyle: Equatable, Hashable, Sendable {
    public var foreground: RGB
    public var background: RGB
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    /// Foreground and background swapped by the terminal: how a monochrome screen shows bars.
    public var reverse: Bool

    public init(foreground: RGB, background: RGB, bold: Bool = false, dim: Bool = false, underline: Bool = false,
                reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    public func with(bold: Bool? = nil, dim: Bool? = nil, underline: Bool? = nil, reverse: Bool? = nil,
                     foreground: RGB? = nil) -> CellStyle {
        var s = self
        if let bold { s.bold = bold }
        if let dim { s.dim = dim }
        if let underline { s.underline = underline }
        if let reverse { s.reverse = reverse }
        if let foreground { s.foreground = foreground }
        return s
    }

    /// The colours as they appear, once reverse video is applied.
    public var shownColors: (foreground: RGB, background: RGB) {
        reverse ? (background, foreground) : (foreground, background)
    }

    /// The same look with foreground and background exchanged, as a flash shows it.
    public var inverted: CellStyle {
        var s = self
        if reverse { s.reverse = false } else { (s.foreground, s.background) = (background, foreground) }
        return s
    }
}
