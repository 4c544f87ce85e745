// SPDX-License-Identifier: GPL-3.0-or-later
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
