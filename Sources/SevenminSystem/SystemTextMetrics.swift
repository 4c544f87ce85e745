// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import FoundationEssentials
import SevenminCore

extension TextMetrics {
    /// Widths as the C library gives them under the process's locale (`wcwidth(3)`), which is what
    /// curses and the terminal go by; where it cannot say (the C locale beyond ASCII), Unicode's.
    /// Chosen at the edge, after `adoptUserLocale`, and handed to everything that measures text.
    public static let system = TextMetrics { Int(csevenmin_wcwidth($0)) }
}
