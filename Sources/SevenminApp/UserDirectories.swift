// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore
import SevenminSystem

/// The user's folders, by the XDG base-directory rules: routines, the log, the history database
/// and the config file all find their place here, and nothing falls back to the shared `/tmp`.
public struct UserDirectories: Equatable, Sendable {
    /// `$HOME`, or the password database's home when `HOME` is unset, empty or relative.
    public var home: String?
    /// `$XDG_CONFIG_HOME`, else `~/.config`: routines and the config file.
    public var configHome: String?
    /// `$XDG_STATE_HOME`, else `~/.local/state`: the log and the workout history.
    public var stateHome: String?
    /// `$XDG_CACHE_HOME`, else `~/.cache`: rendered speech.
    public var cacheHome: String?
    /// `$XDG_RUNTIME_DIR`; it has no fallback, as the spec says.
    public var runtimeDirectory: String?

    /// Relative `XDG_*` values are ignored, as the spec requires: they would depend on the
    /// folder sevenmin happens to be started from.
    public init(environment: [String: String] = ProcessEnvironment.current) {
        self.init(environment: environment, passwordHome: SystemCall.passwordHome)
    }

    init(environment: [String: String], passwordHome: () -> String?) {
        func absolute(_ key: String) -> String? {
            environment[key].flatMap { $0.hasPrefix("/") ? $0 : nil }
        }
        home = absolute("HOME") ?? passwordHome().flatMap { $0.hasPrefix("/") ? $0 : nil }
        configHome = absolute("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        stateHome = absolute("XDG_STATE_HOME") ?? home.map { $0 + "/.local/state" }
        cacheHome = absolute("XDG_CACHE_HOME") ?? home.map { $0 + "/.cache" }
        runtimeDirectory = absolute("XDG_RUNTIME_DIR")
    }

    /// `…/sevenmin` under the config folder.
    public var configDirectory: String? { configHome.map { $0 + "/sevenmin" } }
    /// `…/sevenmin` under the state folder.
    public var stateDirectory: String? { stateHome.map { $0 + "/sevenmin" } }
    /// Where `sevenmin new` writes and the search path looks second.
    public var routinesDirectory: String? { configDirectory.map { $0 + "/workouts" } }
    /// Where standard error goes while the screen is up.
    public var logFile: String? { stateDirectory.map { $0 + "/sevenmin.log" } }
    /// Phrases rendered once and kept: `$XDG_CACHE_HOME/sevenmin/speech`.
    public var speechDirectory: String? { cacheHome.map { $0 + "/sevenmin/speech" } }
    /// The workout history: `$XDG_STATE_HOME/sevenmin/history.sqlite3`.
    public var historyFile: String? { stateDirectory.map { $0 + "/history.sqlite3" } }

    /// What the snack watcher knows (`SnackWatchState`): `$XDG_STATE_HOME/sevenmin/snacks.json`.
    public var snackStateFile: String? { stateDirectory.map { $0 + "/" + SnackWatchState.fileName } }

    /// This machine's id for the history it shares, made once: `$XDG_STATE_HOME/sevenmin/machine-id`.
    public var machineIDFile: String? { stateDirectory.map { $0 + "/machine-id" } }

    /// Other machines' histories, read beside this one's: a folder to share with Syncthing or the like.
    public var sharedHistoryDirectory: String? { stateDirectory.map { $0 + "/history.d" } }

    /// Said when there is no home folder to put the user's files in.
    public static let noHomeMessage = "Error: Cannot tell where your home folder is: HOME is not set and "
        + "the password database has no home for this user. Set HOME (or XDG_CONFIG_HOME and XDG_STATE_HOME)."

    /// A folder that could not be created, in plain words.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Creates `path` and any missing parents with mode 0700 (private, as the spec asks), or says
    /// in plain words why not, naming the part of the path that is in the way.
    public static func makeDirectory(_ path: String) throws(Problem) {
        // Nearly always the folder is there from an earlier run: one look, instead of a `mkdir` and a
        // look for every part of the path before each workout's screen and at each segment's status.
        if let info = try? SystemCall.status(atPath: path), info.st_mode & S_IFMT == S_IFDIR { return }
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            // A String, not the Substring itself: appending that is generic code, looked up at start-up.
            prefix += "/" + String(part)
            do {
                try SystemCall.mkdir(prefix, 0o700)
            } catch where error.errno == EEXIST {
                let info = try? SystemCall.status(atPath: prefix)
                if let info, info.st_mode & S_IFMT == S_IFDIR { continue }
                throw Problem(description: "Error: Cannot create the folder '\(visible(path))': "
                    + "'\(visible(prefix))' is a file, not a folder.")
            } catch {
                throw Problem(description: "Error: Cannot create the folder '\(visible(path))': \(error).")
            }
        }
    }
}
