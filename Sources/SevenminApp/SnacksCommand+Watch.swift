// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminBus
import SevenminCore
import SevenminSystem

extension SnacksCommand {
    static let buttons = [(key: SnackAnswer.start.rawValue, label: "Start"),
                          (key: SnackAnswer.snooze.rawValue, label: "In 10 minutes"),
                          (key: SnackAnswer.skip.rawValue, label: "Skip")]

    /// `snacks watch`, what the service runs: watches until the process is ended (the service stopped) or the
    /// session bus or logind's system bus goes, writing `SnackWatchState` at each change.
    func watch() -> Int32 {
        let desk: SnackDesk
        do { desk = try SnackDesk() } catch {
            Console.error("Error: Cannot watch the desktop: \(DesktopNotifications.explain(error)).")
            return ExitCode.failure
        }
        if desk.idleSource == .none {
            Console.error("sevenmin: no idle monitor answers; wall time within the set hours counts as sitting")
        }
        var now = SnackDesk.wallNow()
        var watch = SnackWatch(schedule: schedule, timeZone: SystemTimeZone.current, now: now)
        var state = SnackWatchState(pid: getpid(), updatedAt: now,
                                    idleSource: desk.idleSource.key)
        let runs: WorkoutRunWatch?
        do { runs = try StatusFile.path().map(WorkoutRunWatch.init) } catch {
            runs = nil
            Console.error("sevenmin: workouts run here are not heard of: \(error)")
        }
        var news = desk.start(now: now) + (runs?.news(at: now, first: true) ?? []) + [.tick]
        while true {
            for input in news {
                for effect in watch.handle(input, at: now) { perform(effect, desk: desk, state: &state, now: now) }
            }
            SnackOpener.reap()
            do throws(SnackDesk.BusLost) {
                news = try desk.wait(until: watch.deadline(), also: runs?.descriptors ?? [])
            } catch {
                Console.error("Error: \(error).")
                return ExitCode.failure
            }
            now = SnackDesk.wallNow()
            news += runs?.news(at: now) ?? []
            if news.isEmpty { news = [.tick] }
        }
    }

    private func perform(_ effect: SnackWatchEffect, desk: SnackDesk, state: inout SnackWatchState, now: Double) {
        switch effect {
        case .headsUp:
            let sat = schedule.every
            let body = "You have sat for \(sat) minute\(sat == 1 ? "" : "s"): a \(schedule.minutes)-minute snack?"
            do throws(BusError) {
                try desk.headsUp(title: "Time for a desk snack", body: body, buttons: Self.buttons)
            } catch {
                Console.error("sevenmin: cannot show the heads-up: \(DesktopNotifications.explain(error))")
            }
        case .withdraw:
            desk.withdraw()
        case .startSnack:
            desk.withdraw()
            if let failure = SnackOpener.open(minutes: schedule.minutes) { Console.error("sevenmin: \(failure)") }
        case .watchPause(let on):
            desk.watchPause(on)
        case .bout(let from, let to):
            // A week's bouts, whichever day it began on: what `stats` averages.
            let kept = now - Double(SnackWatchState.keptDays) * 86400
            state.bouts = state.bouts.filter { $0.end >= kept } + [SnackWatchState.Bout(start: from, end: to)]
        case .status(let status):
            state.sittingSince = status.sittingSince
            state.nextHeadsUp = status.nextHeadsUp
            state.heldBack = status.held?.rawValue
            state.due = status.due || status.held != nil
            state.updatedAt = now
            write(state)
        }
    }

    private func write(_ state: SnackWatchState) {
        guard let path = UserDirectories().snackStateFile else { return }
        do {
            try UserDirectories.makeDirectory(PathText.folder(of: path))
            try AtomicFile.write(state.json, to: path, mode: 0o600, durable: false)
        } catch {
            Console.error("sevenmin: cannot write \(visible(path)): \(error)")
        }
    }
}
