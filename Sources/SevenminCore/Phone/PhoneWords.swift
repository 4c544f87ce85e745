// SPDX-License-Identifier: GPL-3.0-or-later
/// The phone's words, in one language: its page's buttons and the terminal's lines about phones. Each
/// language's table is in its file of `Voice/Tables/`.
public struct PhoneWords: Sendable {
    public let pause: String
    public let resume: String
    public let skip: String
    public let back: String
    /// The page's first screen: a tap starts it, and keeps the phone's screen on.
    public let tapToStart: String
    /// The page's line while its event stream reconnects.
    public let connectionLost: String
    /// The page's line once its phone was dropped with `x`: its address is void.
    public let dropped: String
    /// Beside the QR code: what it is for.
    public let scan: String
    /// "2 phones", on the status line.
    public let phones: @Sendable (Int) -> String
    /// The help panel's line for `x`.
    public let dropKey: String

    public static func of(_ language: CoachLanguage) -> PhoneWords {
        language.table(english, german, french, spanish, italian, dutch)
    }
}
