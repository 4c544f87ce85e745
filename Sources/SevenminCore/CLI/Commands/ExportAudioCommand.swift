// SPDX-License-Identifier: GPL-3.0-or-later
/// `sevenmin export-audio`: write a workout's whole sound track to a file.
public struct ExportAudioCommand: ParsableCommand, Equatable {
    /// The file formats, named by their extensions.
    public static let extensions = ["wav", "flac", "ogg"]

    public static let spec = CommandSpec(
        name: "export-audio",
        abstract: "Write a workout's whole sound track to a WAV, FLAC or OGG file.",
        discussion: "The file lasts the whole workout, with silence between the sounds, so it can be played "
            + "on a phone or a speaker instead of running sevenmin: every cue and spoken line at its moment. "
            + "Its extension chooses the format: .wav, .flac or .ogg (Ogg Vorbis).",
        positional: .requiredThenOptional("file", help: "The sound file to write: .wav, .flac or .ogg.",
                                          then: PlanRequest.routineArgument),
        options: VoiceRequest.options + [Option.force] + PlanRequest.options)

    public enum Option {
        public static let force = OptionSpec(long: "force", value: nil, help: "Overwrite the file if it exists.")
    }

    public var path = ""
    public var plan = PlanRequest()
    public var speech = VoiceRequest()
    public var force = false

    public init() {}

    public init(_ parsed: ParsedArguments) throws(UsageError) {
        path = parsed.positional[0]
        let ext = path.split(separator: "/").last.flatMap { name in
            name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
        }
        guard let ext, ExportAudioCommand.extensions.contains(ext) else {
            throw .invalidValue(option: "<file>", value: path, expected: "a name ending in .wav, .flac or .ogg",
                                command: ExportAudioCommand.spec.name)
        }
        plan = try PlanRequest(parsed, routineAt: 1)
        speech = try VoiceRequest(parsed)
        force = parsed.flag(Option.force)
    }
}
