// SPDX-License-Identifier: GPL-3.0-or-later
import CLibraries
import CYAML
import SevenminCore

/// Reads YAML with libyaml into the core's positioned tree, so a YAML file is checked by the same
/// walker as a routine and every problem has its line and column.
///
/// Plain scalars are typed as YAML 1.1 types them (the version libyaml and Sweat's Perl read):
/// `~`, `null` and nothing are null; `true`/`false`, `yes`/`no`, `on`/`off` are booleans; numbers
/// are numbers. Quoted scalars, and those tagged `!!str`, stay text. Aliases are refused: the
/// formats read here never need them, and expanding them lets a small file grow without bound.
public enum YAMLParser {
    /// Deeper nesting is refused, as in JSON.
    public static let maximumDepth = JSONParser.maximumDepth

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            // libyaml is opened here, on first use: it fails to start when it is not installed, or out of memory.
            let why = clibraries_missing().map { String(cString: $0) } ?? "yaml_parser_initialize: out of memory"
            throw JSONSyntaxError(position: SourcePosition(line: 1, column: 1),
                                  message: "libyaml could not start (\(why))")
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> JSONNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser) }
                defer { yaml_event_delete(&event) }
                if let root = try builder.take(event) { return root }
            }
        }
    }

    /// libyaml's own message, at its mark (0-based line and column, in characters).
    static func syntaxError(_ parser: yaml_parser_t) -> JSONSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML is malformed"
        let context = parser.context.map { String(cString: $0) }
        let mark = parser.problem_mark
        return JSONSyntaxError(position: position(mark),
                               message: context.map { "\(problem) (\($0))" } ?? problem)
    }

    static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The type a plain scalar reads as.
    public static func resolve(_ text: String) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return .bool(true)
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
        case ".nan", ".NaN", ".NAN": return .number(.nan)
        default: break
        }
        if let number = decimal(text) { return .number(number) }
        return .string(text)
    }

    /// `[-+]?digits[.digits][e[-+]digits]`, or `0x…` and `0o…` whole numbers; nil for anything else.
    static func decimal(_ text: String) -> Double? {
        var body = Substring(text)
        var sign = 1.0
        if let first = body.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        for (prefix, radix) in [("0x", 16), ("0o", 8)] where body.hasPrefix(prefix) {
            return Int(body.dropFirst(2), radix: radix).map { sign * Double($0) }
        }
        let digits = body.unicodeScalars
        guard let first = digits.first, ("0"..."9").contains(first) || first == "." else { return nil }
        // Only the characters of a number, so Double's parser never sees "inf" or hex floats.
        guard digits.allSatisfy({ ("0"..."9").contains($0) || ".eE+-".unicodeScalars.contains($0) }),
              let value = Double(body) else { return nil }
        return sign * value
    }
}

/// Builds the tree from libyaml's events: a stack of open mappings and sequences, each filled in place,
/// so that a value is added without copying the container it goes into (the whole file reads in linear time).
private struct TreeBuilder {
    private struct Open {
        let start: SourcePosition
        let isMapping: Bool
        var items: [JSONNode] = []
        var members: [JSONMember] = []
        var pendingKey: (String, SourcePosition)?
    }

    private var stack: [Open] = []
    private var documents = 0
    private var root: JSONNode?

    /// Takes one event; returns the root once the stream has ended.
    mutating func take(_ event: yaml_event_t) throws(JSONSyntaxError) -> JSONNode? {
        let at = YAMLParser.position(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT, YAML_NO_EVENT:
            return nil
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw JSONSyntaxError(position: at, message: "a second YAML document; the file may hold only one")
            }
            return nil
        case YAML_STREAM_END_EVENT:
            guard let root else {
                throw JSONSyntaxError(position: at, message: "the file holds no value, only comments or blank lines; "
                                      + "expected a YAML mapping")
            }
            return root
        case YAML_ALIAS_EVENT:
            throw JSONSyntaxError(position: at, message: "aliases (*name) are not supported; write the value out")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: UnsafePointer(scalar.value), count: scalar.length),
                              as: UTF8.self)
            let tag = scalar.tag.map { String(cString: UnsafePointer($0)) }
            let quoted = scalar.style != YAML_PLAIN_SCALAR_STYLE || tag == "tag:yaml.org,2002:str"
            let value = quoted ? .string(text) : YAMLParser.resolve(text)
            // `.inf` says infinity; `1e999` is a number too large, not a way to write it.
            if case .number(let number) = value, !number.isFinite, YAMLParser.decimal(text) != nil {
                throw JSONSyntaxError(position: at, message: JSONParser.outOfRange(text))
            }
            try add(JSONNode(value: value, position: at), key: text)
            return nil
        case YAML_MAPPING_START_EVENT:
            try open(Open(start: at, isMapping: true), at: at)
            return nil
        case YAML_SEQUENCE_START_EVENT:
            try open(Open(start: at, isMapping: false), at: at)
            return nil
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            guard let top = stack.popLast() else { return nil }
            try add(JSONNode(value: top.isMapping ? .object(top.members) : .array(top.items), position: top.start))
            return nil
        default:
            return nil
        }
    }

    private mutating func open(_ container: Open, at: SourcePosition) throws(JSONSyntaxError) {
        if let top = stack.last, top.isMapping, top.pendingKey == nil {
            throw JSONSyntaxError(position: at, message: "a mapping key must be plain text, not a list or mapping")
        }
        guard stack.count < YAMLParser.maximumDepth else {
            throw JSONSyntaxError(position: at, message: "nesting deeper than \(YAMLParser.maximumDepth) levels")
        }
        stack.append(container)
    }

    /// Puts a finished value where it belongs: as a key or value of the open mapping, an item of
    /// the open sequence, or the root. `key` is a scalar's text, for when it is a key. The open container
    /// is changed where it lies in the stack, never taken out and put back, which would copy it.
    private mutating func add(_ node: JSONNode, key: String? = nil) throws(JSONSyntaxError) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let (name, keyAt) = stack[top].pendingKey {
            stack[top].members.append(JSONMember(key: name, keyPosition: keyAt, value: node))
            stack[top].pendingKey = nil
        } else {
            guard let key else {
                throw JSONSyntaxError(position: node.position, message: "a mapping key must be plain text")
            }
            stack[top].pendingKey = (key, node.position)
        }
    }
}
