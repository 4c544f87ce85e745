// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// What the user asked for by pressing a key.
public enum Action: Equatable, Sendable {
    case togglePause, next, previous, restart
    /// Enter: the reps of a step counted in reps are done.
    case done
    case addTime(Double)
    case toggleHelp
    /// Open the exercise's video in a browser.
    case openVideo
    /// Drop the phones from the page and make it a new address (`start --phone`).
    case renewPhoneLink
    case requestQuit, confirmQuit, cancelQuit
    case dismiss
    /// Say how hard the workout was, 1 to 10, on the finish screen.
    case rate(Int)
    case none
}
