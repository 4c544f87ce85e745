// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

@Suite("Progress bar")
struct ProgressBarTests {
    @Test(arguments: [
        (0.0, "[----------]   0%", 0),
        (0.456, "[####------]  45%", 45),
        (1.0, "[##########] 100%", 100),
        (7.0, "[##########] 100%", 100),
        (Double.nan, "[----------]   0%", 0),
    ])
    func drawsTheFraction(fraction: Double, text: String, percent: Int) {
        let line = ProgressBar.line(fraction, width: 10)
        #expect(line.text == text && line.percent == percent)
    }
}
