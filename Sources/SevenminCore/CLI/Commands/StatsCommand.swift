// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin stats`: streaks, the week against the guideline, a year of days, totals.
public struct StatsCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "stats",
        abstract: "Show streaks, this week against the guideline, and a year of workouts.",
        discussion: "A day counts towards a streak when it holds at least 7 minutes of completed workout. "
            + "The guideline is ACSM's and the WHO's: 75 minutes of vigorous activity a week. Calories, with "
            + "--weight, use 8.0 METs (Compendium of Physical Activities, vigorous calisthenics); for a workout "
            + "with a heart rate recorded, given --sex and the config file's age too, Keytel et al. (2005) at its "
            + "average rate during work. The output says which.",
        positional: .none,
        options: [Option.weight, Option.sex, Option.records, Option.json])

    public enum Option {
        public static let weight = OptionSpec(long: "weight", value: "kg",
                                              help: "Your body weight, to estimate calories. (values: 20-400)")
        public static let sex = OptionSpec(long: "sex", value: "sex",
            help: "For calories from the heart rate, with your age and weight. (values: female, male)",
            values: .choices(KeytelEnergy.Sex.allCases.map(\.rawValue)))
        public static let records = OptionSpec(long: "records", value: nil,
            help: "List your personal records instead: the longest hold and the most reps of each move, from every "
                + "machine's history.")
        public static let json = OptionSpec(long: "json", value: nil, help: "Print JSON, for scripts.")
    }

    /// The body weights `--weight` and the config file's `weight` accept, in kg.
    public static let weights = 20.0...400.0

    public var weight: Double?
    /// With an age and a weight, calories from the heart rate where it was recorded.
    public var sex: KeytelEnergy.Sex?
    public var json = false
    /// `--records`: the personal records alone.
    public var records = false
    /// The options typed, which the config file may not override.
    public var explicit = GivenOptions()

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        if let text = parsed.value(Option.weight) {
            guard let kg = Decimal.number(text), Self.weights.contains(kg) else {
                throw .invalidValue(option: Option.weight.synopsis, value: text, expected: "kilograms from 20 to 400",
                                    command: "stats")
            }
            weight = kg
        }
        sex = try parsed.choice(Option.sex, as: KeytelEnergy.Sex.self)
        json = parsed.flag(Option.json)
        records = parsed.flag(Option.records)
        explicit = GivenOptions(parsed.typed)
    }
}
