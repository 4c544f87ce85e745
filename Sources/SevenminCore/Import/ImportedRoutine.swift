// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// A sevenmin routine made from another app's file, checked by the routine loader.
public struct ImportedRoutine: Equatable, Sendable {
    /// The file name to write it under, without `.json`: letters, digits and `-`.
    public var fileName: String
    /// The routine file's text.
    public var text: String
    /// The routine as sevenmin will run it.
    public var routine: Routine
    /// What could not be carried over exactly, one sentence each.
    public var notes: [String]
    /// The options of `start` that run it as the app's file asks (Sweat's shuffle, say).
    public var startOptions: [String] = []
}
