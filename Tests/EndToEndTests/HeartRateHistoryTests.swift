// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The heart rate kept: a workout read from python3-dbusmock's strap (`HeartRateEndToEndTests`), its samples in
/// the history, `history` and `history --json` showing them, and its FIT file read by Garmin's decoder and fitdecode.
@Suite("Heart rate in the history, end to end")
struct HeartRateHistoryEndToEndTests {
    struct Listed: Decodable {
        struct Heart: Decodable {
            struct Recovery: Decodable { var from: Int, to: Int, drop: Int }
            var average: Int, peak: Int, samples: Int
            var recovery: Recovery?
        }
        struct Segment: Decodable {
            struct Heart: Decodable { var average: Int, peak: Int, samples: Int }
            var kind: String
            var heart_rate: Heart?
        }
        var heart_rate: Heart?
        var segments: [Segment]
    }

    @Test(.enabled(if: FITDecoders.reachable, "PyPI cannot be reached, so the FIT decoders cannot be installed"))
    func aWorkoutWithAStrapKeepsItsSamplesAndShowsThemInHistoryAndFIT() throws {
        let strap = HeartRateEndToEndTests()
        let bus = try PrivateBus()
        try strap.strap(on: bus)
        let tmux = try Tmux("env DBUS_SYSTEM_BUS_ADDRESS='\(bus.address)' \(binary) start \(fixtures)/short.json "
            + "--mute --no-figure --hr '\(HeartRateEndToEndTests.address)'", width: 100, height: 30)
        waitUntil("StartNotify") {
            ((try? String(contentsOfFile: bus.directory + "/bluez.log", encoding: .utf8)) ?? "").contains("StartNotify")
        }
        // A new rate, climbing, each time the clock on the status line moves on, until the workout ends.
        func finished(_ screen: String) -> Bool { screen.contains("Workout complete") }
        func statusLine(_ screen: String) -> Substring { screen.split(separator: "\n").last ?? "" }
        var bpm = 100
        while !finished(tmux.screen()), bpm < 150 {
            bpm += 1
            try strap.notify([0x06, UInt8(bpm)], on: bus)
            let shown = tmux.waitFor("\(bpm) bpm or the finish") { $0.contains("\(bpm) bpm") || finished($0) }
            tmux.waitFor("the clock to move on") { statusLine($0) != statusLine(shown) || finished($0) }
        }
        #expect(tmux.screen().contains("Heart-rate recovery: read a minute after the last exercise"))
        tmux.dismissSummary()
        tmux.waitFor(text: "exit=0")

        let state = ["XDG_STATE_HOME": tmux.directory, "HOME": tmux.directory]
        let json = try run(binary, ["history", "--json"], environment: state)
        #expect(json.status == 0, "\(json.stderr)")
        let listed = try #require(try JSONDecoder().decode([Listed].self, from: Data(json.stdout.utf8)).first)
        let heart = try #require(listed.heart_rate, "\(json.stdout)")
        #expect(heart.samples >= 3 && heart.peak <= bpm && heart.average > 100 && heart.average <= heart.peak)
        #expect(heart.recovery == nil, "dismissed before the minute was up")
        let work = listed.segments.filter { $0.kind == "work" }
        #expect(work.count == 2 && work.allSatisfy { $0.heart_rate != nil }, "\(json.stdout)")
        let text = try run(binary, ["history"], environment: state)
        #expect(text.stdout.contains("BPM") && text.stdout.contains("\(heart.average)/\(heart.peak)"), "\(text.stdout)")
        let csv = try run(binary, ["history", "--csv"], environment: state)
        #expect(csv.stdout.hasSuffix(",\(heart.average),\(heart.peak),\r\n"), "no recovery: \(csv.stdout)")

        // With weight, age and sex in the config, its calories come from its heart rate, and `stats` says so.
        let config = tmux.directory + "/.config/sevenmin"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try #"{"weight": 80, "age": 40, "sex": "female"}"#.write(toFile: config + "/config.json", atomically: true,
                                                                  encoding: .utf8)
        let stats = try run(binary, ["stats"], environment: state.merging(["XDG_CONFIG_HOME": tmux.directory
            + "/.config"]) { $1 })
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("Heart rate: 1 workout recorded, average "), "\(stats.stdout)")
        #expect(stats.stdout.contains("  from heart rate in 1 workout (Keytel 2005)\n"), "\(stats.stdout)")

        let python = try #require(FITDecoders.python())
        let dir = tmux.directory + "/fit"
        let written = try run(binary, ["history", "--fit", dir], environment: state)
        #expect(written.status == 0, "\(written.stderr)")
        let file = try #require(try FITDecoders.check([written.stdout.trimmingCharacters(in: .newlines)], with: python)
            .first)
        let rates = file.heart_rates.compactMap { $0 }
        #expect(rates.count >= 3 && rates.allSatisfy { $0 > 100 && $0 <= heart.peak }, "\(file.heart_rates)")
        // One a second at most: the records' times never repeat.
        #expect(Set(file.record_times.compactMap { $0 }).count == file.record_times.count)
        #expect(file.sessions.first?.max_heart_rate == heart.peak)
        #expect(file.sessions.first?.avg_heart_rate == heart.average)
        #expect(file.laps.filter { $0.intensity == "active" }.allSatisfy { $0.max_heart_rate != nil }, "\(file.laps)")
    }
}
