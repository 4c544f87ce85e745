// SPDX-License-Identifier: GPL-3.0-or-later
/// Where a phone finds the workout: the page's address with its token, and the address as a QR code.
public struct PhoneLink: Equatable, Sendable {
    /// `http://address:port/#token`.
    public var url: String
    /// The QR code's modules, row by row, true for dark; `size` on a side, without the quiet zone. Empty
    /// when the code could not be made: the address is shown alone.
    public var modules: [Bool]
    public var size: Int

    public init(url: String, modules: [Bool], size: Int) {
        precondition(modules.count == size * size)
        self.url = url
        self.modules = modules
        self.size = size
    }

    /// The light modules around the code that a reader needs to find it (ISO/IEC 18004: four).
    public static let quietZone = 4

    /// Whether the module at `x`, `y` is dark, the quiet zone counted in (it is light).
    public func dark(_ x: Int, _ y: Int) -> Bool {
        let cx = x - PhoneLink.quietZone, cy = y - PhoneLink.quietZone
        guard cx >= 0, cy >= 0, cx < size, cy < size else { return false }
        return modules[cy * size + cx]
    }

    /// Modules on a side, the quiet zone included: columns it takes, and twice the rows (two modules a cell).
    public var span: Int { size + 2 * PhoneLink.quietZone }
}

/// News from the phone's server for the workout.
public enum PhoneNews: Equatable, Sendable {
    /// The page is served here (at the start, and with a new token after `x`).
    case link(PhoneLink)
    /// This many phones hold the page open now.
    case connected(Int)
    /// The page's Done: a step counted in reps is done, as Enter says on the terminal.
    case done
    /// The page's rating of the finished workout, 1–10, as its number key on the terminal.
    case rate(Int)
}
