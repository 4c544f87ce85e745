// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Turns routine JSON into a validated `Routine`, reporting every problem with its position.
public struct RoutineLoader {
    /// Files larger than this are refused before parsing.
    public static let maximumFileSize = 1 << 20
    /// No duration may exceed a day: a larger one is a typo, not a workout.
    public static let maximumSeconds = 86_400.0
    public static let maximumRounds = 100
    /// Past this many problems the rest are only counted: a hostile file can hold half a million,
    /// and the first thousand already say what is wrong.
    public static let maximumDiagnostics = 1_000

    static let routineKeys = ["$schema", "name", "description", "work", "rest", "getReady", "rounds", "roundRest",
                              "finalRest", "exercises", "warmup", "cooldown", "voice",
                              "language", "switchRest", "restUntil"]
    static let exerciseKeys = ["title", "description", "videoId", "video", "color", "work", "rest", "sides", "group",
                               "tags", "say", "figure", "cues", "switchRest", "reps", "until", "max"]
    /// The most repetitions a step may count.
    public static let maximumReps = 1_000

    /// Validates routine JSON; `path` is used in messages. Reading the file is the caller's job,
    /// so that the core does no I/O. With `voices`, the engine's catalogue, the routine's `voice`
    /// must be one it lists (for a workout that will speak with it).
    public static func parse(_ bytes: [UInt8], path: String,
                             voices: VoiceCatalogue? = nil) throws(RoutineLoadError) -> Routine {
        var work = 0
        return try parse(bytes, path: path, voices: voices, positionWork: &work)
    }

    /// Also reports the steps spent finding positions, so tests can check they grow linearly.
    static func parse(_ bytes: [UInt8], path: String, voices: VoiceCatalogue? = nil,
                      positionWork: inout Int) throws(RoutineLoadError) -> Routine {
        if bytes.count > maximumFileSize { throw tooLarge(path: path, bytes: bytes.count) }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, positionWork: &positionWork)
        } catch {
            throw RoutineLoadError([Diagnostic(path: path, position: error.position, message: error.message)])
        }
        var validator = Validator(path: path, voices: voices)
        let routine = validator.routine(root)
        if !validator.diagnostics.isEmpty || routine == nil {
            throw RoutineLoadError(validator.allDiagnostics)
        }
        return routine!
    }

    /// The JSON tree of a file other than a routine (`what`: "a config", "a plan"), refused whole when it
    /// is over `maximumFileSize` or is not JSON.
    static func root(of bytes: [UInt8], path: String, what: String) throws(RoutineLoadError) -> JSONNode {
        if bytes.count > maximumFileSize {
            let message = "the file is \(bytes.count) bytes; \(what) may be at most 1 MiB"
            throw RoutineLoadError([Diagnostic(path: path, position: SourcePosition(line: 1, column: 1),
                                               message: message)])
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw RoutineLoadError([Diagnostic(path: path, position: error.position, message: error.message)])
        }
    }

    /// The error for a file over `maximumFileSize`, for readers that refuse it before reading it all.
    public static func tooLarge(path: String, bytes: Int?) -> RoutineLoadError {
        let message = bytes.map { "the file is \($0) bytes; routines may be at most 1 MiB" }
            ?? "the file is larger than 1 MiB, the most a routine may be"
        return RoutineLoadError([Diagnostic(path: path, position: SourcePosition(line: 1, column: 1),
                                            message: message)])
    }
}
