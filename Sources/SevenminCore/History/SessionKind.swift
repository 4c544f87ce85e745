// SPDX-License-Identifier: GPL-3.0-or-later
/// What a session was: a workout (`start`) or a desk snack (`snack`), as history keeps it.
public enum SessionKind: String, CaseIterable, Equatable, Sendable {
    case workout, snack
}
