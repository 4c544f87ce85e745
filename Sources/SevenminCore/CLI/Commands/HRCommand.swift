// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin hr`: the Bluetooth LE heart-rate straps and watches within reach.
public struct HRCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "hr",
        abstract: "Find a Bluetooth LE strap or watch that sends a heart rate, and keep it for 'start'.",
        discussion: "scan asks BlueZ (on the system bus) to look for devices offering the Heart Rate Service "
            + "and prints each one's address, signal (RSSI, in dBm) and name. Put a chest strap on, or set a "
            + "watch to broadcast its heart rate, before scanning. use DEVICE sets \"heartRate\" in the config "
            + "file to it, keeping the file's other settings, so that 'start' reads it without --hr; forget takes "
            + "it out again. A name two devices share is refused: give one's address.",
        positional: .requiredThenOptional("action", help: "scan: look for devices; use: keep one for 'start'; "
                                              + "forget: keep none.",
                                          values: .choices(["scan", "use", "forget"]),
                                          then: .optional("device", help: "For use: an address or a name, as scan "
                                                              + "lists them.")),
        options: [Option.seconds])

    public enum Option {
        public static let seconds = OptionSpec(long: "seconds", value: "n",
            help: "Look for this many seconds. (default: 5)")
    }

    /// What to do: look for devices, keep one in the config file, or take it out.
    public enum Action: Equatable, Sendable {
        case scan
        case use(String)
        case forget
    }

    public var action = Action.scan
    /// How long to look, in seconds.
    public var seconds = 5

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        let words = parsed.positional
        switch words.first {
        case "scan", "forget":
            if words.count > 1 { throw .unexpectedArgument(words[1], command: Self.spec.name) }
            action = words[0] == "scan" ? .scan : .forget
        case "use":
            guard words.count == 2, !words[1].isEmpty else {
                throw .missingArgument("<device>", command: Self.spec.name)
            }
            // As the config file would refuse it, before anything is written.
            if words[1].unicodeScalars.contains(where: \.isUnsafeForTerminal) {
                throw .invalidValue(option: "<device>", value: words[1], expected: "a name without control characters",
                                    command: Self.spec.name)
            }
            action = .use(words[1])
        default:
            throw .invalidValue(option: "action", value: words.first ?? "", expected: "scan, use or forget",
                                command: Self.spec.name)
        }
        seconds = try parsed.integer(Option.seconds, in: 1...120) ?? 5
    }
}
