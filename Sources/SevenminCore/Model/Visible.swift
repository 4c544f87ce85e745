/// Neutralises control characters so that text from files can never drive the terminal:
/// C0 controls become `^X`, DEL `^?`, C1 controls `<U+009B>`-style.
public func visible(_ text: String) -> String {
    // Nothing to change in the usual case; avoid building a new string.
    if !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { return text }
    var out = String.UnicodeScalarView()
    for s in text.unicodeScalars {
        switch s.value {
        case 0x00..<0x20:
            out.append("^")
            out.append(Unicode.Scalar(UInt8(s.value + 0x40)))
        case 0x7F:
            out.append(contentsOf: "^?".unicodeScalars)
        case 0x80...0x9F:
            out.append(contentsOf: "<U+00\(String(s.value, radix: 16, uppercase: true))>".unicodeScalars)
        default:
            out.append(s)
        }
    }
    return String(out)
}
