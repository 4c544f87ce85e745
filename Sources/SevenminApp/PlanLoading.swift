// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// Loads the routine a command names and applies the command line's changes to it,
/// or says why not, with the exit status that goes with it.
enum PlanLoading {
    /// A plan ready to run or show, with the seed it was shuffled with.
    struct Loaded {
        var plan: Plan
        var seed: UInt64?
        var path: String
        /// The routine file's SHA-256, so a resumed workout can tell the file is unchanged.
        var contentHash: String
        /// The command line's changes, with the seed: what the history keeps to replay the plan.
        var adjustments: RoutineAdjustments
        /// A workout, or a desk snack (`sevenmin snack`), as the history records it.
        var kind = SessionKind.workout
    }

    /// The workout a command runs or shows, by `RoutineChoice`'s one rule: the routine named, else the
    /// joined plan's step, else the config file's `routine`, else classic. Nothing is read for a routine
    /// named; `config` is read only when no plan is joined (`start` hands in the file it read already).
    static func choose(_ request: PlanRequest,
                       config: @autoclosure () -> Result<UserConfig?, ExitStatus> = ConfigFile.load(voices: nil))
        -> Result<RoutineChoice, ExitStatus> {
        guard !request.given.routine else { return .success(RoutineChoice(request: request)) }
        switch PlanFiles.current(now: Date().timeIntervalSince1970) {
        case .failure(let status): return .failure(status)
        case .success(let (report, _)?): return .success(.resolve(request, plan: report, configRoutine: nil))
        case .success(nil):
            switch config() {
            case .failure(let status): return .failure(status)
            case .success(let file):
                return .success(.resolve(request, plan: nil, configRoutine: file?.value("routine", as: String.self)))
            }
        }
    }

    /// The plan, or the exit status after the reason was reported. With `voices`, the routine's voice
    /// must be one the engine lists (for a workout that will speak with it); they are asked for only
    /// if the routine names a voice, since listing them starts espeak-ng in this process.
    static func load(_ request: PlanRequest, voices: @autoclosure () -> VoiceCatalogue? = nil,
                     say: (String) -> Void = Console.error) -> Result<Loaded, ExitStatus> {
        let source = WorkoutDataSource()
        do {
            let location = try source.location(for: request.routine)
            let bytes = try source.contents(of: location)
            var routine = try RoutineLoader.parse(bytes, path: location.path)
            if routine.voice != nil, let voices = voices() {
                routine = try RoutineLoader.parse(bytes, path: location.path, voices: voices)
            }
            let (changed, seed) = try request.apply(to: routine, randomSeed: UInt64.random(in: 0...999_999))
            var adjustments = request.adjustments
            adjustments.shuffleSeed = seed
            // A file's path absolute, so that the history can find it again from anywhere (`start --resume`).
            let path: String
            if case .file(let file) = location, let here = try? SystemCall.currentDirectory() {
                path = PathText.absolute(file, from: here)
            } else {
                path = location.path
            }
            return .success(Loaded(plan: Plan(changed), seed: seed, path: path,
                                   contentHash: ContentHash.sha256(bytes), adjustments: adjustments))
        } catch {
            return .failure(ExitStatus(report(error, say: say)))
        }
    }

    /// Reports an error from loading a routine (to `say`); returns the exit status for it.
    static func report(_ error: any Error, say: (String) -> Void = Console.error) -> Int32 {
        switch error {
        case let error as RoutineLoadError:
            say(error.diagnostics.map { visible($0.description) }.joined(separator: "\n"))
            return ExitCode.dataError
        case let error as PlanRequest.Failure:
            say(Messages.plan(error))
            return ExitCode.dataError
        case let error as RoutineNotFound:
            say(Messages.notFound(error))
            return ExitCode.noInput
        case let error as RoutineFileError:
            say(visible(error.description))
            return error.exitCode
        default:
            say("Error: \(error)")
            return ExitCode.failure
        }
    }
}
