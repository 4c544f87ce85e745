// SPDX-License-Identifier: GPL-3.0-or-later
import CSevenminSystem
import Glibc
import SevenminCore
import SevenminSystem
import Synchronization

/// A heart-rate strap or watch through BlueZ on the system bus: its Heart Rate Measurement
/// characteristic (0x2A37) found with `GetManagedObjects`, notifications started (`StartNotify`), and
/// each new `Value` handed to the core as `Input.heartRate`. On a thread of its own, asleep in one `poll`
/// (`BlueZLink`) but for what comes in; nothing here decides. A strap that cannot be read gives one
/// notice, and is looked for again as soon as BlueZ tells of it (a device added, an adapter switched on,
/// bluetoothd started again), or every few seconds.
public final class HeartRateStrap: Sendable {
    public static let serviceUUID = "0000180d-0000-1000-8000-00805f9b34fb"
    public static let measurementUUID = "00002a37-0000-1000-8000-00805f9b34fb"
    /// Seconds between looks for a strap that could not be read, when nothing BlueZ says calls for one.
    static let retryAfter = 5.0
    /// Seconds a connected strap is given for BlueZ to find its heart rate service.
    static let resolving = 10.0

    private let device: String
    private let news: @Sendable (Input) -> Void
    private let log: @Sendable (String) -> Void
    private let closing = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    /// Poked to wake the thread to close; nil if no `eventfd` could be had (the thread is then not started).
    private let wake: Int32?
    private let finished = Condition()
    private let done = Atomic<Bool>(false)

    /// Reads `device`, a Bluetooth address or a name, once `begin` is called.
    public init(device: String, news: @escaping @Sendable (Input) -> Void,
                log: @escaping @Sendable (String) -> Void) {
        self.device = device
        self.news = news
        self.log = log
        do throws(SystemError) {
            wake = try retryingNegativeErrno("eventfd") { csevenmin_wake_create() }
        } catch {
            log("no heart rate from \(device): \(error)")
            wake = nil
        }
    }

    // ignored: an eventfd holds no data that close could lose
    deinit { if let wake { Glibc.close(wake) } }

    /// Starts looking for the strap, on a thread of its own.
    public func begin() {
        guard let wake else { return news(.notice(.noHeartRate(device: device))) }
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        startThread(named: "sevenmin-heart") { [self] in
            run(wake: wake)
            finished.withLock {
                done.store(true, ordering: .releasing)
                finished.broadcast()
            }
        }
    }

    /// Stops reading and waits up to `timeout` seconds for the thread to leave the bus (BlueZ stops the
    /// notifications with it); true once it has.
    @discardableResult
    public func close(timeout: Double = 0.5) -> Bool {
        closing.store(true, ordering: .releasing)
        guard let wake, started.load(ordering: .acquiring) else { return true }
        var one: UInt64 = 1
        // ignored: the only failure is EAGAIN, a counter already near its maximum, which is still readable
        _ = write(wake, &one, 8)
        let deadline = SystemMonotonicClock().now() + timeout
        return finished.withLock {
            while !done.load(ordering: .acquiring) { if !finished.wait(until: deadline) { break } }
            return done.load(ordering: .acquiring)
        }
    }

    private var closed: Bool { closing.load(ordering: .acquiring) }

    /// Tells each trouble once, to the core and the log, and the strap's return once, to the log.
    private struct Teller {
        let device: String
        let news: @Sendable (Input) -> Void
        let log: @Sendable (String) -> Void
        /// The trouble last told; nil while the strap is read.
        var told: WorkoutNotice?

        mutating func tell(_ notice: WorkoutNotice, _ detail: String) {
            guard notice != told else { return }
            told = notice
            log(detail)
            news(.notice(notice))
        }

        mutating func reading() {
            if told != nil { log("heart rate from \(device) read again") }
            told = nil
        }
    }

    private func run(wake: Int32) {
        var teller = Teller(device: device, news: news, log: log)
        while !closed {
            do throws(BusError) {
                let link = try BlueZLink(wake: wake) { [self] in closed }
                defer { link.close() }
                var found = false
                while true {
                    let owner = link.owner
                    do throws(BusError) {
                        if let lost = try read(on: link, found: &found, reading: { teller.reading() }) {
                            teller.tell(.heartRateLost(device: device, lost.loss),
                                        "heart rate from \(device) lost: " + (lost.detail ?? "\(lost.loss)"))
                        }
                    } catch where error != BlueZLink.closed {
                        teller.tell(.noHeartRate(device: device), "no heart rate from \(device): \(error)")
                    }
                    // A bluetoothd started again while the strap was read: looked for at once.
                    if link.owner == nil || link.owner == owner {
                        try awaitChance(on: link, until: SystemMonotonicClock().now() + Self.retryAfter)
                    }
                }
            } catch where error != BlueZLink.closed {
                // No system bus, or it went away: asked again in a few seconds, a close waking the wait.
                teller.tell(.noHeartRate(device: device), "no heart rate from \(device): \(error)")
                var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
                // ignored: a wait cut short by a signal only makes the next look come sooner
                _ = poll(&fds, 1, Int32(Self.retryAfter * 1000))
            } catch {
                break
            }
        }
    }

