// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminBus
import CSystemd
import Glibc
import SevenminCore

/// The MPRIS objects on a connection: `org.mpris.MediaPlayer2` and its `Player` at
/// `/org/mpris/MediaPlayer2`, under `org.mpris.MediaPlayer2.sevenmin` (`.instance<pid>` when taken).
/// Commands come back to `command`, on the bus's thread. Used on that thread only.
final class MediaPlayerObject {
    static let path = "/org/mpris/MediaPlayer2"
    static let name = "org.mpris.MediaPlayer2.sevenmin"

    private let player: OpaquePointer
    private let sink: Unmanaged<CommandSink>
    /// The name taken.
    let busName: String
    private var told: PlayerState??
    /// Whether the tables may still be called: then the player and its handler are never freed.
    private var leftOnBus = false

    /// Adds the objects and takes the name.
    init(on bus: BusConnection, command: @escaping @Sendable (RemoteCommand) -> Void) throws(BusError) {
        let sink = Unmanaged.passRetained(CommandSink(command))
        guard let player = csevenmin_player_new({ context, code in
            Unmanaged<CommandSink>.fromOpaque(context!).takeUnretainedValue().handle(code)
        }, sink.toOpaque()) else {
            sink.release()
            throw BusError(call: "csevenmin_player_new", errno: ENOMEM)
        }
        self.player = player
        self.sink = sink
        // The bus keeps the tables for as long as the connection lasts; so is this object kept.
        do throws(BusError) {
            try checked("sd_bus_add_object_vtable") { csevenmin_player_add(bus.bus, player) }
            do {
                try bus.requestName(Self.name)
                busName = Self.name
            } catch where error.errno == EEXIST {
                busName = Self.name + ".instance\(getpid())"
                try bus.requestName(busName)
            }
        } catch {
            // The tables stay with the connection, which may still call them: kept for as long as the process.
            leftOnBus = true
            throw error
        }
    }

    /// Let go once the connection holding the tables is closed (`DesktopBus.close`), never before: the bus
    /// calls them with `player`.
    deinit {
        guard !leftOnBus else { return }
        csevenmin_player_free(player)
        sink.release()
    }

    /// Says `state` (nil: stopped) and signals the change, unless nothing changed.
    func show(_ state: PlayerState?, on bus: BusConnection) throws(BusError) {
        guard told != .some(state) else { return }
        told = .some(state)
        let micro = { (seconds: Double) in Int64((seconds * 1e6).rounded()) }
        let status = state.map { $0.playing ? "Playing" : "Paused" } ?? "Stopped"
        try checked("csevenmin_player_set") {
            csevenmin_player_set(player, status, state?.title ?? "", state?.routine ?? "", micro(state?.length ?? 0),
                                 micro(state?.elapsed ?? 0), micro(state?.at ?? 0))
        }
        try bus.emitPropertiesChanged(path: Self.path, interface: "org.mpris.MediaPlayer2.Player",
                                      names: ["PlaybackStatus", "Metadata"])
    }
}

/// Turns the C tables' command numbers into `RemoteCommand`s for whoever listens.
private final class CommandSink: Sendable {
    private let command: @Sendable (RemoteCommand) -> Void

    init(_ command: @escaping @Sendable (RemoteCommand) -> Void) { self.command = command }

    func handle(_ code: Int32) {
        let commands: [UInt32: RemoteCommand] = [
            CSEVENMIN_PLAY_PAUSE.rawValue: .playPause, CSEVENMIN_PLAY.rawValue: .play,
            CSEVENMIN_PAUSE.rawValue: .pause, CSEVENMIN_NEXT.rawValue: .next,
            CSEVENMIN_PREVIOUS.rawValue: .previous, CSEVENMIN_STOP.rawValue: .stop,
        ]
        if let found = commands[UInt32(bitPattern: code)] { command(found) }
    }
}
