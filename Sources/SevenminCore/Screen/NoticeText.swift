// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The workout's notices (`WorkoutNotice`) in one language, as the status line and plain mode show them.
/// Paths, program names, voices and `TERM` are shown as they are; each table words every failure. Each
/// language's table is in its file of `Voice/Tables/`.
public struct NoticeText: Sendable {
    public let noSound: String
    public let noSoundBell: String
    /// "no video for Squats".
    public let noVideo: @Sendable (_ exercise: String) -> String
    /// "no voice: espeak-ng xx cannot speak".
    public let noVoice: @Sendable (_ voice: String) -> String
    /// "espeak-ng xx cannot speak; speaking with Flite rms".
    public let voiceFallback: @Sendable (_ asked: String, _ speaking: String) -> String
    /// "history not saved (read-only): PATH", around why and the file.
    public let historyNotSaved: @Sendable (_ why: String, _ path: String) -> String
    public let locked: String
    public let readOnly: String
    public let historyFull: String
    public let damaged: @Sendable (_ movedTo: String) -> String
    public let notAFile: String
    public let tooNew: @Sendable (_ schema: Int) -> String
    public let notWritten: String
    /// "history damaged; this workout starts a new one, the old one moved to AWAY".
    public let startedAfresh: @Sendable (_ movedTo: String) -> String
    /// "events file: its reader went away; no more events written", around why.
    public let eventsFile: @Sendable (_ why: String) -> String
    public let readerGone: String
    public let diskFull: String
    public let writeFailed: @Sendable (_ code: Int32) -> String
    /// "cannot open the link: ", before why.
    public let cannotOpenLink: String
    public let noBrowser: @Sendable (_ tried: String) -> String
    public let didNotStart: @Sendable (_ program: String) -> String
    public let programFailed: @Sendable (_ program: String) -> String
    /// "no heart rate from Polar H10": its strap is off, out of reach or taken, or there is no Bluetooth.
    public let noHeartRate: @Sendable (_ device: String) -> String
    /// The phone's page could not be served at `address`, or (nil) there is no network to serve it on.
    public let noPhone: @Sendable (_ address: String?) -> String
    /// "Polar H10: Bluetooth is off", with why the strap is lost (`bluetoothOff`, `strapGone`, `strapWontConnect`).
    public let heartRateLost: @Sendable (_ device: String, _ why: String) -> String
    public let bluetoothOff: String
    public let strapGone: String
    public let strapWontConnect: String
    /// Two devices or more have the name asked for: their addresses, to pick one by.
    public let strapAmbiguous: @Sendable (_ addresses: String) -> String
    /// "heart rate: no skin contact".
    public let noSkinContact: String
    /// The line said before a workout written a line per change.
    public let linesInstead: @Sendable (_ term: String) -> String

    public static func of(_ language: CoachLanguage) -> NoticeText {
        language.table(english, german, french, spanish, italian, dutch)
    }

    /// `notice` in `language`.
    public static func words(_ notice: WorkoutNotice, in language: CoachLanguage) -> String {
        of(language).words(notice)
    }

    /// `notice` in this table's language.
    public func words(_ notice: WorkoutNotice) -> String {
        switch notice {
        case .noSound: return noSound
        case .noSoundBell: return noSoundBell
        case .noVideo(let exercise): return noVideo(exercise)
        case .noVoice(let voice): return noVoice(voice)
        case .voiceFallback(let asked, let speaking): return voiceFallback(asked, speaking)
        case .historyNotSaved(let path, let problem):
            let why: String
            switch problem {
            case .locked: why = locked
            case .readOnly: why = readOnly
            case .full: why = historyFull
            case .damaged(let moved): why = damaged(moved)
            case .notAFile: why = notAFile
            case .tooNew(let schema): why = tooNew(schema)
            case .failed: why = notWritten
            }
            return historyNotSaved(why, path)
        case .historyStartedAfresh(let moved): return startedAfresh(moved)
        case .eventsFileStopped(let failure):
            switch failure {
            case .readerGone: return eventsFile(readerGone)
            case .full: return eventsFile(diskFull)
            case .failed(let code): return eventsFile(writeFailed(code))
            }
        case .linkNotOpened(let failure):
            switch failure {
            case .noBrowser(let tried): return cannotOpenLink + noBrowser(tried)
            case .didNotStart(let program): return cannotOpenLink + didNotStart(program)
            case .failed(let program): return cannotOpenLink + programFailed(program)
            }
        case .linesInstead(let term): return linesInstead(term)
        case .noHeartRate(let device): return noHeartRate(device)
        case .noPhone(let address): return noPhone(address)
        case .heartRateLost(let device, let loss):
            switch loss {
            case .adapterOff: return heartRateLost(device, bluetoothOff)
            case .gone: return heartRateLost(device, strapGone)
            case .wontConnect: return heartRateLost(device, strapWontConnect)
            case .ambiguous(let addresses):
                return heartRateLost(device, strapAmbiguous(addresses.joined(separator: ", ")))
            }
        case .noSkinContact: return noSkinContact
        }
    }
}
