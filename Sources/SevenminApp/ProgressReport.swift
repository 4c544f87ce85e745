// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// A progress bar on standard error, redrawn in place; silent when standard error is not a terminal.
final class ProgressReport {
    private let enabled: Bool
    private var shown = -1

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ fraction: Double) {
        let line = ProgressBar.line(fraction, width: 30)
        guard enabled, line.percent != shown else { return }
        shown = line.percent
        _ = Console.write(STDERR_FILENO, "\r" + line.text)
    }

    /// Ends the bar's line, if one was drawn.
    func finish() {
        guard enabled, shown >= 0 else { return }
        _ = Console.write(STDERR_FILENO, "\n")
    }
}
