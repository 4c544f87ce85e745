import Foundation
import SevenminCore

extension ListCommand: RunnableCommand {
    func run() -> Int32 {
        switch PlanLoading.load(plan) {
        case .failure(let status): return status.code
        case .success(let loaded):
            if json {
                Console.out(PlanJSON.encode(loaded.plan, seed: loaded.seed))
            } else {
                let env = ProcessInfo.processInfo.environment
                let color = isatty(STDOUT_FILENO) == 1 && env["NO_COLOR"] == nil && env["TERM"] != "dumb"
                Console.out(PlanTable.render(loaded.plan, color: color, seed: loaded.seed))
            }
            return ExitCode.success
        }
    }
}
