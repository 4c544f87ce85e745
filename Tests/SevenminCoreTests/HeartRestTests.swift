// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// `"restUntil"`: a rest that waits for the heart rate to fall, decided by the core on injected readings
/// and instants.
@Suite("Rest until the heart rate falls")
struct HeartRestTests {
    /// Get ready 0-2 s, A 2-7 s, a rest of 10 s (7-17 s), B from 17 s; rests wait for under 120 bpm, 60 s at most.
    static let routine: Routine = {
        var routine = Routine(name: "R", rest: 10, getReady: 2, exercises: [exercise("A", work: 5),
                                                                              exercise("B", work: 5)])
        routine.restUntil = RestUntil(heartRate: 120, max: 60)
        return routine
    }()

    /// The app, started, with each reading handed in at its instant and a tick every tenth of a second up
    /// to `until`.
    func run(_ readings: [(at: Double, bpm: Int)], until: Double) -> WorkoutApp {
        feed(readings.map { (at: $0.at, input: .heartRate(HeartRateMeasurement(bpm: $0.bpm))) }, until: until)
    }

    func subtitle(_ app: WorkoutApp, at now: Double) -> String {
        WorkoutScreen.subtitle(app.screen(at: now))
    }

    @Test func withoutAReadingItIsAnOrdinaryRest() {
        let app = run([], until: 17.5)
        #expect(app.session.index == 3, "B began at 17 s")
        #expect(subtitle(app, at: 17.5) == "Exercise 2/2")
    }

    @Test func itEndsWhenTheBpmFallsUnderTheValue() {
        var app = run([(8, 150)], until: 8.5)
        #expect(app.session.remaining(at: 8.5) > 58, "the rest waits up to 60 s in all")
        #expect(subtitle(app, at: 8.5) == "until under 120 bpm, at most 1:00")
        app = run([(8, 150), (20, 130), (30.05, 115)], until: 30)
        #expect(app.session.index == 2, "still resting at 30 s, past the 10 s set, above 120 bpm")
        app = run([(8, 150), (20, 130), (30.05, 115)], until: 30.5)
        #expect(app.session.index == 3 && app.session.remaining(at: 30.5) > 4.5, "B began at 30.1 s")
        #expect(subtitle(app, at: 30.5) == "Exercise 2/2 · rest ended at 115 bpm")
    }

    @Test func itEndsAtItsLongestWhenTheBpmStaysHigh() {
        let app = run([(8, 150), (40, 140), (66, 125)], until: 67.5)
        #expect(app.session.index == 3, "the rest ran out at 7 + 60 s")
        #expect(subtitle(app, at: 67.5) == "Exercise 2/2 · rest ended after 1:00")
    }

    /// The app on `routine`, started, handed each input at its instant and a tick every tenth of a second up
    /// to `until`.
    func feed(_ inputs: [(at: Double, input: Input)], until: Double, routine: Routine = Self.routine) -> WorkoutApp {
        var app = WorkoutApp(plan: Plan(routine), settings: CoachSettings(flash: false, heartRate: true))
        _ = app.start(at: 0)
        var left = inputs
        for step in 1...Int(until * 10) {
            let now = Double(step) / 10
            while let first = left.first, first.at <= now {
                _ = app.handle(first.input, at: now)
                left.removeFirst()
            }
            _ = app.handle(.tick, at: now)
        }
        return app
    }

    static let lossNotices: [Input] = [.notice(.heartRateLost(device: "H10", .gone)),
                                       .notice(.heartRateLost(device: "H10", .adapterOff)),
                                       .notice(.noHeartRate(device: "H10"))]

    /// A strap lost while a rest waits for it: the rest is an ordinary one again, and does not last the rule's
    /// longest for a reading that cannot come.
    @Test(arguments: lossNotices)
    func aStrapLostWhileARestWaitsMakesItAnOrdinaryRestAgain(lost: Input) {
        let reading = Input.heartRate(HeartRateMeasurement(bpm: 150))
        var app = feed([(8, reading)], until: 8.5)
        #expect(app.session.remaining(at: 8.5) > 55, "waiting for the heart at 8.5 s")
        app = feed([(8, reading), (9, lost)], until: 9.5)
        #expect(!subtitle(app, at: 9.5).contains("until under") && abs(app.session.remaining(at: 9.5) - 7.5) < 0.01)
        app = feed([(8, reading), (9, lost)], until: 17.5)
        #expect(app.session.index == 3, "B began at 17 s, after the rest's own 10 s")
        // Lost past the rest's own length, the rest is over: it ends within a second.
        app = feed([(8, reading), (20, lost)], until: 21.5)
        #expect(app.session.index == 3, "the rest ran past its 10 s only to wait for the heart")
        // A reading that comes again makes it wait again.
        app = feed([(8, reading), (9, lost), (12, reading)], until: 12.5)
        #expect(app.session.remaining(at: 12.5) > 50 && subtitle(app, at: 12.5).contains("until under"))
    }

