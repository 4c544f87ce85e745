/// A curses call that failed, named so the message says which.
public struct TerminalError: Error, CustomStringConvertible {
    public var call: String
    public var detail: String

    public var description: String { "\(call) failed: \(detail)" }
}
