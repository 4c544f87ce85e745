// SPDX-License-Identifier: GPL-3.0-or-later
/// A one-line progress bar for long commands, e.g. `[#########-----------]  45%`.
public enum ProgressBar {
    /// The bar for `fraction` (clamped to 0…1) with `width` cells between the brackets, and the
    /// whole percent it shows, so a caller can redraw only when that changes.
    public static func line(_ fraction: Double, width: Int) -> (text: String, percent: Int) {
        let f = min(1, max(0, fraction.isFinite ? fraction : 0))
        let filled = Int((f * Double(width)).rounded(.down))
        let percent = Int((f * 100).rounded(.down))
        let number = String(percent)
        return ("[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
                + String(repeating: " ", count: 3 - number.count) + number + "%", percent)
    }
}
