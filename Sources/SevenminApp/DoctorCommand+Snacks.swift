// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminBus
import SevenminCore

extension DoctorCommand {
    /// What the snack watcher would hear and do: the idle and lock sources, the heads-up's buttons, the call
    /// detection, and where a snack would open. None of them stops a workout.
    func checkSnacks(_ report: inout DoctorReport) {
        report.section("Snacks")
        let desk: SnackDesk
        do throws(BusError) { desk = try SnackDesk() } catch {
            report.fail("the snack watcher cannot watch: " + DesktopNotifications.explain(error),
                        fix: "run sevenmin in a desktop session, or set DBUS_SESSION_BUS_ADDRESS")
            return
        }
        if desk.idleSource == .none {
            report.fail("idle time: no idle monitor answers; wall time within the set hours counts as sitting",
                        fix: "run GNOME or KDE, or a desktop that sets logind's idle hint")
        } else {
            report.pass("idle time: \(desk.idleSource.rawValue)")
        }
        if desk.lockSource != .none {
            report.pass("screen lock: \(desk.lockSource.rawValue)")
        } else {
            report.fail("screen lock: no screen saver answers; a locked screen is seen as idle time only",
                        fix: "run a screen saver with org.freedesktop.ScreenSaver, or one that sets logind's lock hint")
        }
        switch Notifications.server() {
        case .success(let server):
            report.pass("heads-up: \(visible(server.name))"
                        + (server.actions ? ", with Start, In 10 minutes and Skip" : ", without buttons"))
        case .failure(let missing):
            report.fail("no heads-up can show: \(missing)", fix: "run a notification server (any desktop's, or dunst)")
        }
        if desk.calls != nil {
            report.pass("calls: a stream recording, seen through libpulse, holds a heads-up back")
        } else {
            report.fail("calls cannot be seen: \(desk.callProblem.map { "\($0)" } ?? "no sound server")",
                        fix: "run PulseAudio or PipeWire's pipewire-pulse")
        }
        if let (_, place) = SnackOpener.command(for: ["sevenmin", "snack"]) {
            report.pass("a snack opens in \(visible(place))")
        } else {
            report.fail("a snack has nowhere to open", fix: "set TERMINAL, or install xdg-terminal-exec")
        }
    }
}
