// SPDX-License-Identifier: GPL-3.0-or-later
/// A parsed JSON value that remembers where each part of it came from.
public indirect enum JSONValue: Equatable, Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The JSON name of the value's type, for messages.
    public var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// A JSON value with the position of its first character.
public struct JSONNode: Equatable, Sendable {
    public var value: JSONValue
    public var position: SourcePosition
    /// Where the value starts in the source, in bytes.
    public var byteOffset: Int = 0

    public init(value: JSONValue, position: SourcePosition, byteOffset: Int = 0) {
        self.value = value
        self.position = position
        self.byteOffset = byteOffset
    }
}

/// One key of an object, with positions for the key and its value.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: JSONNode

    public init(key: String, keyPosition: SourcePosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A JSON syntax error at a position.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public var position: SourcePosition
    public var message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }
}
