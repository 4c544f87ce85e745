// SPDX-License-Identifier: GPL-3.0-or-later
/// Numbers as people type them in decimal: `30`, `12.5`. Hex, exponents, signs and words are refused,
/// which `Double("0x10")` would not do.
enum Decimal {
    /// A plain decimal number such as `12.5`; nil for anything else.
    static func number(_ text: String) -> Double? { seconds(text) }

    static func whole(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 20, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return nil
        }
        return UInt64(text)
    }

    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let head = parts.first, !head.isEmpty || parts.count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              !(parts.count == 2 && parts[1].isEmpty), text.utf8.count <= 24 else { return nil }
        return Double(text)
    }
}
