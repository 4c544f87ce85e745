// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem
import SevenminTerminal

extension DuringCommand: RunnableCommand {
    /// Starts the command, then runs the workout beside it as `start` does; returns the command's status, as
    /// `timeout(1)` gives it.
    func run() -> Int32 {
        let voices = VoiceSetup.Catalogue()
        switch ConfigFile.load(voices: start.mute || !start.voice ? nil : voices.listed) {
        case .failure(let status): return status.code == ExitCode.usage ? status.code : DuringRun.failed
        case .success(let config):
            // With --snack, the snack's moves, chosen as `sevenmin snack` chooses them.
            let loading = snack.map { snack in { snack.snack(config: $0) } }
            return (config.map(start.applying) ?? start).workout(voices: voices, config: config, loading: loading,
                                                                 during: self)
        }
    }
}

/// The command of a `during` workout: started before the screen, read beside it, and stopped, waited for or left
/// running at its end.
final class DuringRun {
    let process: CommandProcess
    let command: DuringCommand
    let logPath: String
    let clock = SystemMonotonicClock()

    /// Something of sevenmin's own failed (timeout's 125).
    static let failed: Int32 = 125
    /// The command was left running: its status is not known yet, so `during -- make && deploy` does not deploy
    /// (timeout's 124, for a command that had not ended when it did).
    static let leftRunning: Int32 = 124
    /// How long a signalled command has to end before SIGKILL.
    static let grace = 2.0

    private init(process: CommandProcess, command: DuringCommand, logPath: String) {
        self.process = process
        self.command = command
        self.logPath = logPath
    }

    /// Starts the command on a terminal of this one's size, its output to a new log under the state folder; says
    /// why not on standard error, with the exit status.
    static func start(_ command: DuringCommand) -> Result<DuringRun, ExitStatus> {
        guard let folder = UserDirectories().stateDirectory.map({ $0 + "/during" }) else {
            Console.error(UserDirectories.noHomeMessage)
            return .failure(ExitStatus(failed))
        }
        do { try UserDirectories.makeDirectory(folder) } catch {
            Console.error(error.description)
            return .failure(ExitStatus(failed))
        }
        let stamp = HistoryReport.isoUTC(Date().timeIntervalSince1970, milliseconds: false)
            .filter { $0.isNumber || $0 == "T" }
        let logPath = folder + "/\(stamp)-\(getpid()).log"
        let size = kernelTerminalSize()
        do {
            let process = try CommandProcess(command.command, rows: size?.height ?? 24, columns: size?.width ?? 80,
                                             logPath: logPath)
            return .success(DuringRun(process: process, command: command, logPath: logPath))
        } catch {
            switch error {
            case .notRun(let status, let cause):
                Console.error("sevenmin: cannot run '\(visible(command.command[0]))': "
                    + String(cString: strerror(cause.errno)))
                return .failure(ExitStatus(status.exitCode))
            case .ours(let cause):
                Console.error("sevenmin: cannot start '\(visible(command.command[0]))': \(cause)")
                return .failure(ExitStatus(failed))
            }
        }
    }

    /// What the workout is told of the command.
    var run: CommandRun { CommandRun(name: command.name, ending: command.ending) }

    /// Starts reading the command, its news posted to the loop.
    func begin(news: @escaping @Sendable (Input) -> Void) { process.begin(clock: clock, news: news) }

    /// After the workout: stops the command, or leaves it running, or finds it ended; says where its log is and
    /// returns the exit status (nil: the workout's signal ends the process, the command stopped first).
    func finish(_ ending: WorkoutEnding, app: WorkoutApp) -> Int32 {
        let name = visible(command.name)
        if let status = app.command?.status {
            Console.error("sevenmin: \(name) \(status.words); its output: \(visible(logPath))")
            return status.exitCode
        }
        switch ending {
        case .quit where app.leavesCommand:
            // `q` on the finish screen, or `b` at the quit prompt, while the command runs: it goes on, and its log
            // with it.
            if process.detach() {
                Console.error("sevenmin: \(name) goes on running (process group \(process.pid)); "
                    + "its output: \(visible(logPath))")
                return DuringRun.leftRunning
            }
            process.stop(signal: SIGTERM, grace: DuringRun.grace, clock: clock)
            Console.error("sevenmin: \(name) could not be left running, and was stopped")
            return DuringRun.failed
        case .signal(let signal):
            process.stop(signal: signal.number, grace: DuringRun.grace, clock: clock)
            return 128 + signal.number
        case .quit, .completed:
            process.stop(signal: SIGTERM, grace: DuringRun.grace, clock: clock)
            Console.error("sevenmin: \(name) stopped; its output: \(visible(logPath))")
            return 128 + SIGTERM
        }
    }
}
