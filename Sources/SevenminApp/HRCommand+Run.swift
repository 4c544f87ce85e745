// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminBus
import SevenminCore
import SevenminSystem

extension HRCommand: RunnableCommand {
    func run() -> Int32 {
        switch action {
        case .scan: return scan()
        case .use(let device): return use(device)
        }
    }

    /// Lists the devices found, one a line: address, signal, name; exits 1 when Bluetooth cannot be asked.
    private func scan() -> Int32 {
        let found: [HeartRateStrap.Found]
        do throws(BusError) { found = try HeartRateStrap.scan(seconds: Double(seconds)) } catch {
            Console.error("Error: cannot scan for Bluetooth devices: \(error)")
            return ExitCode.failure
        }
        if found.isEmpty { Console.error("sevenmin: no device offering a heart rate found in \(seconds) s") }
        for device in found {
            let rssi = device.rssi.map { "\($0) dBm" } ?? "-- dBm"
            Console.out("\(device.address)  \(rssi)  \(visible(device.name ?? ""))\n")
        }
        return ExitCode.success
    }

    /// Sets `heartRate` in the config file, through the one atomic write, keeping the file's other keys;
    /// a file with problems is left as it is, its problems reported (65).
    private func use(_ device: String) -> Int32 {
        guard let path = ConfigFile.path() else {
            Console.error("Error: no home folder to keep the config file in")
            return ExitCode.failure
        }
        var bytes: [UInt8]?
        do throws(RoutineFileError) {
            bytes = try WorkoutDataSource.read(path)
        } catch where error.reason == .notFound {
            bytes = nil
        } catch {
            Console.error("Error: \(error)")
            return ExitCode.noInput
        }
        let edited: [UInt8]
        do throws(RoutineLoadError) {
            edited = try ConfigEdit.setting("heartRate", to: JSONWriter.quote(device), in: bytes, path: path)
        } catch {
            return PlanLoading.report(error)
        }
        do {
            try UserDirectories.makeDirectory(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]))
            try AtomicFile.write(edited, to: path)
        } catch {
            Console.error("Error: cannot write \(visible(path)): \(error)")
            return ExitCode.cannotCreate
        }
        Console.out("heartRate \(JSONWriter.quote(visible(device))) kept in \(visible(path))\n")
        return ExitCode.success
    }
}
