// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

extension SnacksCommand: RunnableCommand {
    func run() -> Int32 {
        switch action {
        case nil: return report()
        case .on: return on()
        case .off: return off()
        case .watch:
            // The config file's keys under the options typed, as for `start`.
            switch ConfigFile.load(voices: nil) {
            case .failure(let status): return status.code
            case .success(let config): return (config.map(applying) ?? self).watch()
            }
        }
    }

    private var unitPath: (config: String, unit: String)? {
        UserDirectories().configHome.map { ($0, $0 + "/systemd/user/" + SnackService.unitName) }
    }

    /// The link `systemctl enable` makes to the unit.
    private static func link(in config: String) -> String {
        config + "/" + SnackService.folders[2] + "/" + SnackService.unitName
    }

    /// The unit's text when sevenmin wrote it; nil when there is no unit. A unit someone else wrote is an error.
    private static func ours(_ path: String) -> Result<String?, SomeoneElses> {
        guard let bytes = try? WorkoutDataSource.read(path) else {
            return FileManager.default.fileExists(atPath: path) ? .failure(SomeoneElses()) : .success(nil)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return SnackService.isOurs(text) ? .success(text) : .failure(SomeoneElses())
    }

    private struct SomeoneElses: Error {}

    private func report() -> Int32 {
        let installed = unitPath.map { (try? Self.ours($0.unit).get()) != nil } ?? false
        let now = Date().timeIntervalSince1970
        Console.out(SnackReport.status(installed: installed, state: SnackWatchFile.live(), now: now,
                                       utcOffset: SystemTimeZone.current.secondsFromUTC(at: now)))
        return ExitCode.success
    }

    private func on() -> Int32 {
        guard let (config, unit) = unitPath else {
            Console.error(UserDirectories.noHomeMessage)
            return ExitCode.failure
        }
        // A unit of ours is replaced (new options), keeping the folders it says were made for it.
        var made: [String]
        switch Self.ours(unit) {
        case .failure:
            Console.error("Error: \(visible(unit)) was not written by sevenmin, so it is left as it is.")
            return ExitCode.cannotCreate
        case .success(let text?): made = SnackService.made(in: text).reversed()
        case .success(nil): made = []
        }
        made += SnackService.folders.filter {
            !made.contains($0) && !FileManager.default.fileExists(atPath: config + "/" + $0)
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        guard let text = SnackService.unit(executable: executable, arguments: typedArguments, made: made) else {
            Console.error("Error: sevenmin's path, \(visible(executable)), holds a line break, which sevenmin does not "
                + "write into a systemd unit; move the binary to a path without one and run 'snacks on' again.")
            return ExitCode.cannotCreate
        }
        do {
            try UserDirectories.makeDirectory(PathText.folder(of: unit))
            try AtomicFile.write(text, to: unit)
        } catch {
            Console.error("Error: Cannot write \(visible(unit)): \(error)")
            return ExitCode.cannotCreate
        }
        Console.out("Wrote \(visible(unit)).\n")
        let enable = ["systemctl", "--user", "enable", "--now", SnackService.unitName]
        if UserManager.isRunning(), Subprocess.run(["systemctl", "--user", "daemon-reload"])?.status == 0 {
            // A unit already running takes its new options on a restart.
            if Subprocess.run(enable)?.status == 0,
               Subprocess.run(["systemctl", "--user", "try-restart", SnackService.unitName])?.status == 0 {
                Console.out("Started: 'sevenmin snacks' says how it goes.\n")
                return ExitCode.success
            }
            Console.error("Error: systemctl could not start \(SnackService.unitName); "
                + "'systemctl --user status \(SnackService.unitName)' says why.")
            return ExitCode.failure
        }
        Console.out("No systemd user manager answers here, so the watcher could not be started. Where one runs, "
            + "start it with:\n  systemctl --user daemon-reload && " + enable.joined(separator: " ") + "\n")
        return ExitCode.success
    }

    private func off() -> Int32 {
        guard let (config, unit) = unitPath else {
            Console.error(UserDirectories.noHomeMessage)
            return ExitCode.failure
        }
        let text: String
        switch Self.ours(unit) {
        case .failure:
            Console.error("Error: \(visible(unit)) was not written by sevenmin, so it is left as it is.")
            return ExitCode.failure
        case .success(nil):
            Console.error("Error: Snacks are not on: there is no \(visible(unit)).")
            return ExitCode.noInput
        case .success(let found?): text = found
        }
        let running = UserManager.isRunning()
        if running { _ = Subprocess.run(["systemctl", "--user", "disable", "--now", SnackService.unitName]) }
        // Enabled by hand where no manager ran: the link is to the unit, and goes with it.
        let link = Self.link(in: config)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil {
            // ignored: a link already gone is what off asks for
            _ = unlink(link)
        }
        // ignored: a unit already gone is what off asks for
        _ = unlink(unit)
        for folder in SnackService.made(in: text) {
            // ignored: a folder the user has put something in since is theirs to keep (ENOTEMPTY)
            _ = rmdir(config + "/" + folder)
        }
        if running { _ = Subprocess.run(["systemctl", "--user", "daemon-reload"]) }
        Console.out("Snacks are off: removed \(visible(unit)).\n")
        return ExitCode.success
    }
}
