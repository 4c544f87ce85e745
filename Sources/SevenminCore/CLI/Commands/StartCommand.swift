// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin start`: run a workout full-screen.
public struct StartCommand: ParsableCommand, Equatable {
    public static let spec = CommandSpec(
        name: "start",
        abstract: "Run a workout full-screen, with sound cues.",
        discussion: "Keys while it runs: space pauses, n/→ and p/← skip, r restarts the segment, "
            + "+ and - add or remove 10 seconds, o opens the video, ? lists the keys, q quits. "
            + "Defaults come from the config file, under the options given here (see 'sevenmin config').",
        positional: PlanRequest.routineArgument,
        // The config file's settings apply first; an option given here wins over them.
        options: [
            OptionSpec(long: "mute", value: nil, help: "Play no sound."),
            OptionSpec(long: "events", value: "file",
                       help: "Append a JSON line per event (segment starts, cues, pauses) to file.", values: .file),
        ] + VoiceRequest.options + [
            OptionSpec(long: "audio-driver", value: "name",
                       help: "The libao driver to play through, e.g. pulse, alsa, oss. "
                           + "(default: libao's, then pulse, alsa, oss)"),
            OptionSpec(long: "audio-device", value: "device", help: "The device for that driver, e.g. hw:1 for alsa."),
            OptionSpec(long: "no-history", value: nil,
                help: "Keep no record of this workout (SEVENMIN_HISTORY=off: of any)."),
            OptionSpec(long: "resume", value: nil,
                       help: "Continue the latest interrupted workout, same plan, from the segment where it stopped."),
            OptionSpec(long: "color", value: "when",
                       help: "Use colour: auto follows the terminal and NO_COLOR. "
                           + "(values: auto, always, never; default: auto)",
                       values: .choices(ColorChoice.allCases.map(\.rawValue))),
            OptionSpec(long: "no-flash", value: nil, help: "Do not flash the screen at each change."),
            OptionSpec(long: "no-figure", value: nil,
                       help: "Do not draw the move's animated figure; the screen then changes once a second."),
            OptionSpec(long: "bell", value: nil, help: "Ring the terminal bell at each change, even with sound."),
            OptionSpec(long: "no-bell", value: nil,
                help: "Never ring the terminal bell (by default it rings when there is no sound device)."),
            OptionSpec(long: "no-notify", value: nil,
                       help: "Send no desktop notification through the terminal at the finish."),
            OptionSpec(long: "plain", value: nil,
                       help: "Write a line per change instead of drawing the screen: for screen readers and logs. "
                           + "(default: on when standard input or output is not a terminal)"),
        ] + PlanRequest.options)

    public var plan = PlanRequest()
    public var mute = false
    public var eventsPath: String?
    public var flash = true
    public var figure = true
    public var bell = CoachSettings.Bell.auto
    public var color = ColorChoice.auto
    public var speech = VoiceRequest()
    public var audioDriver: String?
    public var audioDevice: String?
    public var noHistory = false
    public var resume = false
    public var notify = true
    /// The options given on the command line, which the config file may not override.
    public var explicit = GivenOptions()
    /// Lines instead of a screen; also chosen when standard input or output is not a terminal.
    public var plain = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        plan = try PlanRequest(parsed)
        mute = parsed.flag("mute")
        eventsPath = parsed.value("events")
        flash = !parsed.flag("no-flash")
        figure = !parsed.flag("no-figure")
        speech = try VoiceRequest(parsed)
        audioDriver = parsed.value("audio-driver")
        audioDevice = parsed.value("audio-device")
        if let device = audioDevice, !AudioDeviceName.isValid(device) {
            throw .invalidValue(option: "--audio-device <device>", value: device,
                                expected: "a device name such as default, hw:1 or plughw:CARD=PCH,DEV=0 (see aplay -L)",
                                command: Self.spec.name)
        }
        plain = parsed.flag("plain")
        noHistory = parsed.flag("no-history")
        resume = parsed.flag("resume")
        // A resumed workout replays its own plan: nothing may change it.
        if resume {
            if let routine = parsed.positional.first { throw .conflict("--resume", routine, command: "start") }
            let changes = parsed.values.keys.filter(PlanRequest.optionNames.contains).sorted()
                + (parsed.flag("shuffle") ? ["shuffle"] : [])
            if let change = changes.first { throw .conflict("--resume", "--" + change, command: "start") }
        }
        if let choice = try parsed.choice("color", placeholder: "when", among: ["auto", "always", "never"]) {
            color = ColorChoice(rawValue: choice) ?? .auto
        }
        if parsed.flag("bell") && parsed.flag("no-bell") { throw .conflict("--bell", "--no-bell", command: "start") }
        bell = parsed.flag("bell") ? .always : parsed.flag("no-bell") ? .never : .auto
        notify = !parsed.flag("no-notify")
        let typed = parsed.flags.union(parsed.values.keys)
        explicit = GivenOptions(parsed.positional.isEmpty ? typed : typed.union(["routine"]))
    }

    /// This command with the config file's defaults filled in wherever no option was given.
    public func applying(_ config: UserConfig) -> StartCommand {
        var c = self
        func given(_ names: String...) -> Bool { !explicit.names.isDisjoint(with: names) }
        if !given("routine", "resume"), let routine = config.routine { c.plan.routine = routine }
        if !given("mute"), let mute = config.mute { c.mute = mute }
        if !given("voice", "no-voice"), let voice = config.voice {
            c.voice = voice != nil
            c.voiceName = voice
        }
        if !given("rate"), let rate = config.rate { c.rate = rate }
        if !given("volume"), let volume = config.volume { c.volume = volume }
        if !given("count-aloud"), let countAloud = config.countAloud { c.countAloud = countAloud }
        if !given("language"), let language = config.language { c.speech.language = language }
        if !given("no-flash"), let flash = config.flash { c.flash = flash }
        if !given("no-figure"), let figure = config.figure { c.figure = figure }
        if !given("bell", "no-bell"), let bell = config.bell { c.bell = bell }
        if !given("audio-driver"), let driver = config.audioDriver { c.audioDriver = driver }
        if !given("audio-device"), let device = config.audioDevice { c.audioDevice = device }
        if !given("color"), let color = config.color { c.color = color }
        if !given("no-history"), let history = config.history { c.noHistory = !history }
        if !given("no-notify"), let notify = config.notify { c.notify = notify }
        return c
    }
}

/// Which options were typed (by long name; `routine` for the argument). Where a value came from is
/// not part of the command's value, so any two compare equal: `start --mute` is the same command
/// whether the config file or the command line said `mute`.
public struct GivenOptions: Equatable, Sendable {
    public var names: Set<String>

    public init(_ names: Set<String> = []) { self.names = names }

    public static func == (_: GivenOptions, _: GivenOptions) -> Bool { true }
}

extension StartCommand {
    /// Speak at all; the voice's name, when given, overrides the routine's.
    public var voice: Bool {
        get { speech.enabled }
        set { speech.enabled = newValue }
    }
    public var voiceName: String? {
        get { speech.name }
        set { speech.name = newValue }
    }
    public var rate: Int {
        get { speech.rate }
        set { speech.rate = newValue }
    }
    public var countAloud: Bool {
        get { speech.countAloud }
        set { speech.countAloud = newValue }
    }
    public var volume: Int {
        get { speech.volume }
        set { speech.volume = newValue }
    }
}
