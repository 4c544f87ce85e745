// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminBus
import SevenminCore
import SevenminHistory
import SevenminSystem

extension RemindCommand: RunnableCommand {
    func run() -> Int32 {
        switch action {
        case .add: return add()
        case .list: return list()
        case .remove: return remove()
        case .notify: return notify()
        case .ics(let file): return writeCalendar(file)
        }
    }

    /// The reminder asked for: the days given, else the joined plan's, else Monday, Wednesday and Friday.
    /// A joined plan that cannot be followed is one warning here, and the reminder is made without its days.
    private var reminder: Reminder {
        var planDays: [Int]?
        if days == nil {
            switch PlanFiles.joined(say: { _ in }) {
            case .success(let joined?):
                switch PlanFiles.load(joined.plan, say: { _ in }) {
                case .success(let (plan, _)): planDays = plan.days
                case .failure:
                    Console.error("Warning: The plan joined, '\(visible(joined.plan))', cannot be followed "
                        + "('sevenmin plan' says why), so the reminder is not on its days.")
                }
            case .success(nil): break
            case .failure:
                Console.error("Warning: The plan joined cannot be told ('sevenmin plan' says why), "
                    + "so the reminder is not on its days.")
            }
        }
        return Reminder(days: days ?? planDays ?? [1, 3, 5], hour: hour, minute: minute)
    }

    private var unitFolder: String? { UserDirectories().configHome.map { $0 + "/systemd/user" } }

    private func unitPaths() -> (timer: String, service: String)? {
        unitFolder.map { ($0 + "/\(Reminder.unitName).timer", $0 + "/\(Reminder.unitName).service") }
    }

    /// Whether `path` holds a file sevenmin did not write (one it did starts with `Reminder.marker`).
    private static func isSomeoneElses(_ path: String) -> Bool {
        guard let bytes = try? WorkoutDataSource.read(path) else { return FileManager.default.fileExists(atPath: path) }
        return !String(decoding: bytes, as: UTF8.self).hasPrefix(Reminder.marker)
    }

    private func add() -> Int32 {
        guard let folder = unitFolder, let (timer, service) = unitPaths() else {
            Console.error(UserDirectories.noHomeMessage)
            return ExitCode.failure
        }
        for path in [timer, service] where !force && RemindCommand.isSomeoneElses(path) {
            Console.error("Error: \(visible(path)) was not written by sevenmin; --force replaces it.")
            return ExitCode.cannotCreate
        }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        guard let unit = Reminder.serviceUnit(executable: executable) else {
            Console.error("Error: sevenmin's path, \(visible(executable)), holds a line break, which sevenmin does not "
                + "write into a systemd unit; move the binary to a path without one and run 'remind add' again.")
            return ExitCode.cannotCreate
        }
        let r = reminder
        do {
            try UserDirectories.makeDirectory(folder)
            try AtomicFile.write(unit, to: service)
            try AtomicFile.write(r.timerUnit, to: timer)
        } catch {
            Console.error("Error: Cannot write the reminder under \(visible(folder)): \(error)")
            return ExitCode.cannotCreate
        }
        let when = r.days.map { PlanReport.weekdays[$0] }.joined(separator: ", ") + " at " + r.clock
        Console.out("Wrote \(visible(timer)) (OnCalendar=\(r.onCalendar)) and \(visible(service)).\n")
        let enable = ["systemctl", "--user", "enable", "--now", Reminder.unitName + ".timer"]
        if UserManager.isRunning(),
           Subprocess.run(["systemctl", "--user", "daemon-reload"])?.status == 0,
           Subprocess.run(enable)?.status == 0 {
            Console.out("Enabled: a reminder \(when).\n")
        } else {
            Console.out("No systemd user manager answers here; to turn the reminder on (\(when)), run:\n"
                + "  systemctl --user daemon-reload && " + enable.joined(separator: " ") + "\n")
        }
        // A reminder nobody can see is no reminder: say so now, not silently at 07:30.
        if case .failure(let why) = Notifications.server() {
            Console.error("Warning: \(why): the reminder cannot show until one does.")
        }
        return ExitCode.success
    }

    private func list() -> Int32 {
        guard let (timer, _) = unitPaths(), let bytes = try? WorkoutDataSource.read(timer),
              !RemindCommand.isSomeoneElses(timer) else {
            Console.out("No reminder. 'sevenmin remind add --days mon,wed,fri --at 07:30' sets one.\n")
            return ExitCode.success
        }
        let calendar = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .first { $0.hasPrefix("OnCalendar=") }.map { String($0.dropFirst("OnCalendar=".count)) } ?? "?"
        var state = "not enabled here"
        if UserManager.isRunning(),
           let answer = Subprocess.run(["systemctl", "--user", "is-enabled", Reminder.unitName + ".timer"]) {
            state = Subprocess.firstWord(answer.output)
        }
        Console.out("\(visible(calendar))  \(state)  \(visible(timer))\n")
        return ExitCode.success
    }

