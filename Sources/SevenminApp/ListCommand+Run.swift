// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

extension ListCommand: RunnableCommand {
    func run() -> Int32 {
        switch PlanLoading.choose(plan).flatMap({ PlanLoading.load($0.request) }) {
        case .failure(let status): return status.code
        case .success(let loaded):
            if json {
                Console.out(PlanJSON.encode(loaded.plan, seed: loaded.seed))
            } else {
                // The same rule as every other output: the workout's colour depth, on a terminal.
                let look = OutputStyle.standardOutput()
                Console.out(PlanTable.render(loaded.plan, depth: look.depth, metrics: look.metrics, seed: loaded.seed))
            }
            return ExitCode.success
        }
    }
}
