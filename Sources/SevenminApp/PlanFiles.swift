// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminBuiltIn
import SevenminCore
import SevenminShipped
import SevenminSystem

/// Where plans are found and which one is joined: the user's in `$XDG_CONFIG_HOME/sevenmin/plans`, then
/// the shipped `Workouts/plans` (or the copies built in); the joined one in `$XDG_STATE_HOME/sevenmin/plan.json`.
enum PlanFiles {
    struct Found {
        var name: String
        /// A file's path, or `(built-in)/plans/NAME.json`.
        var path: String
        var builtIn: Bool
    }

    static let builtInFolder = "Workouts/plans/"

    static var folders: [String] {
        [UserDirectories().configDirectory.map { $0 + "/plans" }, Resources.workoutsDirectory.map { $0 + "/plans" }]
            .compactMap { $0 }
    }

    /// Every plan, the user's first; a later one of the same name is shadowed and left out.
    static func all() -> [Found] {
        var out: [Found] = [], seen = Set<String>()
        for dir in folders {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
                .compactMap(RoutineFileName.routineName(of:)).sorted()
            for name in names where seen.insert(name).inserted {
                out.append(Found(name: name, path: dir + "/" + RoutineFileName.fileName(of: name), builtIn: false))
            }
        }
        if Resources.workoutsDirectory == nil {
            let names = BuiltInFiles.paths.filter { $0.hasPrefix(builtInFolder) }
                .compactMap { RoutineFileName.routineName(of: String($0.dropFirst(builtInFolder.count))) }
            for name in names.sorted() where seen.insert(name).inserted {
                out.append(Found(name: name, path: RoutineLocation.builtInFolder + "/plans/"
                    + RoutineFileName.fileName(of: name), builtIn: true))
            }
        }
        return out
    }

    /// The step a workout recorded for a plan (by the plan's name, as the history keeps it) was, for one
    /// resumed: the joined plan's, or another's of that name; nil when no plan of that name is found any more.
    static func step(_ recorded: (plan: String, step: Int)) -> RoutineChoice.PlanStep? {
        let joined = (try? joined(say: { _ in }).get())?.map(\.plan)
        for argument in [joined].compactMap({ $0 }) + all().map(\.name) {
            guard case .success(let (plan, _)) = load(argument, say: { _ in }), plan.name == recorded.plan else {
                continue
            }
            return RoutineChoice.PlanStep(plan: plan.name, step: recorded.step, steps: plan.steps.count)
        }
        return nil
    }

    /// Loads a plan by name or path, saying why not (to `say`) with the exit status (66 not found, 65 broken).
    /// With `runnable`, a step that cannot run (its routine missing or broken, say) is a broken plan.
    static func load(_ argument: String, runnable: Bool = false, say: (String) -> Void = Console.error)
        -> Result<(plan: TrainingPlan, path: String), ExitStatus> {
        let bytes: [UInt8], path: String
        if WorkoutDataSource.isPath(argument) {
            path = URL(fileURLWithPath: argument).standardizedFileURL.path
            do { bytes = try WorkoutDataSource.read(path) } catch {
                say(visible(error.description))
                return .failure(ExitStatus(error.exitCode))
            }
        } else if let found = all().first(where: { $0.name == argument }) {
            path = found.path
            let read = found.builtIn
                ? BuiltInFiles.file(builtInFolder + RoutineFileName.fileName(of: found.name))
                : try? WorkoutDataSource.read(found.path)
            guard let read else {
                say("Error: Cannot read '\(visible(found.path))'.")
                return .failure(ExitStatus(ExitCode.noInput))
            }
            bytes = read
        } else {
            let names = all().map(\.name)
            let near = Suggestions.nearest(to: argument, in: names).first.map { " Did you mean '\($0)'?" } ?? ""
            say("Error: No plan named '\(visible(argument))'.\(near) "
                + "Plans: \(names.isEmpty ? "none" : names.joined(separator: ", ")).")
            return .failure(ExitStatus(ExitCode.noInput))
        }
        let check: ((TrainingPlan.Step) -> String?)? = runnable ? { whyNotRunnable($0) } : nil
        do {
            return .success((try TrainingPlanLoader.parse(bytes, path: path, whyNotRunnable: check), path))
        } catch {
            say(error.diagnostics.map { visible($0.description) }.joined(separator: "\n"))
            return .failure(ExitStatus(ExitCode.dataError))
        }
    }

