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
        options: [Option.mute, Option.events] + VoiceRequest.options + [
            Option.audioDriver, Option.audioDevice, Option.noHistory, Option.resume, Option.color, Option.noFlash,
            Option.noFigure, Option.bell, Option.noBell, Option.noNotify, Option.noMPRIS, Option.hr,
            Option.noHR, Option.age, Option.maxHR, Option.speakHR, Option.phone, Option.phoneBind, Option.plain,
            Option.ghost, Option.ghostMargin,
        ] + PlanRequest.options)

    /// `start`'s own options (besides the voice's and the plan's): each declared once, listed in the
    /// spec and read by `init(_:)`.
    public enum Option {
        public static let mute = OptionSpec(long: "mute", value: nil, help: "Play no sound.")
        public static let events = OptionSpec(long: "events", value: "file",
            help: "Append a JSON line per event (segment starts, cues, pauses) to file.", values: .file)
        public static let audioDriver = OptionSpec(long: "audio-driver", value: "name",
            help: "The libao driver to play through, e.g. pulse, alsa, oss. (default: libao's, then pulse, alsa, oss)")
        public static let audioDevice = OptionSpec(long: "audio-device", value: "device",
            help: "The device for that driver, e.g. hw:1 for alsa.")
        public static let noHistory = OptionSpec(long: "no-history", value: nil,
            help: "Keep no record of this workout (SEVENMIN_HISTORY=off: of any).")
        public static let resume = OptionSpec(long: "resume", value: nil,
            help: "Continue the latest interrupted workout, same plan, from the segment where it stopped.")
        public static let color = OptionSpec(long: "color", value: "when",
            help: "Use colour: auto follows the terminal and NO_COLOR. (values: auto, always, never; default: auto)",
            values: .choices(ColorChoice.allCases.map(\.rawValue)))
        public static let noFlash = OptionSpec(long: "no-flash", value: nil,
            help: "Do not flash the screen at each change.")
        public static let noFigure = OptionSpec(long: "no-figure", value: nil,
            help: "Do not draw the move's animated figure; the screen then changes once a second.")
        public static let bell = OptionSpec(long: "bell", value: nil,
            help: "Ring the terminal bell at each change, even with sound.")
        public static let noBell = OptionSpec(long: "no-bell", value: nil,
            help: "Never ring the terminal bell (by default it rings when there is no sound device).")
        public static let noNotify = OptionSpec(long: "no-notify", value: nil,
            help: "Send no desktop notification through the terminal at the finish.")
        public static let noMPRIS = OptionSpec(long: "no-mpris", value: nil,
            help: "Show no media player on the session bus (MPRIS), which media keys, headsets and phone remotes "
                + "use to pause and skip.")
        public static let hr = OptionSpec(long: "hr", value: "device",
            help: "Show the heart rate from this Bluetooth LE strap or watch (its address or name), through BlueZ.")
        public static let noHR = OptionSpec(long: "no-hr", value: nil,
            help: "Read no heart-rate strap, even one the config file names.")
        public static let phone = OptionSpec(long: "phone", value: nil,
            help: "Show the workout on a phone too: a QR code on the get-ready screen (and under ?) opens it live, "
                + "with Pause, Skip and Back; x drops the phones and makes a new code. Plain http: others on the "
                + "network can read it.")
        public static let phoneBind = OptionSpec(long: "phone-bind", value: "address",
            help: "Serve the phone's page on this address and port (address[:port]; IPv6 in brackets), e.g. "
                + "127.0.0.1:8765 over an SSH tunnel, the same for every workout. "
                + "(default: the default route's interface's, a port picked each time)")
        public static let age = OptionSpec(long: "age", value: "years",
            help: "Your age, for heart-rate zones from a maximum of 208 - 0.7 x age (Tanaka). (values: 10-100)")
        public static let maxHR = OptionSpec(long: "max-hr", value: "bpm",
            help: "Your maximum heart rate, for heart-rate zones; wins over --age. (values: 100-240)")
        public static let speakHR = OptionSpec(long: "speak-hr", value: nil,
            help: "Say the heart rate at halfway of each work segment.")
        public static let ghost = OptionSpec(long: "ghost", value: nil,
            help: "In a hold to the limit, a partner from your own past: your record for the move times "
                + "--ghost-margin marks the bar, and passing it is said.")
        public static let ghostMargin = OptionSpec(long: "ghost-margin", value: "factor",
            help: "How much better than your record the ghost holds. (values: 1-2; default: 1.05)")
        public static let plain = OptionSpec(long: "plain", value: nil,
            help: "Write a line per change instead of drawing the screen: for screen readers and logs. "
                + "(default: on when standard input or output is not a terminal)")
    }

    /// The margins `--ghost-margin` accepts: the ghost at the record itself, up to twice it.
    public static let ghostMargins = 1.0...2.0
    /// Moderately better than you: a partner much better discourages (Games Health J 2020).
    public static let defaultGhostMargin = 1.05

    /// The ages `--age` and the config file's `age` accept, in years.
    public static let ages = 10...100
    /// The maximum heart rates `--max-hr` and the config file's `maxHeartRate` accept, in bpm.
    public static let maxHeartRates = 100...240

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
    /// The media player (MPRIS) on the session bus.
    public var mpris = true
    /// The heart-rate strap to read, by Bluetooth address or name; nil: none.
    public var heartRate: String?
    /// `--no-hr`: no strap is read, whatever the config file names.
    public var heartRateOff = false
    /// The user's age in years, for the heart-rate zones (Tanaka's maximum); nil: unknown.
    public var age: Int?
    /// The user's maximum heart rate in bpm, for the zones; it wins over `age`.
    public var maxHeartRate: Int?
    /// Say the heart rate at halfway of each work segment.
    public var speakHeartRate = false
    /// The options given on the command line, which the config file may not override.
    public var explicit = GivenOptions()
    /// Lines instead of a screen; also chosen when standard input or output is not a terminal.
    public var plain = false
    /// The phone's page, and the address it is served on (nil: the default route's interface's).
    public var phone = false
    public var phoneBind: PhoneBind?
    /// `--ghost`: a partner at the user's record, bettered by `ghostMargin`, in holds to the limit.
    public var ghost = false
    public var ghostMargin = StartCommand.defaultGhostMargin

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        plan = try PlanRequest(parsed)
        mute = parsed.flag(Option.mute)
        eventsPath = parsed.value(Option.events)
        flash = !parsed.flag(Option.noFlash)
        figure = !parsed.flag(Option.noFigure)
        speech = try VoiceRequest(parsed)
        audioDriver = parsed.value(Option.audioDriver)
        audioDevice = parsed.value(Option.audioDevice)
        if let device = audioDevice, !AudioDeviceName.isValid(device) {
            throw .invalidValue(option: Option.audioDevice.synopsis, value: device,
                                expected: "a device name such as default, hw:1 or plughw:CARD=PCH,DEV=0 (see aplay -L)",
                                command: Self.spec.name)
        }
        plain = parsed.flag(Option.plain)
        noHistory = parsed.flag(Option.noHistory)
        // `during` takes start's options but this one: a command's workout is a new one.
        resume = parsed.spec.options.contains { $0.long == Option.resume.long } && parsed.flag(Option.resume)
        // A resumed workout replays its own plan: nothing may change it.
        if resume {
            if let routine = parsed.positional.first { throw .conflict(Option.resume.name, routine, command: "start") }
            if let change = PlanRequest.options.first(where: parsed.given) {
                throw .conflict(Option.resume.name, change.name, command: "start")
            }
        }
        color = try parsed.choice(Option.color, as: ColorChoice.self) ?? .auto
        if parsed.flag(Option.bell) && parsed.flag(Option.noBell) {
            throw .conflict(Option.bell.name, Option.noBell.name, command: "start")
        }
        bell = parsed.flag(Option.bell) ? .always : parsed.flag(Option.noBell) ? .never : .auto
        notify = !parsed.flag(Option.noNotify)
        mpris = !parsed.flag(Option.noMPRIS)
        heartRate = parsed.value(Option.hr)
        heartRateOff = parsed.flag(Option.noHR)
        if heartRate != nil, heartRateOff { throw .conflict(Option.hr.name, Option.noHR.name, command: "start") }
        if let text = parsed.value(Option.phoneBind) {
            do { phoneBind = try PhoneBind.parse(text) } catch {
                throw .invalidValue(option: Option.phoneBind.synopsis, value: text, expected: error.expected,
                                    command: Self.spec.name)
            }
        }
        // An address to serve on asks for the page.
        phone = parsed.flag(Option.phone) || phoneBind != nil
        age = try parsed.integer(Option.age, in: Self.ages)
        maxHeartRate = try parsed.integer(Option.maxHR, in: Self.maxHeartRates)
        speakHeartRate = parsed.flag(Option.speakHR)
        ghost = parsed.flag(Option.ghost)
        if let text = parsed.value(Option.ghostMargin) {
            guard let margin = Decimal.number(text), Self.ghostMargins.contains(margin) else {
                throw .invalidValue(option: Option.ghostMargin.synopsis, value: text,
                                    expected: "a factor from 1 to 2, such as 1.05", command: Self.spec.name)
            }
            ghostMargin = margin
        }
        explicit = GivenOptions(parsed.typed, routine: !parsed.positional.isEmpty)
    }
}

/// Which options were typed, and whether a routine was named. Where a value came from is not part of
/// the command's value, so any two compare equal: `start --mute` is the same command whether the config
/// file or the command line said `mute`.
public struct GivenOptions: Equatable, Sendable {
    /// The long names of the options typed.
    private var names: Set<String>
    /// Whether the routine argument was given.
    public var routine: Bool

    public init(_ options: [OptionSpec] = [], routine: Bool = false) {
        names = Set(options.map(\.long))
        self.routine = routine
    }

    /// Whether `option` was typed.
    public func contains(_ option: OptionSpec) -> Bool { names.contains(option.long) }

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
