// SPDX-License-Identifier: GPL-3.0-or-later
/// How to shuffle: not at all, with a chosen seed, or with one picked at random.
public enum ShuffleRequest: Equatable, Sendable {
    case none, random, seed(UInt64)
}

/// The routine and the changes to it that `start` and `list` share.
public struct PlanRequest: Equatable, Sendable {
    public var routine = "classic"
    public var adjustments = RoutineAdjustments()
    public var shuffle = ShuffleRequest.none
    /// Which options were typed, and whether the routine was named (not part of equality).
    public var given = GivenOptions()

    public init() {}

    /// The plan options, shared by every command that builds a plan: each declared once, listed in
    /// those commands' specs and read by `init(_:routineAt:)`.
    public enum Option {
        public static let rounds = OptionSpec(long: "rounds", value: "n",
            help: "Repeat the circuit n times. (values: 1-100; default: the routine's)")
        public static let work = OptionSpec(long: "work", value: "seconds",
            help: "Seconds of work for every exercise. (default: the routine's)")
        public static let rest = OptionSpec(long: "rest", value: "seconds",
            help: "Seconds of rest between exercises. (default: the routine's)")
        public static let getReady = OptionSpec(long: "get-ready", value: "seconds",
            help: "Seconds before the first exercise. (default: the routine's)")
        public static let shuffle = OptionSpec(long: "shuffle", value: nil,
            help: "Shuffle the exercises within their groups, keeping the sequence of groups.")
        public static let seed = OptionSpec(long: "seed", value: "n",
            help: "Shuffle repeatably with this seed (implies --shuffle).")
        public static let without = OptionSpec(long: "without", value: "tag",
            help: "Leave out exercises with this tag, e.g. noisy or chair.", repeatable: true, values: .tag)
    }

    /// The plan options, in the order help lists them.
    public static let options = [
        Option.rounds, Option.work, Option.rest, Option.getReady, Option.shuffle, Option.seed, Option.without,
    ]

    /// The routine argument, shared by every command that takes one.
    public static let routineArgument = Positional.optional(
        "routine", help: "A routine's name (see 'sevenmin routines') or the path to a .json file. "
            + "(default: the joined plan's step, else the config file's routine, else classic)",
        values: .routine)

    /// The request from parsed arguments, the routine being the positional at `routineAt` if given.
    public init(_ parsed: ParsedArguments, routineAt position: Int = 0) throws(UsageError) {
        if parsed.positional.count > position { routine = parsed.positional[position] }
        given = GivenOptions(parsed.typed, routine: parsed.positional.count > position)
        adjustments.rounds = try parsed.integer(Option.rounds, in: 1...RoutineLoader.maximumRounds)
        adjustments.work = try parsed.seconds(Option.work, allowZero: false)
        adjustments.rest = try parsed.seconds(Option.rest, allowZero: true)
        adjustments.getReady = try parsed.seconds(Option.getReady, allowZero: true)
        adjustments.without = try Self.without(parsed)
        if let text = parsed.value(Option.seed) {
            guard let seed = Decimal.whole(text) else {
                throw .invalidValue(option: Option.seed.synopsis, value: text,
                                    expected: "a whole number from 0 to 18446744073709551615",
                                    command: parsed.spec.name)
            }
            shuffle = .seed(seed)
        } else if parsed.flag(Option.shuffle) {
            shuffle = .random
        }
    }

    /// The tags `--without` gives, each checked.
    public static func without(_ parsed: ParsedArguments) throws(UsageError) -> [String] {
        var tags: [String] = []
        for tag in parsed.all(Option.without) {
            guard Tag.isValid(tag) else {
                throw .invalidValue(option: Option.without.synopsis, value: tag,
                                    expected: "a tag: lower-case letters, digits and '-'", command: parsed.spec.name)
            }
            tags.append(tag)
        }
        return tags
    }

    /// Why a request cannot apply to the routine it names.
    public enum Failure: Error, Equatable, Sendable {
        /// `--without` names a tag no exercise has.
        case unknownTag(String, known: [String])
        /// The changes cannot apply: nothing would be left, or the plan would be too large.
        case adjustments(RoutineAdjustments.Failure)
    }

    /// The routine with the request's changes, and the seed it was shuffled with.
    /// `randomSeed` is used when a random shuffle was asked for.
    public func apply(to routine: Routine, randomSeed: UInt64) throws(Failure) -> (Routine, seed: UInt64?) {
        let known = Set((routine.warmup + routine.exercises + routine.cooldown).flatMap(\.tags))
        for tag in adjustments.without where !known.contains(tag) {
            throw .unknownTag(tag, known: known.sorted())
        }
        var changes = adjustments
        switch shuffle {
        case .none: break
        case .seed(let seed): changes.shuffleSeed = seed
        case .random: changes.shuffleSeed = randomSeed
        }
        do {
            return (try changes.apply(to: routine), changes.shuffleSeed)
        } catch {
            throw .adjustments(error)
        }
    }
}