    /// Why `step` cannot run, as `start` would say it in its first line; nil when it can.
    static func whyNotRunnable(_ step: TrainingPlan.Step) -> String? {
        var said: [String] = []
        guard case .failure = PlanLoading.load(step.request, say: { said.append($0) }) else { return nil }
        let first = said.joined(separator: "\n").split(separator: "\n").first.map(String.init) ?? "it cannot load"
        return first.hasPrefix("Error: ") ? String(first.dropFirst("Error: ".count)) : first
    }

    static var joinedPath: String? { UserDirectories().stateDirectory.map { $0 + "/plan.json" } }

    /// The plan joined; nil when none is (no file). A file that is there but cannot be read, or is not a
    /// joined plan (a value out of range, say), is said, `path:line:column: what is wrong` and how to
    /// leave or join again, and fails with its exit status.
    static func joined(say: (String) -> Void = Console.error) -> Result<JoinedPlan?, ExitStatus> {
        guard let path = joinedPath else { return .success(nil) }
        do {
            return .success(try JoinedPlan.parse(try WorkoutDataSource.read(path), path: path))
        } catch {
            if let file = error as? RoutineFileError, case .notFound = file.reason { return .success(nil) }
            let status = PlanLoading.report(error, say: say)
            sayHowToLeave("The plan joined cannot be told from \(visible(path))", say: say)
            return .failure(ExitStatus(status))
        }
    }

    /// `what` is wrong with the plan joined, and the two ways out of it.
    static func sayHowToLeave(_ what: String, say: (String) -> Void = Console.error) {
        say("\(what): 'sevenmin plan leave' leaves it, and 'sevenmin plan join NAME' joins a plan again.")
    }

    /// Joins `plan` (a name, or a path made absolute) now, replacing any plan joined before.
    static func join(_ plan: String, at time: Double) throws {
        guard let path = joinedPath, let dir = UserDirectories().stateDirectory else {
            throw ExitStatus(ExitCode.failure)
        }
        try UserDirectories.makeDirectory(dir)
        try AtomicFile.write(JoinedPlan(plan: plan, joinedAt: time).text, to: path)
    }

    /// The joined plan loaded, with where its workouts stand; nil when none is joined. Its workouts are
    /// `sessions`, read only when a plan is joined: by default every machine's in the history (`history.d`
    /// too), each once.
    static func current(now: Double, sessions given: (() -> [SessionRecord])? = nil)
        -> Result<(PlanReport, JoinedPlan)?, ExitStatus> {
        let joined: JoinedPlan
        switch self.joined() {
        case .failure(let status): return .failure(status)
        case .success(nil): return .success(nil)
        case .success(let found?): joined = found
        }
        switch load(joined.plan) {
        case .failure(let status):
            sayHowToLeave("The plan joined, '\(visible(joined.plan))', cannot be followed")
            return .failure(status)
        case .success(let (plan, path)):
            let sessions = given?() ?? HistoryReading.everySession()
            let offset = SystemTimeZone.current.secondsFromUTC(at: now)
            let progress = PlanProgress.replay(plan, joinedAt: joined.joinedAt, sessions: sessions, now: now)
            let day = PlanDay.next(plan, sessions: sessions, now: now, utcOffset: offset)
            return .success((PlanReport(plan: plan, path: path, joinedAt: joined.joinedAt, progress: progress, day: day,
                                        utcOffset: offset), joined))
        }
    }

}