    /// Waits until `deadline`, or until BlueZ tells of something that may let the strap be read now: a
    /// device or adapter added, an adapter switched on, a new bluetoothd.
    private func awaitChance(on link: BlueZLink, until deadline: Double) throws(BusError) {
        while let news = try link.next(until: deadline) {
            switch news {
            case .owner(let owner):
                if owner != nil { return }
            case .signal(let message):
                if message.member == "InterfacesAdded" { return }
                if message.member == "PropertiesChanged", try message.readString() == "org.bluez.Adapter1",
                   try message.readProperties()["Powered"]?.boolean == true {
                    return
                }
            }
        }
    }

    /// Why a strap cannot be read, and (when the loss alone does not say it all) what for the log.
    struct Lost {
        var loss: WorkoutNotice.HeartRateLoss
        var detail: String?
    }

    /// Finds the characteristic, starts its notifications (then calls `reading`) and hands each value on
    /// until closed, until `deadline` (nil: none) or `going` says to stop (nil is returned then), or
    /// until BlueZ says the strap is lost: that is returned. `found`: the strap was seen once, so that its
    /// absence later is its going, not a name that matches nothing.
    func read(on link: BlueZLink, found: inout Bool, until deadline: Double? = nil,
              while going: () -> Bool = { true }, reading: () -> Void) throws(BusError) -> Lost? {
        let objects = try BlueZObject.all(on: link)
        let named = objects.filter { $0.isDevice(named: device) }
        guard let strap = named.first else {
            if found { return Lost(loss: .gone) }
            throw BusError(call: "GetManagedObjects", errno: ENODEV, message: "no such Bluetooth device")
        }
        // Two devices with one name: reading either could be reading the wrong one.
        if named.count > 1 {
            let addresses = BlueZObject.addresses(named: device, in: objects)
            return Lost(loss: .ambiguous(addresses: addresses),
                        detail: "ambiguous: " + addresses.joined(separator: ", "))
        }
        found = true
        let adapter = strap.properties["org.bluez.Device1"]?["Adapter"]?.string
        if let adapter, objects.first(where: { $0.path == adapter })?
            .properties["org.bluez.Adapter1"]?["Powered"]?.boolean == false {
            return Lost(loss: .adapterOff)
        }
        if strap.properties["org.bluez.Device1"]?["Connected"]?.boolean != true {
            do throws(BusError) {
                let left = (deadline ?? .infinity) - SystemMonotonicClock().now()
                _ = try link.call("org.bluez", strap.path, "org.bluez.Device1", "Connect", timeout: min(20, left))
            } catch where error.name == "org.bluez.Error.AlreadyConnected" {
                // Connected already, as BlueZ may not yet have said: read it.
            } catch {
                // Out of reach, or taken by another device (a strap that allows one connection then stops
                // advertising): BlueZ fails or gives up alike, so the notice names both.
                guard error.name?.hasPrefix("org.bluez.Error.") == true
                        || error.name == "org.freedesktop.DBus.Error.NoReply" else { throw error }
                return Lost(loss: .wontConnect, detail: "wontConnect: \(error)")
            }
        }
        // Connected: the characteristic under the device, once BlueZ has resolved its services.
        let measurement = { (object: BlueZObject) in
            object.path.hasPrefix(strap.path + "/")
                && object.properties["org.bluez.GattCharacteristic1"]?["UUID"]?.string == Self.measurementUUID
        }
        var characteristic = try BlueZObject.all(on: link).first(where: measurement)?.path
        let resolving = SystemMonotonicClock().now() + Self.resolving
        while characteristic == nil,
              case .signal(let message)? = try link.next(until: min(resolving, deadline ?? .infinity)) {
            guard message.member == "InterfacesAdded" else { continue }
            let added = try BlueZObject.object(in: message)
            if measurement(added) { characteristic = added.path }
        }
        guard let characteristic else {
            throw BusError(call: "GetManagedObjects", errno: ENOENT, message: "no heart rate service")
        }
        _ = try link.call("org.bluez", characteristic, "org.bluez.GattCharacteristic1", "StartNotify")
        reading()
        // ignored: leaving the bus stops the notifications anyway
        defer { try? link.send("org.bluez", characteristic, "org.bluez.GattCharacteristic1", "StopNotify") }
        while going(), let news = try link.next(until: deadline) {
            // bluetoothd gone, or started again: the strap's connection and notifications are gone with it.
            guard case .signal(let message) = news else { return Lost(loss: .gone, detail: "gone: bluetoothd left") }
            if let loss = try lossOrReading(message, strap: strap.path, adapter: adapter,
                                            characteristic: characteristic) {
                return Lost(loss: loss)
            }
        }
        return nil
    }

    /// Hands on a new value of the characteristic; returns why the strap is lost when `message` says it is.
    private func lossOrReading(_ message: BusMessage, strap: String, adapter: String?,
                               characteristic: String) throws(BusError) -> WorkoutNotice.HeartRateLoss? {
        if message.member == "InterfacesRemoved" {
            let path = try message.readString("o")
            return path == strap || strap.hasPrefix(path + "/") ? .gone : nil
        }
        guard message.member == "PropertiesChanged", let path = message.path else { return nil }
        let interface = try message.readString()
        let changed = try message.readProperties()
        switch (path, interface) {
        case (characteristic, "org.bluez.GattCharacteristic1"):
            if let value = changed["Value"]?.bytes, let reading = HeartRateMeasurement(bytes: value) {
                news(.heartRate(reading))
            }
        case (strap, "org.bluez.Device1") where changed["Connected"]?.boolean == false:
            return .gone
        case (adapter, "org.bluez.Adapter1") where changed["Powered"]?.boolean == false:
            return .adapterOff
        default:
            break
        }
        return nil
    }
}
