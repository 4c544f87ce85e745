// SPDX-License-Identifier: GPL-3.0-or-later
/// A command from away from the keyboard: a media key, a headset's button, a phone's remote, sent to
/// the workout's media player (MPRIS). The core decides what it does, as it does for a key.
public enum RemoteCommand: Equatable, Sendable, CaseIterable {
    case playPause, play, pause, next, previous, stop
}
