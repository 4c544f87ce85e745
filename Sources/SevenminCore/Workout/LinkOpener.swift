// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// Opens links outside the terminal: `$BROWSER` or `xdg-open` in the program, a recorder in tests.
public protocol LinkOpener: AnyObject {
    func open(_ url: String)
}
