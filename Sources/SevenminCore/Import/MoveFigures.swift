// SPDX-License-Identifier: GPL-3.0-or-later
/// The figures sevenmin ships, by the moves they draw: an imported step whose title names one of them gets
/// its figure. Titles are matched as the apps' words for rest are, whatever the case and blanks, and also
/// whatever the plural ("Squats" is the shipped "Squat"), against the shipped routines' titles and the
/// figures' own names ("high knees" is `high-knees`).
public struct MoveFigures: Sendable {
    private var byKey: [String: String] = [:]

    /// From the figures' names, and the titles of `shipped`, the routines that come with sevenmin.
    public init(shipped: [Routine] = []) {
        for name in FigureLibrary.names { byKey[MoveFigures.key(name)] = name }
        for routine in shipped {
            for exercise in routine.warmup + routine.exercises + routine.cooldown {
                let key = MoveFigures.key(exercise.title)
                guard byKey[key] == nil, let figure = exercise.figure,
                      let name = FigureLibrary.names.first(where: { FigureLibrary.figures[$0] == figure })
                else { continue }
                byKey[key] = name
            }
        }
    }

    /// The shipped figure's name for a step of this title, if sevenmin ships the move.
    public func figure(for title: String) -> String? { byKey[MoveFigures.key(title)] }

    /// A title's words in lower case, each in the singular, one space apart.
    static func key(_ title: String) -> String {
        title.lowercased().split { !$0.isLetter && !$0.isNumber }.map { word in
            for plural in ["ches", "shes", "sses", "xes"] where word.hasSuffix(plural) {
                return String(word.dropLast(2))
            }
            return word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : String(word)
        }.joined(separator: " ")
    }
}
