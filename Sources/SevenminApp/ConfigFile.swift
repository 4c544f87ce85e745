// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Glibc
import SevenminCore

/// The user's `config.json`: found by the XDG rules, read with the routine reader's size limit,
/// validated by the core.
enum ConfigFile {
    /// `$XDG_CONFIG_HOME/sevenmin/config.json`; nil when there is no home folder.
    static func path(_ directories: UserDirectories = UserDirectories()) -> String? {
        directories.configDirectory.map { $0 + "/config.json" }
    }

    /// The settings in the file; nil when there is none. Problems are reported (with positions) and
    /// come back as the exit status 65, or 66 for a file that cannot be read.
    /// The file's voice must be one the engine lists (`voices`, asked for only if it names one), as `start`
    /// checks it, so that `config` and `doctor` never pass a file `start` refuses; `start --mute` passes nil.
    static func load(path: String? = ConfigFile.path(),
                     voices: @autoclosure () -> VoiceCatalogue? = VoiceSetup.catalogue())
        -> Result<UserConfig?, ExitStatus> {
        switch problems(path: path, voices: voices()) {
        case .success(let config): return .success(config)
        case .failure(let error): return .failure(ExitStatus(PlanLoading.report(error)))
        }
    }

    /// As `load`, but handing the problem back instead of reporting it, for `doctor`.
    static func problems(path: String?,
                         voices: @autoclosure () -> VoiceCatalogue? = VoiceSetup.catalogue())
        -> Result<UserConfig?, any Error> {
        guard let path else { return .success(nil) }
        do {
            let bytes = try WorkoutDataSource.read(path)
            let config = try UserConfig.parse(bytes, path: path)
            // Listing the voices starts espeak-ng here, so it is done only for a file that names one.
            guard case .named = config.value("voice", as: ConfigVoice.self), let voices = voices() else {
                return .success(config)
            }
            return .success(try UserConfig.parse(bytes, path: path, voices: voices))
        } catch let error as RoutineFileError where error.reason == .notFound {
            return .success(nil)
        } catch {
            return .failure(error)
        }
    }
}
