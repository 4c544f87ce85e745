// SPDX-License-Identifier: GPL-3.0-or-later
/// Chameleon's flat palette (light shades), defined by its own HSB values.
public enum FlatColor: String, CaseIterable, Sendable {
    case red, teal, purple, blue, green, navyBlue, watermelon, orange, yellow, mint, skyBlue
    case magenta, pink, plum, maroon, coffee, brown, lime, forestGreen, powderBlue, sand
    case white, gray, black

    /// The name used in routine files, e.g. `flatRed`.
    public var name: String {
        // The rest made a String first: appending a Substring is generic code, whose first use had the runtime
        // look its types up as the routine was read.
        "flat" + rawValue.prefix(1).uppercased() + String(rawValue.dropFirst())
    }

    public init?(name: String) {
        guard let match = FlatColor.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    /// Hue (degrees), saturation and brightness (percent), as Chameleon defines them.
    public var hsb: (Double, Double, Double) {
        switch self {
        case .black: return (0, 0, 17)
        case .blue: return (224, 50, 63)
        case .brown: return (24, 45, 37)
        case .coffee: return (25, 31, 64)
        case .forestGreen: return (138, 45, 37)
        case .gray: return (184, 10, 65)
        case .green: return (145, 77, 80)
        case .lime: return (74, 70, 78)
        case .magenta: return (283, 51, 71)
        case .maroon: return (5, 65, 47)
        case .mint: return (168, 86, 74)
        case .navyBlue: return (210, 45, 37)
        case .orange: return (28, 85, 90)
        case .pink: return (324, 49, 96)
        case .plum: return (300, 45, 37)
        case .powderBlue: return (222, 24, 95)
        case .purple: return (253, 52, 77)
        case .red: return (6, 74, 91)
        case .sand: return (42, 25, 94)
        case .skyBlue: return (204, 76, 86)
        case .teal: return (195, 55, 51)
        case .watermelon: return (356, 53, 94)
        case .white: return (192, 2, 95)
        case .yellow: return (48, 99, 100)
        }
    }

    public var rgb: RGB {
        let (h, s, b) = hsb
        return RGB(hue: h, saturation: s, brightness: b)
    }

    /// The order used when a routine gives no colours: saturated, clearly
    /// different neighbours first, so that consecutive exercises never match.
    public static let cycle: [FlatColor] = [
        .red, .teal, .purple, .green, .orange, .blue, .watermelon, .mint,
        .navyBlue, .yellow, .magenta, .skyBlue, .maroon, .lime, .plum, .coffee,
        .forestGreen, .pink, .brown, .powderBlue, .sand, .gray,
    ]
}
