// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// Heart-rate zones: the maximum from the config, the zone of a reading, and how the screen shows both.
@Suite("Heart-rate zones")
struct HeartZoneTests {
    @Test(arguments: [(40, nil, 180), (30, nil, 187), (25, nil, 191), (35, nil, 184), (40, 195, 195),
                      (nil, 170, 170)] as [(Int?, Int?, Int)])
    func theMaximumIsTheUsersElseTanakas(age: Int?, maxHeartRate: Int?, maximum: Int) {
        #expect(HeartZones(age: age, maxHeartRate: maxHeartRate)?.maximum == maximum)
    }

    @Test func withNeitherThereAreNoZones() {
        #expect(HeartZones(age: nil, maxHeartRate: nil) == nil)
    }

    @Test(arguments: [(89, nil), (90, 1), (107, 1), (108, 2), (125, 2), (126, 3), (143, 3), (144, 4), (161, 4),
                      (162, 5), (180, 5), (205, 5)] as [(Int, Int?)])
    func zonesAreTenthsOfTheMaximumFromHalf(bpm: Int, zone: Int?) {
        #expect(HeartZones(maximum: 180).zone(of: bpm) == zone)
    }

    func statusLine(_ grid: CellGrid) -> String {
        String(grid.text.split(separator: "\n", omittingEmptySubsequences: false)[grid.height - 1])
    }

    /// A workout with a strap, 150 bpm read at 1 s.
    func app(zones: HeartZones?) -> WorkoutApp {
        var settings = CoachSettings(flash: false, heartRate: true)
        settings.heartZones = zones
        var app = WorkoutApp(plan: shortPlan, settings: settings)
        _ = app.start(at: 0)
        _ = app.handle(.heartRate(HeartRateMeasurement(bpm: 150)), at: 1)
        return app
    }

    @Test func theAppGivesTheZoneOfAFreshReadingOnlyWithZones() {
        let zoned = app(zones: HeartZones(age: 40, maxHeartRate: nil))
        #expect(zoned.screen(at: 2).heartZone == 4, "150 of 180 is zone 4")
        #expect(zoned.screen(at: 7).heartZone == nil, "a stale reading has no zone")
        let bare = app(zones: nil)
        #expect(bare.screen(at: 2).heartRate == .some(150) && bare.screen(at: 2).heartZone == nil, "bpm only")
        #expect(!statusLine(WorkoutScreen.render(bare.screen(at: 2), width: 80, height: 24)).contains("hard"))
        #expect(statusLine(WorkoutScreen.render(zoned.screen(at: 2), width: 120, height: 30))
            .contains("150 bpm · hard"))
    }

    /// The bpm and the zone on a work screen: in big type beside the digits where there is room, on the
    /// status line always; the zone as a word, and a colour.
    @Test(arguments: [(200, 60), (100, 30), (80, 24)])
    func theHeartRateBesideTheCountdown(width: Int, height: Int) throws {
        let (grid, _) = try classicScreen(at: 15, width: width, height: height) { model in
            model.heartRate = .some(142)
            model.heartZone = 4
        }
        assertSnapshot(grid, named: "heart/work-\(width)x\(height)")
        let status = statusLine(grid)
        #expect(status.contains(width >= 100 ? "142 bpm · hard ·" : "142 bpm"), "present on the status line")
        #expect(status.contains("keys"), "the zone's word gives way to the key hints")
        let row = grid.height - 1
        let x = try #require(status.firstRange(of: "142")).lowerBound.utf16Offset(in: status)
        #expect(grid[x, row].style.background != grid[0, row].style.background, "the zone in its colour")
    }

    @Test(arguments: [(200, 60), (100, 30)])
    func theBigHeartRateIsReadableFromTheMat(width: Int, height: Int) throws {
        let (grid, _) = try classicScreen(at: 15, width: width, height: height) { model in
            model.heartRate = .some(142)
            model.heartZone = 4
        }
        let (plain, _) = try classicScreen(at: 15, width: width, height: height)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        // "bpm" stands alone under the big number, the zone's word under it, beside the digits' rows.
        let bpmRow = try #require(lines.dropLast().firstIndex { $0.contains(" bpm ") && !$0.contains("·") })
        #expect(lines[bpmRow + 1].contains(" hard "))
        #expect(grid.text != plain.text)
        // The number is big: blocks in at least three rows above "bpm", right of the digits' first column.
        let column = try #require(lines[bpmRow].firstRange(of: "bpm")).lowerBound.utf16Offset(in: lines[bpmRow])
        let inked = (1...3).filter { k in
            let line = Array(lines[bpmRow - k])
            return (max(0, column - 4)..<min(line.count, column + 7)).contains { line[$0] != " " }
        }
        #expect(inked.count == 3, "\(grid.text)")
    }

    /// Beats a minute in the workout's language: on the status line and under the big number.
    @Test(arguments: [(CoachLanguage.de, "S/min"), (.es, "ppm"), (.fr, "bpm")])
    func beatsAMinuteAreWrittenInTheWorkoutsLanguage(language: CoachLanguage, unit: String) throws {
        let (grid, _) = try classicScreen(at: 15, width: 200, height: 60) { model in
            model.language = language
            model.heartRate = .some(142)
            model.heartZone = 4
        }
        #expect(statusLine(grid).contains("142 \(unit)"), "\(statusLine(grid))")
        let lines = grid.text.split(separator: "\n").dropLast()
        #expect(lines.contains { $0.contains(" \(unit) ") && !$0.contains("·") }, "under the big number")
    }

    @Test func anUnknownHeartRateIsDashesNeverTheLastNumber() throws {
        let (grid, _) = try classicScreen(at: 15, width: 200, height: 60) { model in
            model.heartRate = .some(nil)
        }
        assertSnapshot(grid, named: "heart/unknown-200x60")
        #expect(statusLine(grid).contains("-- bpm") && !grid.text.contains("hard"))
    }
}
