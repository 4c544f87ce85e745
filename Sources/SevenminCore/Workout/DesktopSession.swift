// SPDX-License-Identifier: GPL-3.0-or-later
/// The desktop around a workout, over D-Bus in the program and a recorder in tests: the media player
/// that media keys, headsets and phone remotes reach, and the screen kept from blanking.
public protocol DesktopSession: AnyObject {
    /// Publishes the player's state; nil: the workout is over (stopped).
    func publish(_ player: PlayerState?)
    /// Keeps the screen from blanking or locking (an idle inhibitor), or lets it again.
    func keepAwake(_ awake: Bool)
    /// Waits, briefly, until what it was told has reached the desktop: the process is about to stop
    /// (Ctrl-Z), which would hold back the rest until it continues.
    func flush()
}

/// The workout as a media player shows it (MPRIS): the segment as the track, the routine as the album.
/// Told again only when the segment, the pause or the segment's end changes: the position moves on by
/// itself from `elapsed` at `at` while playing.
public struct PlayerState: Equatable, Sendable {
    public var playing: Bool
    /// The segment's heading, e.g. `Wall Sit` or `Rest`.
    public var title: String
    public var routine: String
    /// The segment's length in seconds; 0 for a step counted in reps, which has none.
    public var length: Double
    /// Seconds of the segment gone by at `at`.
    public var elapsed: Double
    public var at: Instant
    /// The segment's index in the plan, for a player that shows the plan (the phone's page).
    public var segment: Int

    public init(playing: Bool, title: String, routine: String, length: Double, elapsed: Double, at: Instant,
                segment: Int = 0) {
        self.segment = segment
        self.playing = playing
        self.title = title
        self.routine = routine
        self.length = length
        self.elapsed = elapsed
        self.at = at
    }
}

/// A command from away from the keyboard: a media key, a headset's button, a phone's remote, sent to
/// the workout's media player (MPRIS). The core decides what it does, as it does for a key.
public enum RemoteCommand: Equatable, Sendable, CaseIterable {
    case playPause, play, pause, next, previous, stop
}
