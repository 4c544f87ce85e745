// SPDX-License-Identifier: GPL-3.0-or-later
/// The systemd user service `snacks on` writes: it runs `snacks watch` through the working day. Pure: the app
/// writes the file and remembers, in it, the folders it had to make, so that `snacks off` leaves the
/// user's systemd folder as it found it.
public enum SnackService {
    /// The unit's name under `systemd/user/`.
    public static let unitName = "sevenmin-snacks.service"
    /// The target the unit is wanted by, and so the folder `systemctl enable` links it from.
    public static let wantedBy = "default.target"
    /// The first line of the file, so it is known from a user's.
    public static let marker = "# Written by 'sevenmin snacks on'; 'sevenmin snacks off' removes it."
    /// The line that lists the folders `snacks on` made (relative to the config folder).
    static let madePrefix = "# Folders made for it: "

    /// The folders, relative to the config folder, from the outermost, that the unit and its link live in.
    public static let folders = ["systemd", "systemd/user", "systemd/user/" + wantedBy + ".wants"]

    /// The unit: `executable snacks watch` with `arguments` (the options typed to `snacks on`; the config file
    /// gives the rest, read at each start); `made` are the folders of `folders` that were made for it. Nil
    /// when the path holds a line break, which sevenmin never writes into a unit file.
    public static func unit(executable: String, arguments: [String], made: [String]) -> String? {
        Reminder.execStart(executable, arguments: ["snacks", "watch"] + arguments).map {
            """
            \(marker)
            \(madePrefix)\(made.joined(separator: " "))
            [Unit]
            Description=sevenmin desk snacks: a heads-up after a long sitting

            [Service]
            Type=exec
            ExecStart=\($0)
            Restart=on-failure
            RestartSec=30

            [Install]
            WantedBy=\(wantedBy)

            """
        }
    }

    /// Whether `text` is a unit `unit` wrote.
    public static func isOurs(_ text: String) -> Bool { text.hasPrefix(marker + "\n") }

    /// The folders a unit `unit` wrote says were made for it, innermost first (the order to remove them in).
    public static func made(in text: String) -> [String] {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(madePrefix) }) else { return [] }
        return line.dropFirst(madePrefix.count).split(separator: " ").map(String.init)
            .filter(folders.contains).reversed()
    }
}
