// SPDX-License-Identifier: GPL-3.0-or-later
import SevenminBus
import SevenminCore

extension HRCommand: RunnableCommand {
    /// Lists the devices found, one a line: address, signal, name; exits 1 when Bluetooth cannot be asked.
    func run() -> Int32 {
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
}