    private func remove() -> Int32 {
        guard let (timer, service) = unitPaths(),
              FileManager.default.fileExists(atPath: timer) || FileManager.default.fileExists(atPath: service) else {
            Console.error("Error: No reminder to remove.")
            return ExitCode.noInput
        }
        for path in [timer, service] where RemindCommand.isSomeoneElses(path) {
            Console.error("Error: \(visible(path)) was not written by sevenmin, so it is left as it is.")
            return ExitCode.failure
        }
        if UserManager.isRunning() {
            _ = Subprocess.run(["systemctl", "--user", "disable", "--now", Reminder.unitName + ".timer"])
        }
        for path in [timer, service] {
            // ignored: a file already gone is what remove asks for
            _ = unlink(path)
        }
        if UserManager.isRunning() { _ = Subprocess.run(["systemctl", "--user", "daemon-reload"]) }
        Console.out("Removed the reminder.\n")
        return ExitCode.success
    }

    /// What the timer runs: a notification, unless today's workout is done.
    private func notify() -> Int32 {
        let now = Date().timeIntervalSince1970
        let offset = SystemTimeZone.current.secondsFromUTC(at: now)
        // Today's workout done on any machine counts: this one's history and history.d's, as a plan reads them.
        let sessions = HistoryReading.everySession()
        if PlanDay.completed(sessions, on: CivilTime.dayNumber(at: now, utcOffset: offset)) { return ExitCode.success }
        var body = "Seven minutes: run 'sevenmin start'."
        if case .success(let (report, _)?) = PlanFiles.current(now: now, sessions: { sessions }) {
            body = "\(report.plan.name), step \(report.progress.step + 1) of \(report.plan.steps.count): "
                + report.step.summary + ". Run 'sevenmin start'."
        }
        let title = "Time for your workout"
        do throws(BusError) {
            let bus = try BusConnection.session()
            defer { bus.close() }
            // A button where the server shows them; pressed, today's workout starts in the user's terminal.
            let actions = try DesktopNotifications.server(on: bus).actions
            let shown = try DesktopNotifications.send(title: title, body: body,
                                                   actions: actions ? [("start", "Start")] : [], on: bus)
            let deadline = Reminder.answerDeadline(now: now, utcOffset: offset)
            if actions, try DesktopNotifications.answer(to: shown, until: deadline, on: bus) == "start" {
                let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                    ?? "sevenmin"
                let terminal = ["x-terminal-emulator", "-e", executable, "start"]
                // A unit of its own: started from this service, the terminal would be in its control group,
                // which systemd ends once this process exits. systemd-run returns once the unit has started;
                // where it cannot (no user manager: run by hand), the terminal is started from here.
                if Subprocess.run(["systemd-run", "--user", "--collect", "--quiet", "--"] + terminal)?.status != 0 {
                    _ = Subprocess.run(terminal, wait: false)
                }
            }
            return ExitCode.success
        } catch {
            Console.error("Error: Cannot show the reminder: \(DesktopNotifications.explain(error)).")
            return ExitCode.failure
        }
    }

    private func writeCalendar(_ file: String) -> Int32 {
        if !force, FileManager.default.fileExists(atPath: file) {
            Console.error("Error: \(visible(file)) exists; --force replaces it.")
            return ExitCode.cannotCreate
        }
        let now = Date().timeIntervalSince1970
        let today = CivilTime.dayNumber(at: now, utcOffset: SystemTimeZone.current.secondsFromUTC(at: now))
        let r = reminder
        do { try AtomicFile.write(r.icalendar(today: today, now: now), to: file) } catch {
            Console.error("Error: Cannot write \(visible(file)): \(error)")
            return ExitCode.cannotCreate
        }
        Console.out("Wrote \(visible(file)): every " + r.days.map { PlanReport.weekdays[$0] }.joined(separator: ", ")
            + " at \(r.clock), local time.\n")
        return ExitCode.success
    }
}

/// Whether a systemd user manager answers (`systemctl --user is-system-running` says anything but offline).
enum UserManager {
    static func isRunning() -> Bool {
        guard let answer = Subprocess.run(["systemctl", "--user", "is-system-running"]) else { return false }
        let state = Subprocess.firstWord(answer.output)
        return ["running", "degraded", "starting", "initializing"].contains(state)
    }
}

/// The desktop's notification server, asked over the session bus.
enum Notifications {
    /// The server that answers, or why none does, in a user's words.
    static func server() -> Result<DesktopNotifications.Server, ServerMissing> {
        do throws(BusError) {
            let bus = try BusConnection.session()
            defer { bus.close() }
            return .success(try DesktopNotifications.server(on: bus))
        } catch {
            return .failure(ServerMissing(reason: DesktopNotifications.explain(error)))
        }
    }

    struct ServerMissing: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}
