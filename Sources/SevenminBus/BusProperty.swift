// SPDX-License-Identifier: GPL-3.0-or-later

/// A property's value, of the few types sevenmin reads (BlueZ's, logind's); others are passed over.
enum BusProperty: Equatable, Sendable {
    case string(String), strings([String]), int16(Int16), boolean(Bool), bytes([UInt8]), uint64(UInt64), other

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var strings: [String]? { if case .strings(let texts) = self { texts } else { nil } }
    var int16: Int16? { if case .int16(let number) = self { number } else { nil } }
    var boolean: Bool? { if case .boolean(let flag) = self { flag } else { nil } }
    var bytes: [UInt8]? { if case .bytes(let bytes) = self { bytes } else { nil } }
    var uint64: UInt64? { if case .uint64(let number) = self { number } else { nil } }
}

extension BusMessage {
    /// The next value, an `a{sv}` (`GetAll`'s answer, `PropertiesChanged`'s changes), with the values of types
    /// not read left out.
    func readProperties() throws(BusError) -> [String: BusProperty] {
        var properties: [String: BusProperty] = [:]
        guard try enter("a", "{sv}") else { return [:] }
        while try enter("e", "sv") {
            let key = try readString()
            let contents = try variantContents()
            var value = BusProperty.other
            if ["s", "o", "as", "n", "b", "ay", "t"].contains(contents) {
                _ = try enter("v", contents)
                switch contents {
                case "s", "o": value = .string(try readString(contents == "s" ? "s" : "o"))
                case "as": value = .strings(try readStrings())
                case "n": value = .int16(try readInt16())
                case "b": value = .boolean(try readBoolean())
                case "t": value = .uint64(try readUInt64())
                default: value = .bytes(try readBytes())
                }
                try exit()
            } else {
                try skip("v")
            }
            properties[key] = value
            try exit()
        }
        try exit()
        return properties
    }
}
