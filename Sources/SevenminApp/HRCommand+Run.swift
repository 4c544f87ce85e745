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
        case .forget: return keep(nil)
        }
    }

    /// Lists the devices found, one a line: address, signal, name; then the next step. Exits 1, saying
    /// what is missing and what to do, when Bluetooth cannot be asked.
    private func scan() -> Int32 {
        let found: [HeartRateStrap.Found]
        do throws(BluetoothTrouble) { found = try HeartRateStrap.scan(seconds: Double(seconds)) } catch {
            let advice = error.advice
            Console.error("Error: cannot scan for Bluetooth devices: \(visible(advice.what)); \(advice.fix)")
            return ExitCode.failure
        }
        guard !found.isEmpty else {
            Console.error("sevenmin: no device offering a heart rate found in \(seconds) s; put the strap on (or "
                + "set the watch to broadcast) and scan again: sevenmin hr scan --seconds 15")
            return ExitCode.success
        }
        for device in found {
            let rssi = device.rssi.map { "\($0) dBm" } ?? "-- dBm"
            Console.out("\(device.address)  \(rssi)  \(visible(device.name ?? ""))\n")
        }
        // A name two devices share picks neither: those are kept by address.
        let shared = Set(found.compactMap(\.name).filter { name in found.filter { $0.name == name }.count > 1 })
        for name in shared.sorted() {
            Console.error("sevenmin: \(found.filter { $0.name == name }.count) devices are named "
                + "\(JSONWriter.quote(visible(name))); keep one by its address")
        }
        let first = found[0]
        let pick = first.name.flatMap { shared.contains($0) || $0.isEmpty ? nil : $0 } ?? first.address
        Console.error("sevenmin: to read it in every workout: sevenmin hr use \(JSONWriter.quote(visible(pick)))")
        return ExitCode.success
    }

    /// Keeps `device` for `start`, unless BlueZ knows two devices by that name: which one is meant cannot
    /// be told (1, with their addresses).
    private func use(_ device: String) -> Int32 {
        // ignored: without Bluetooth to ask, the name is kept as given; start says if it is not found
        let addresses = (try? HeartRateStrap.addresses(named: device)) ?? []
        guard addresses.count < 2 else {
            Console.error("Error: \(addresses.count) devices are named \(JSONWriter.quote(visible(device))): "
                + addresses.joined(separator: ", ") + "; keep one by its address: sevenmin hr use \(addresses[0])")
            return ExitCode.failure
        }
        return keep(device)
    }

    /// Sets `heartRate` in the config file to `device` (nil: takes it out), through the one atomic write,
    /// keeping the file's other keys; a file with problems elsewhere is left as it is, its problems
    /// reported (65).
    private func keep(_ device: String?) -> Int32 {
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
            edited = try ConfigEdit.setting("heartRate", to: device.map(JSONWriter.quote), in: bytes, path: path)
        } catch {
            return PlanLoading.report(error)
        }
        guard device != nil || edited != bytes ?? [] else {
            Console.out("no heartRate in \(visible(path)); nothing to forget\n")
            return ExitCode.success
        }
        do {
            try UserDirectories.makeDirectory(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]))
            try AtomicFile.write(edited, to: path)
        } catch {
            Console.error("Error: cannot write \(visible(path)): \(error)")
            return ExitCode.cannotCreate
        }
        if let device {
            Console.out("heartRate \(JSONWriter.quote(visible(device))) kept in \(visible(path))\n")
        } else {
            Console.out("heartRate taken out of \(visible(path)); start reads no strap unless given --hr\n")
        }
        return ExitCode.success
    }
}