    /// Skin contact lost is a strap shifting on the chest, not a strap gone: the rest keeps waiting.
    @Test func skinContactLostKeepsTheRestWaiting() {
        let app = feed([(8, .heartRate(HeartRateMeasurement(bpm: 150))),
                       (20, .heartRate(HeartRateMeasurement(bpm: 150, contact: .lost)))], until: 21.5)
        #expect(app.session.index == 2 && app.session.remaining(at: 21.5) > 40)
    }

    /// A reading 6 s into a rest of 10 s under a rule of 5 s at most shortens it by all it can, 3 s (a second
    /// stays); a strap lost then gives back those 3 s, not the 5 asked for: the rest ends at its own 17 s.
    @Test func aStrapLostGivesBackOnlyWhatTheReadingTook() {
        var routine = Self.routine
        routine.restUntil = RestUntil(heartRate: 120, max: 5)
        let inputs: [(at: Double, input: Input)] = [(13, .heartRate(HeartRateMeasurement(bpm: 150))),
                                                    (13.5, .notice(.heartRateLost(device: "H10", .gone)))]
        #expect(feed(inputs, until: 16.5, routine: routine).session.index == 2, "still resting at 16.5 s")
        #expect(feed(inputs, until: 17.5, routine: routine).session.index == 3, "B began at 17 s")
    }

    @Test func theRuleIsReadWithEachProblemAtItsPlace() throws {
        let base = #""exercises": [{"title": "A"}], "restUntil": "#
        #expect(try load(#"{"name": "R", "# + base + #"{"heartRate": 120, "max": 60}}"#).restUntil
                == RestUntil(heartRate: 120, max: 60))
        #expect(problems(#"{"name": "R", "# + base + #"{"heartRate": 20, "max": 0}}"#) == [
            #"r.json:1:73: "heartRate" must be from 40 to 220, not 20"#,
            #"r.json:1:84: "max" must be more than 0 seconds, not 0"#,
        ])
        #expect(problems(#"{"name": "R", "# + base + #"{"bpm": 120}}"#) == [
            #"r.json:1:59: "restUntil" has no "heartRate""#, #"r.json:1:59: "restUntil" has no "max""#,
            #"r.json:1:60: unknown key "bpm" in "restUntil"; expected one of "heartRate", "max""#,
        ])
    }
}

/// `HeartRest` alone: what a rest that waits asks of the session, and the words it leaves on the screen.
@Suite("A rest that waits, as a value")
struct HeartRestValueTests {
    let text = ScreenText.of(.en)

    @Test func theFirstReadingStretchesTheRestAndOneUnderTheRuleEndsIt() {
        var rest = HeartRest(rule: RestUntil(heartRate: 120, max: 60))
        #expect(rest.handle(.resting(index: 2, length: 10, bpm: nil)).isEmpty, "no reading: an ordinary rest")
        #expect(rest.words(at: 2, text: text) == nil)
        #expect(rest.handle(.resting(index: 2, length: 10, bpm: 150)) == [.lengthen(by: 50)])
        _ = rest.handle(.lengthened(by: 50))
        #expect(rest.words(at: 2, text: text) == "until under 120 bpm, at most 1:00")
        #expect(rest.handle(.resting(index: 2, length: 60, bpm: 130)).isEmpty, "stretched once only")
        #expect(rest.handle(.resting(index: 2, length: 60, bpm: 115)) == [.end])
        #expect(rest.words(at: 3, text: text) == "rest ended at 115 bpm")
        #expect(rest.words(at: 4, text: text) == nil)
    }

    @Test func aLostStrapTakesBackWhatTheTimerTookAndOnlyInThatRest() {
        var rest = HeartRest(rule: RestUntil(heartRate: 120, max: 60))
        _ = rest.handle(.resting(index: 2, length: 10, bpm: 150))
        _ = rest.handle(.lengthened(by: 48))
        #expect(rest.handle(.strapLost(index: 3)).isEmpty, "a later segment keeps its time")
        #expect(rest.handle(.strapLost(index: 2)) == [.shorten(by: 48)])
        #expect(rest.handle(.strapLost(index: 2)).isEmpty, "given back once")
        #expect(rest.words(at: 2, text: text) == nil)
        #expect(rest.handle(.resting(index: 2, length: 10, bpm: 140)) == [.lengthen(by: 50)], "a reading again")
    }

    @Test func aRestThatRanToItsLongestSaysSoOnTheNextSegment() {
        var rest = HeartRest(rule: RestUntil(heartRate: 120, max: 60))
        _ = rest.handle(.resting(index: 2, length: 10, bpm: 150))
        _ = rest.handle(.lengthened(by: 50))
        _ = rest.handle(.ranOut(into: 5))
        #expect(rest.words(at: 5, text: text) == nil, "not the segment after the rest")
        _ = rest.handle(.ranOut(into: 3))
        #expect(rest.words(at: 3, text: text) == "rest ended after 1:00")
    }
}
