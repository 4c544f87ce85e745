import FoundationEssentials
import Glibc
import SevenminCore

extension ListCommand: RunnableCommand {
    func run() -> Int32 {
        switch PlanLoading.load(plan) {
        case .failure(let status): return status.code
        case .success(let loaded):
            if json {
                Console.out(PlanJSON.encode(loaded.plan, seed: loaded.seed))
            } else {
                // The same rule as every other command's output: a terminal with colour, and no NO_COLOR.
                let color = OutputStyle.standardOutput().colors > 0
                Console.out(PlanTable.render(loaded.plan, color: color, seed: loaded.seed))
            }
            return ExitCode.success
        }
    }
}
