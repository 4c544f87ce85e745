/// `sevenmin start`: run a workout full-screen.
public struct StartCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "start",
        abstract: "Run a workout full-screen, with sound cues.",
        discussion: "Keys while it runs: space pauses, n/→ and p/← skip, r restarts the segment, "
            + "+ and - add or remove 10 seconds, ? lists the keys, q quits.",
        positional: PlanRequest.routineArgument,
        options: [
            OptionSpec(long: "mute", value: nil, help: "Play no sound."),
            OptionSpec(long: "events", value: "file",
                       help: "Append a JSON line per event (segment starts, cues, pauses) to file."),
        ] + VoiceRequest.options + [
            OptionSpec(long: "audio-driver", value: "name",
                       help: "The libao driver to play through, e.g. pulse, alsa, oss. (default: libao's, then pulse, alsa, oss)"),
            OptionSpec(long: "audio-device", value: "device", help: "The device for that driver, e.g. hw:1 for alsa."),
            OptionSpec(long: "color", value: "when",
                       help: "Use colour: auto follows the terminal and NO_COLOR. (values: auto, always, never; default: auto)"),
            OptionSpec(long: "no-flash", value: nil, help: "Do not flash the screen at each change."),
            OptionSpec(long: "bell", value: nil, help: "Ring the terminal bell at each change, even with sound."),
            OptionSpec(long: "no-bell", value: nil, help: "Never ring the terminal bell (by default it rings when there is no sound device)."),
            OptionSpec(long: "plain", value: nil,
                       help: "Write a line per change instead of drawing the screen: for screen readers and logs. "
                           + "(default: on when standard input or output is not a terminal)"),
        ] + PlanRequest.options)

    public var plan = PlanRequest()
    public var mute = false
    public var eventsPath: String?
    public var flash = true
    public var bell = CoachSettings.Bell.auto
    public var color = ColorChoice.auto
    public var speech = VoiceRequest()
    public var audioDriver: String?
    public var audioDevice: String?
    /// Lines instead of a screen; also chosen when standard input or output is not a terminal.
    public var plain = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        plan = try PlanRequest(parsed)
        mute = parsed.flag("mute")
        eventsPath = parsed.value("events")
        flash = !parsed.flag("no-flash")
        speech = try VoiceRequest(parsed)
        audioDriver = parsed.value("audio-driver")
        audioDevice = parsed.value("audio-device")
        plain = parsed.flag("plain")
        if let choice = try parsed.choice("color", placeholder: "when", among: ["auto", "always", "never"]) {
            color = ColorChoice(rawValue: choice) ?? .auto
        }
        if parsed.flag("bell") && parsed.flag("no-bell") {
            throw .invalidValue(option: "--bell", value: "--no-bell", expected: "one of --bell or --no-bell", command: "start")
        }
        bell = parsed.flag("bell") ? .always : parsed.flag("no-bell") ? .never : .auto
    }
}

extension StartCommand {
    /// Speak at all; the voice's name, when given, overrides the routine's.
    public var voice: Bool { speech.enabled }
    public var voiceName: String? { speech.name }
    public var rate: Int { speech.rate }
    public var countAloud: Bool { speech.countAloud }
    public var volume: Int { speech.volume }
}
