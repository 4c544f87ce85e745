// SPDX-License-Identifier: GPL-3.0-or-later
/// Which address the phone's page is served on: `--phone-bind`'s, else the default route's interface's.
public enum PhoneAddress {
    /// The interface of the default route in `/proc/net/route`'s text (the first route up to
    /// 0.0.0.0/0), or nil with none (no network).
    public static func defaultInterface(routes: String) -> String? {
        for line in routes.split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 8, let flags = Int(fields[3], radix: 16) else { continue }
            // RTF_UP, to 0.0.0.0 with the mask 0.0.0.0.
            if fields[1] == "00000000", fields[7] == "00000000", flags & 1 != 0 { return String(fields[0]) }
        }
        return nil
    }
}
