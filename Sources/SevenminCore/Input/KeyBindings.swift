// SPDX-License-Identifier: GPL-3.0-or-later
/// A key as the terminal reports it.
public enum Key: Equatable, Sendable {
    case character(Character)
    case left, right, up, down
    case resize
    case other(Int)
}

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
    /// At `during`'s quit prompt: quit, and leave the command running in the background.
    case leaveRunning
    case dismiss
    /// Say how hard the workout was, 1 to 10, on the finish screen.
    case rate(Int)
    case none
}

/// Maps keys to actions, depending on what is on screen.
public enum KeyBindings {
    public static let timeStep = 10.0

    /// The keys in a workout and what they do, as the help panel and the manual list them.
    public static let summary: [(keys: String, action: String)] = [
        ("space", "pause / resume"),
        ("n p  → ←", "next / previous"),
        ("r", "restart this segment"),
        ("+ =  - _", "add / remove \(Int(timeStep)) seconds"),
        ("o", "open the video"),
        ("? h", "show / hide this help"),
        ("q Q", "quit"),
        ("Ctrl-Z", "suspend; fg resumes"),
    ]

    /// Enter, which only a step counted in reps takes (`n` does the same there): said in the manual,
    /// left out of the help panel, whose rows the digits need.
    /// `x`, which only a workout with the phone's page takes: it drops the phones and makes a new code. Said in
    /// the manual, and on the help panel of such a workout (in its language: `PhoneWords.dropKey`).
    public static let phoneDrop = (keys: "x", action: "drop the phones, new code")

    public static let repsDone = (keys: "Enter", action: "on a step of reps or a hold to the limit: it is done, as n")

    /// Enter as terminals send it: CR, LF, both, or curses' KEY_ENTER.
    static func isEnter(_ key: Key) -> Bool {
        [.character("\r"), .character("\n"), .character("\r\n"), .other(343)].contains(key)
    }

    public static func action(for key: Key, overlay: ScreenModel.Overlay, finished: Bool) -> Action {
        if finished {
            // One key rates the workout: 1 to 9, and 0 for 10; any other key (Enter) goes without a rating.
            if case .character(let c) = key, let digit = c.wholeNumberValue, c.isASCII {
                return .rate(digit == 0 ? 10 : digit)
            }
            return key == .resize ? .none : .dismiss
        }
        switch overlay {
        case .confirmQuit:
            switch key {
            case .character("y"), .character("Y"), .character("q"): return .confirmQuit
            case .resize: return .none
            default: return .cancelQuit
            }
        case .confirmQuitCommand:
            // Stopping both is the default, Enter's; only n, Esc or another key goes on.
            switch key {
            case .character("y"), .character("Y"), .character("q"), .character("Q"): return .confirmQuit
            case _ where isEnter(key): return .confirmQuit
            case .character("b"), .character("B"): return .leaveRunning
            case .resize: return .none
            default: return .cancelQuit
            }
        case .help:
            // The panel leaves the countdown in view, so the workout's own keys still work under it.
            switch key {
            case .character("q"), .character("Q"): return .requestQuit
            case .character(" "): return .togglePause
            case .character("x"): return .renewPhoneLink
            case .resize: return .none
            default: return .toggleHelp
            }
        case .none:
            switch key {
            case .character(" "): return .togglePause
            case .character("n"), .right: return .next
            case _ where isEnter(key): return .done
            case .character("p"), .left: return .previous
            case .character("r"): return .restart
            case .character("+"), .character("="): return .addTime(timeStep)
            case .character("-"), .character("_"): return .addTime(-timeStep)
            case .character("?"), .character("h"): return .toggleHelp
            case .character("o"): return .openVideo
            case .character("x"): return .renewPhoneLink
            case .character("q"), .character("Q"): return .requestQuit
            default: return .none
            }
        }
    }
}
