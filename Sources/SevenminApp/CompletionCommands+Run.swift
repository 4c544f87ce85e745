// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminAudio
import SevenminCore

extension CompletionsCommand: RunnableCommand {
    func run() -> Int32 {
        Console.out(shell.completionScript())
        return ExitCode.success
    }
}

extension ManCommand: RunnableCommand {
    func run() -> Int32 {
        Console.out(ManPage.page(section))
        return ExitCode.success
    }
}

extension CompleteCommand: RunnableCommand {
    /// Prints nothing rather than an error: a shell shows whatever it is given mid-line.
    func run() -> Int32 {
        let values: [String]
        switch query {
        case .routines:
            values = Set(WorkoutDataSource().allRoutines().map(\.name)).sorted()
        case .plans:
            values = Set(PlanFiles.all().map(\.name)).sorted()
        case .tags:
            let source = WorkoutDataSource()
            let routines = source.allRoutines().filter { $0.shadowedBy == nil }
                .compactMap { try? source.load($0.location) }
            values = Set(routines.flatMap { ($0.warmup + $0.exercises + $0.cooldown).flatMap(\.tags) }).sorted()
        case .voices:
            values = SpeechEngines.voices().map(\.name)
        }
        // Names are printed as they are: the shell gets exactly what can be typed back.
        Console.out(values.map { $0 + "\n" }.joined())
        return ExitCode.success
    }
}

extension SpeakCommand: RunnableCommand {
    func run() -> Int32 { SpeechProcess.serve(choice, rate: rate) }
}
