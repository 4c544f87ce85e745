// SPDX-License-Identifier: GPL-3.0-or-later
/// Energy spent during exercise from the heart rate: Keytel et al. (2005), "Prediction of energy expenditure
/// from heart rate monitoring during submaximal exercise", Journal of Sports Sciences 23(3), 289–297, the
/// equations by sex without VO2max. They need age, weight and sex; without any of them, `stats` counts MET
/// minutes instead.
public enum KeytelEnergy {
    /// The sex the equations were fitted for, as the config file's `sex` gives it.
    public enum Sex: String, CaseIterable, Sendable {
        case female, male
    }

    public static let kilojoulesPerKilocalorie = 4.184

    /// kJ a minute at `bpm`, never below 0 (the equations were fitted on exercise, not rest).
    public static func kilojoulesPerMinute(bpm: Double, weightKg: Double, age: Int, sex: Sex) -> Double {
        let a = Double(age)
        switch sex {
        case .male: return max(0, -55.0969 + 0.6309 * bpm + 0.1988 * weightKg + 0.2017 * a)
        case .female: return max(0, -20.4022 + 0.4472 * bpm - 0.1263 * weightKg + 0.074 * a)
        }
    }

    /// kcal for `seconds` at an average of `bpm`.
    public static func kilocalories(bpm: Double, seconds: Double, weightKg: Double, age: Int, sex: Sex) -> Double {
        kilojoulesPerMinute(bpm: bpm, weightKg: weightKg, age: age, sex: sex) * seconds / 60 / kilojoulesPerKilocalorie
    }
}
