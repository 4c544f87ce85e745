// SPDX-License-Identifier: GPL-3.0-or-later
/// Arguments split by one subcommand's spec: flags, option values and positionals. Options are read
/// by the `OptionSpec` the spec lists, never by a name spelt again.
public struct ParsedArguments: Sendable {
    public let spec: CommandSpec
    /// The flags given, by long name.
    private var flags: Set<String> = []
    /// Every value given for each option, by long name, in order.
    private var values: [String: [String]] = [:]
    public private(set) var positional: [String] = []
    /// The command and its arguments after `--`, for a subcommand that runs one (`Positional.thenCommand`).
    public private(set) var command: [String] = []
    public private(set) var help = false

    public init(_ args: [String], spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        var k = 0
        var optionsEnded = false
        while k < args.count {
            let arg = args[k]
            k += 1
            if optionsEnded || !arg.hasPrefix("-") || arg == "-" {
                positional.append(arg)
                continue
            }
            if arg == "--" {
                optionsEnded = true
                // Everything after it is the command's, untouched.
                if spec.positional.command != nil {
                    command = Array(args[k...])
                    break
                }
                continue
            }
            if arg == "-h" || arg == "--help" { help = true; continue }
            var name = arg, inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw .unknownOption(name, command: spec.name,
                                     suggestion: CommandLineParser.suggest(name,
                                         spec.options.map(\.name) + ["--help"]))
            }
            guard option.value != nil else {
                if inline != nil { throw .unexpectedValue(option: option.name, command: spec.name) }
                flags.insert(option.long)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if k < args.count {
                value = args[k]
                k += 1
            } else {
                throw .missingValue(option: option.synopsis, command: spec.name)
            }
            values[option.long, default: []].append(value)
        }
        if help { return }
        if let name = spec.positional.command, command.isEmpty {
            throw .missingArgument("-- <\(name)>", command: spec.name)
        }
        if positional.count > spec.positional.maximum {
            throw .unexpectedArgument(positional[spec.positional.maximum], command: spec.name)
        }
        if positional.count < spec.positional.minimum {
            throw .missingArgument("<\(spec.positional.name ?? "")>", command: spec.name)
        }
    }

    /// The long name of `option`, which must be one of the spec's: reading an option the command does
    /// not list is a mistake in the command, caught by every test that parses it.
    private func key(_ option: OptionSpec) -> String {
        precondition(spec.options.contains { $0.long == option.long },
                     "'\(spec.name)' reads \(option.name), which its spec does not list")
        return option.long
    }

    /// Whether a flag was given.
    public func flag(_ option: OptionSpec) -> Bool { flags.contains(key(option)) }

    /// The last value given for an option.
    public func value(_ option: OptionSpec) -> String? { values[key(option)]?.last }

    /// Every value given for a repeatable option, in order.
    public func all(_ option: OptionSpec) -> [String] { values[key(option)] ?? [] }

    /// Whether an option was typed at all, as a flag or with a value.
    public func given(_ option: OptionSpec) -> Bool {
        let long = key(option)
        return flags.contains(long) || values[long] != nil
    }

    /// The options typed, in the order the spec lists them.
    public var typed: [OptionSpec] {
        spec.options.filter { flags.contains($0.long) || values[$0.long] != nil }
    }

    /// An option's value as plain decimal seconds (no hex, exponents or infinities) within `range`.
    public func seconds(_ option: OptionSpec, allowZero: Bool) throws(UsageError) -> Double? {
        guard let text = value(option) else { return nil }
        guard let v = Decimal.seconds(text), allowZero ? v >= 0 : v > 0, v <= RoutineLoader.maximumSeconds else {
            throw .invalidValue(option: option.synopsis, value: text,
                                expected: allowZero ? "seconds from 0 to 86400"
                                    : "seconds, more than 0 and at most 86400",
                                command: spec.name)
        }
        return v
    }

    /// An option's value as a whole decimal number within `range`.
    public func integer(_ option: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let n = Decimal.whole(text).flatMap({ Int(exactly: $0) }), range.contains(n) else {
            throw .invalidValue(option: option.synopsis, value: text,
                                expected: "a whole number from \(range.lowerBound) to \(range.upperBound)",
                                command: spec.name)
        }
        return n
    }

    /// The first argument, which must name one of `E`'s cases; nil when none was given.
    public func argument<E: CaseIterable & RawRepresentable>(_ placeholder: String, as _: E.Type)
        throws(UsageError) -> E? where E.RawValue == String {
        guard let text = positional.first else { return nil }
        guard let value = E(rawValue: text) else {
            let names = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidValue(option: "<\(placeholder)>", value: text, expected: "one of " + names,
                command: spec.name)
        }
        return value
    }

    /// An option's value, which must be one of the choices its spec offers (`ValueKind.choices`).
    public func choice(_ option: OptionSpec) throws(UsageError) -> String? {
        guard let text = value(option) else { return nil }
        guard case .choices(let choices) = option.values else {
            preconditionFailure("\(option.name) offers no choices")
        }
        guard choices.contains(text) else {
            throw .invalidValue(option: option.synopsis, value: text,
                                expected: "one of " + choices.joined(separator: ", "), command: spec.name)
        }
        return text
    }

    /// An option's value as one of `E`'s cases, which its spec offers as its choices.
    public func choice<E: RawRepresentable>(_ option: OptionSpec, as _: E.Type) throws(UsageError) -> E?
        where E.RawValue == String {
        try choice(option).flatMap(E.init(rawValue:))
    }
}
