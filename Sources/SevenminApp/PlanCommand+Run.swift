// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

extension PlanCommand: RunnableCommand {
    func run() -> Int32 {
        let now = Date().timeIntervalSince1970
        switch action {
        case .list:
            // A joined plan that cannot be read is said; the list is shown, with none marked.
            let found = PlanFiles.joined()
            let joined = try? found.get()
            var rows: [JSONWriter.Value] = []
            var text = ""
            for found in PlanFiles.all() {
                // A plan that cannot be joined is listed with its first problem, `file:line:column: what`.
                var said: [String] = []
                guard case .success(let (plan, path)) = PlanFiles.load(found.name, runnable: true,
                                                                       say: { said.append($0) }) else {
                    let lines = said.joined(separator: "\n").split(separator: "\n").map(String.init)
                    let problem = (lines.first ?? "it cannot be read")
                        + (lines.count > 1 ? " (and \(lines.count - 1) more)" : "")
                    rows.append(.object([.init("name", .string(found.name)), .init("file", .string(found.path)),
                                         .init("problem", .string(problem))]))
                    text += "  " + found.name + "  cannot be joined: " + problem + "\n"
                    continue
                }
                let isJoined = joined?.plan == found.name || joined?.plan == path
                rows.append(.object([.init("name", .string(found.name)), .init("title", .string(plan.name)),
                                     .init("steps", .integer(plan.steps.count)),
                                     .init("days", .array(plan.days.map { .string(TrainingPlan.dayNames[$0]) })),
                                     .init("file", .string(path)), .init("joined", .bool(isJoined))]))
                let days = plan.days.map { TrainingPlan.dayNames[$0] }.joined(separator: " ")
                text += (isJoined ? "* " : "  ") + found.name + "  " + visible(plan.name) + " · "
                    + (plan.steps.count == 1 ? "1 step · " : "\(plan.steps.count) steps · ") + days
                    + (plan.description.map { "\n    " + visible($0) } ?? "") + "\n"
            }
            let glyphs = Glyphs.forLocale(utf8: OutputStyle.standardOutput().utf8)
            Console.out(json ? JSONWriter.line(.array(rows)) + "\n"
                : glyphs.fold(text.isEmpty ? "No plans found.\n" : text))
            if case .failure(let status) = found { return status.code }
            return ExitCode.success
        case .join(let argument):
            switch PlanFiles.load(argument, runnable: true) {
            case .failure(let status): return status.code
            case .success(let (plan, path)):
                // A name stays a name, so an edited shipped plan is followed; a file is kept by its full path.
                let kept = WorkoutDataSource.isPath(argument) ? path : argument
                do { try PlanFiles.join(kept, at: now) } catch {
                    Console.error("Error: Cannot save the plan joined: \(error)")
                    return ExitCode.failure
                }
                let first = plan.steps[0]
                Console.out("Joined \(visible(plan.name)). Step 1 of \(plan.steps.count): \(visible(first.summary)). "
                    + "'sevenmin start' runs it; 'sevenmin plan' shows where you are.\n")
                return ExitCode.success
            }
        case .leave:
            // A file that cannot be read as a joined plan is left too: leaving is the way out of it.
            var info = stat()
            guard let path = PlanFiles.joinedPath, lstat(path, &info) == 0 else {
                Console.error("Error: No plan is joined.")
                return ExitCode.noInput
            }
            // ignored: a file already gone leaves no plan joined, which is what was asked
            _ = unlink(path)
            Console.out("Left the plan. Your workouts stay in the history.\n")
            return ExitCode.success
        case .show:
            switch PlanFiles.current(now: now) {
            case .failure(let status): return status.code
            case .success(nil):
                if json { Console.out("null\n"); return ExitCode.success }
                Console.out("No plan joined. 'sevenmin plan list' shows the plans; "
                    + "'sevenmin plan join NAME' joins one.\n")
                return ExitCode.success
            case .success(let (report, _)?):
                let glyphs = Glyphs.forLocale(utf8: OutputStyle.standardOutput().utf8)
                Console.out(json ? report.json : glyphs.fold(report.text))
                return ExitCode.success
            }
        }
    }
}
