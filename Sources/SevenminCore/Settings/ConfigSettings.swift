// SPDX-License-Identifier: GPL-3.0-or-later
/// The settings a config file may hold, each declared once: a new setting is one entry here. The
/// reader, `start` and `stats`, `sevenmin config`, the manual and `Workouts/config.schema.json` (a test
/// compares it) are made from this table, in its order.
enum ConfigSettings {
    static let all: [ConfigSetting] = [
        ConfigSetting("routine", .text(where: { !$0.isEmpty }, else: "is empty",
                                       allowed: "a routine's name or a path to a `.json` file",
                                       schema: #", "minLength": 1"#),
                      of: StartCommand.self, "the routine started when none is named: a name or a path",
                      options: [], argument: true,
                      get: { $0.plan.routine }, set: { c, routine in if !c.resume { c.plan.routine = routine } }),
        ConfigSetting("mute", .boolean, of: StartCommand.self, "play no sound", options: [StartCommand.Option.mute],
                      get: { $0.mute }, set: { $0.mute = $1 }),
        ConfigSetting("voice", .voice, of: StartCommand.self,
                      "the voice to speak with: Flite's rms or slt, or an espeak-ng voice; or false for none",
                      options: [VoiceRequest.Option.voice, VoiceRequest.Option.noVoice],
                      unset: "the routine's, else the language's: \"rms\" for English",
                      get: { c in c.voice ? c.voiceName.map(ConfigVoice.named) : .silent },
                      set: { c, voice in
                          c.voice = voice != .silent
                          c.voiceName = if case .named(let name) = voice { name } else { nil }
                      }),
        ConfigSetting("language", .language, of: StartCommand.self,
                      "the language to speak, and show the workout's words in, when neither the voice nor the "
                          + "routine says",
                      options: [VoiceRequest.Option.language],
                      unset: "the voice's or the routine's, else LANGUAGE or LANG, else \"en\"",
                      get: { $0.speech.language }, set: { $0.speech.language = $1 }),
        ConfigSetting("rate", .integer(VoiceRequest.rates), of: StartCommand.self, "words a minute",
                      options: [VoiceRequest.Option.rate], get: { $0.rate }, set: { $0.rate = $1 }),
        ConfigSetting("volume", .integer(VoiceRequest.volumes), of: StartCommand.self, "loudness in percent",
                      options: [VoiceRequest.Option.volume], get: { $0.volume }, set: { $0.volume = $1 }),
        ConfigSetting("countAloud", .boolean, of: StartCommand.self, "say the last three seconds",
                      options: [VoiceRequest.Option.countAloud], get: { $0.countAloud }, set: { $0.countAloud = $1 }),
        ConfigSetting("flash", .boolean, of: StartCommand.self, "flash the screen at each change",
                      options: [StartCommand.Option.noFlash], get: { $0.flash }, set: { $0.flash = $1 }),
        ConfigSetting("figure", .boolean, of: StartCommand.self, "draw the move's animated figure",
                      options: [StartCommand.Option.noFigure], get: { $0.figure }, set: { $0.figure = $1 }),
        ConfigSetting("bell", .choice([("auto", CoachSettings.Bell.auto), ("always", .always), ("never", .never)]),
                      of: StartCommand.self, "when to ring the terminal bell; auto: only when there is no sound device",
                      options: [StartCommand.Option.bell, StartCommand.Option.noBell],
                      get: { $0.bell }, set: { $0.bell = $1 }),
        ConfigSetting("audioDriver", .text(), of: StartCommand.self, "the libao driver, e.g. pulse, alsa, oss, null",
                      options: [StartCommand.Option.audioDriver], unset: "libao's default, then pulse, alsa, oss",
                      get: { $0.audioDriver }, set: { $0.audioDriver = $1 }),
        ConfigSetting("audioDevice", .text(where: AudioDeviceName.isValid,
                                           else: "must be a device name such as \"default\", \"hw:1\" or "
                                               + "\"plughw:CARD=PCH,DEV=0\" (see aplay -L), not a plugin's definition",
                                           allowed: "a device's name as `aplay -L` lists it, such as `default`, "
                                               + "`hw:1` or `plughw:CARD=PCH,DEV=0`; not a plugin's definition",
                                           schema: AudioDeviceName.schema),
                      of: StartCommand.self, "the device for that driver, e.g. hw:1",
                      options: [StartCommand.Option.audioDevice],
                      get: { $0.audioDevice }, set: { $0.audioDevice = $1 }),
        ConfigSetting("color", .choice(ColorChoice.allCases.map { ($0.rawValue, $0) }), of: StartCommand.self,
                      "use colour", options: [StartCommand.Option.color], get: { $0.color }, set: { $0.color = $1 }),
        ConfigSetting("history", .boolean, of: StartCommand.self, "record workouts",
                      options: [StartCommand.Option.noHistory],
                      get: { !$0.noHistory }, set: { $0.noHistory = !$1 }),
        ConfigSetting("notify", .boolean, of: StartCommand.self, "send a desktop notification at the finish",
                      options: [StartCommand.Option.noNotify], get: { $0.notify }, set: { $0.notify = $1 }),
        ConfigSetting("mpris", .boolean, of: StartCommand.self,
                      "show a media player on the session bus, for media keys and phone remotes",
                      options: [StartCommand.Option.noMPRIS], get: { $0.mpris }, set: { $0.mpris = $1 }),
        ConfigSetting("heartRate", .text(where: { !$0.isEmpty }, else: "is empty",
                                         allowed: "a Bluetooth address such as `A0:9E:1A:12:34:56` or a device's name",
                                         schema: #", "minLength": 1"#),
                      of: StartCommand.self, "the Bluetooth LE heart-rate strap or watch to show, by address or name",
                      options: [StartCommand.Option.hr, StartCommand.Option.noHR], unset: "none",
                      get: { $0.heartRateOff ? nil : $0.heartRate }, set: { $0.heartRate = $1 }),
        ConfigSetting("phone", .boolean, of: StartCommand.self,
                      "show the workout on a phone through a QR code; plain http, readable by others on the network",
                      options: [StartCommand.Option.phone, StartCommand.Option.phoneBind],
                      get: { $0.phone }, set: { $0.phone = $1 }),
        ConfigSetting("age", .integer(StartCommand.ages), of: StartCommand.self,
                      "your age in years, for heart-rate zones from a maximum of 208 - 0.7 x age (Tanaka)",
                      options: [StartCommand.Option.age], unset: "no zones, unless maxHeartRate is set",
                      get: { $0.age }, set: { $0.age = $1 }),
        ConfigSetting("maxHeartRate", .integer(StartCommand.maxHeartRates), of: StartCommand.self,
                      "your maximum heart rate in bpm, for heart-rate zones; it wins over age",
                      options: [StartCommand.Option.maxHR], unset: "208 - 0.7 x age, else no zones",
                      get: { $0.maxHeartRate }, set: { $0.maxHeartRate = $1 }),
        ConfigSetting("speakHeartRate", .boolean, of: StartCommand.self,
                      "say the heart rate at halfway of each work segment",
                      options: [StartCommand.Option.speakHR],
                      get: { $0.speakHeartRate }, set: { $0.speakHeartRate = $1 }),
        ConfigSetting("ghost", .boolean, of: StartCommand.self,
                      "in a hold to the limit, a ghost at your record for the move, bettered by --ghost-margin",
                      options: [StartCommand.Option.ghost], get: { $0.ghost }, set: { $0.ghost = $1 }),
        ConfigSetting("weight", .kilograms(StatsCommand.weights), of: StatsCommand.self,
                      "body weight in kg, for 'stats' calories",
                      options: [StatsCommand.Option.weight], get: { $0.weight }, set: { $0.weight = $1 }),
        ConfigSetting("sex", .choice(KeytelEnergy.Sex.allCases.map { ($0.rawValue, $0) }), of: StatsCommand.self,
                      "female or male, for 'stats' calories from the heart rate (Keytel et al. 2005, with age and "
                          + "weight)",
                      options: [StatsCommand.Option.sex], unset: "calories from MET minutes",
                      get: { $0.sex }, set: { $0.sex = $1 }),
        ConfigSetting("snackEvery", .parsed(SnackSchedule.every, spell: SnackSchedule.spelled(every:),
                                            expected: "a time from 1m to 4h, such as \"30m\" or \"1h\"",
                                            allowed: "minutes or hours such as `30m`, `45` or `1h`, from 1m to 4h"),
                      of: SnacksCommand.self, "minutes of sitting before a desk snack's heads-up",
                      options: [SnacksCommand.Option.every],
                      get: { $0.schedule.every }, set: { $0.schedule.every = $1 }),
        ConfigSetting("snackHours", .parsed(SnackSchedule.hours, spell: \.spelled,
                                            expected: "local hours as \"HH:MM-HH:MM\", the start first",
                                            allowed: "local hours as `HH:MM-HH:MM`, the start first"),
                      of: SnacksCommand.self, "the local hours snack heads-ups come in",
                      options: [SnacksCommand.Option.hours],
                      get: { $0.schedule.hours }, set: { $0.schedule.hours = $1 }),
        ConfigSetting("snackDays", .parsed(SnackSchedule.days, spell: SnackSchedule.spelled(days:),
                                           expected: "days of the week such as \"mon,wed,fri\" or \"mon-fri\"",
                                           allowed: "days of the week as `remind --days` takes them: `mon,wed,fri`, "
                                               + "`mon-fri`"),
                      of: SnacksCommand.self, "the days snack heads-ups come on",
                      options: [SnacksCommand.Option.days],
                      get: { $0.schedule.days }, set: { $0.schedule.days = $1 }),
        ConfigSetting("snackMinutes", .integer(SnackSchedule.minutesRange), of: SnacksCommand.self,
                      "how long a desk snack is, in minutes", options: [SnacksCommand.Option.minutes],
                      get: { $0.schedule.minutes }, set: { $0.schedule.minutes = $1 }),
        ConfigSetting("snackAuto", .boolean, of: SnacksCommand.self,
                      "start a snack by itself at the next pause once its heads-up is out",
                      options: [SnacksCommand.Option.auto],
                      get: { $0.schedule.auto }, set: { $0.schedule.auto = $1 }),
    ]

    /// Every key a config file may hold: `$schema`, which editors use and sevenmin ignores, and the settings'.
    static let keys = ["$schema"] + all.map(\.key)

    /// The settings as the manual's table lists them.
    static var documented: [RoutineKey] { all.map(\.documented) }

    /// `Workouts/config.schema.json`: the JSON Schema of the file, for editors.
    static func schema() -> String {
        let members = [#""$schema": { "type": "string", "description": "Accepted and ignored, so editors can find "#
            + #"this schema." }"#] + all.map(\.schemaMember)
        return """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://sevenmin.invalid/schema/config.json",
              "title": "sevenmin config",
              "description": "Defaults for 'sevenmin start' (and 'stats'), in $XDG_CONFIG_HOME/sevenmin/config.json. \
            Options given on the command line win.",
              "type": "object",
              "additionalProperties": false,
              "properties": {
            \(members.map { "    " + $0 }.joined(separator: ",\n"))
              }
            }

            """
    }
}
