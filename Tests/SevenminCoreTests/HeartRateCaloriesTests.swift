// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SevenminCore

/// Calories in `stats`: from the heart rate by Keytel's equations where it was recorded and the config says
/// enough, from MET minutes otherwise, and the output says which.
@Suite("Calories from the heart rate")
struct HeartRateCaloriesTests {
    /// Keytel et al. 2005's equations by sex without VO2max, worked by hand: a man of 30, 80 kg, at 150 bpm,
    /// −55.0969 + 0.6309 × 150 + 0.1988 × 80 + 0.2017 × 30 = 61.4931 kJ/min; a woman of 30, 60 kg, at 150,
    /// −20.4022 + 0.4472 × 150 − 0.1263 × 60 + 0.074 × 30 = 41.3198 kJ/min.
    @Test func keytelsEquations() {
        let man = KeytelEnergy.kilojoulesPerMinute(bpm: 150, weightKg: 80, age: 30, sex: .male)
        let woman = KeytelEnergy.kilojoulesPerMinute(bpm: 150, weightKg: 60, age: 30, sex: .female)
        #expect(abs(man - 61.4931) < 1e-9)
        #expect(abs(woman - 41.3198) < 1e-9)
        #expect(abs(KeytelEnergy.kilocalories(bpm: 150, seconds: 600, weightKg: 80, age: 30, sex: .male)
            - 614.931 / 4.184) < 1e-9)
        #expect(KeytelEnergy.kilojoulesPerMinute(bpm: 20, weightKg: 80, age: 30, sex: .male) == 0, "never below 0")
    }

    func stats(heart: [HistoryStats.HeartWorkout], weight: Double? = 80, age: Int? = 30,
               sex: KeytelEnergy.Sex? = .male) -> HistoryStats {
        // Two workouts today of 600 s of work each; the day is 20,000 (1 Oct 2024), noon UTC.
        var totals = HistoryTotals()
        totals.days[20_000] = HistoryTotals.Day(workout: 1600, work: 1200)
        totals.sessions = 2
        totals.completedSessions = 2
        return HistoryStats.compute(totals, now: 20_000 * 86400 + 43200, calendar: calendar("UTC"), weightKg: weight,
                                    heart: heart, age: age, sex: sex)
    }

    @Test func caloriesFromTheHeartRateWhereRecordedAndMETMinutesOtherwise() {
        let withStrap = HistoryStats.HeartWorkout(day: 20_000, workSeconds: 600,
                                                  work: HeartRateSummary(average: 150, peak: 170, samples: 600))
        let met = 8.0 * 80 * 600 / 3600
        let keytel = 61.4931 * 10 / 4.184
        let mixed = stats(heart: [withStrap])
        #expect(abs((mixed.totalCalories ?? 0) - (keytel + met)) < 1e-6)
        #expect(abs((mixed.weekCalories ?? 0) - (keytel + met)) < 1e-6)
        #expect(mixed.heartCalorieWorkouts == 1)
        #expect(mixed.heartAverage == 150 && mixed.heartPeak == 170 && mixed.heartWorkouts == 1)
        let text = StatsReport.text(mixed, colors: .none, utf8: true, metrics: .unicode)
        #expect(text.contains("Heart rate: 1 workout recorded, average 150 bpm, peak 170 bpm during work"))
        #expect(text.contains("Energy: about \(Int((keytel + met).rounded())) kcal in all"))
        #expect(text.contains("from heart rate in 1 workout (Keytel 2005); MET 8.0 at 80 kg for the others"))
        #expect(StatsReport.json(mixed).contains("\"kcal_from\": \"heart_rate_and_met\""))
        // Without a sex (or an age) the equations cannot be used: MET minutes for all, and the output says so.
        let noSex = stats(heart: [withStrap], sex: nil)
        #expect(abs((noSex.totalCalories ?? 0) - 2 * met) < 1e-6)
        #expect(noSex.heartCalorieWorkouts == 0)
        let said = StatsReport.text(noSex, colors: .none, utf8: true, metrics: .unicode)
        #expect(said.contains("(MET 8.0 at 80 kg)"))
        #expect(said.contains("by MET minutes: from heart rate with \"age\" and \"sex\" in the config"))
        #expect(StatsReport.json(noSex).contains("\"kcal_from\": \"met\""))
        #expect(abs((stats(heart: [withStrap], age: nil).totalCalories ?? 0) - 2 * met) < 1e-6)
        #expect(stats(heart: [withStrap], weight: nil).totalCalories == nil, "no weight, no calories")
    }
}
