// SPDX-License-Identifier: GPL-3.0-or-later
/// One problem found in a routine file, printed as `PATH:LINE:COLUMN: message`.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var position: SourcePosition
    public var message: String

    public init(path: String, position: SourcePosition, message: String) {
        self.path = path
        self.position = position
        self.message = message
    }

    public var description: String { "\(visible(path)):\(position.line):\(position.column): \(message)" }
}

/// A routine file that could not be loaded; carries every problem found, in file order.
public struct RoutineLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.position < $1.position }
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
