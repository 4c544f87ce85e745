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
