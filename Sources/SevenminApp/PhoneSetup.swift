// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SevenminCore
import SevenminPhone
import SevenminSystem

/// Where the phone's page is served (`start --phone`, `doctor`), and its server started.
enum PhoneSetup {
    /// `--phone-bind`'s address, else the IPv4 address of the default route's interface; nil with no network.
    static func address(bind: PhoneBind?) -> String? {
        if let bind { return bind.address }
        guard let routes = try? WorkoutDataSource.read("/proc/net/route"),
              let interface = PhoneAddress.defaultInterface(routes: String(decoding: routes, as: UTF8.self)) else {
            return nil
        }
        return ipv4(of: interface)
    }

    /// The first IPv4 address of `interface` (`getifaddrs(3)`).
    static func ipv4(of interface: String) -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var item = list
        while let entry = item {
            defer { item = entry.pointee.ifa_next }
            guard let name = entry.pointee.ifa_name, String(cString: name) == interface,
                  let socket = entry.pointee.ifa_addr, socket.pointee.sa_family == sa_family_t(AF_INET) else {
                continue
            }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ip in
                withUnsafePointer(to: ip.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }
            }
            guard found != nil else { continue }
            return String(nulTerminated: text)
        }
        return nil
    }

    /// The server for the workout, not yet listening; nil, and a notice posted, with no network.
    static func server(bind: PhoneBind?, plan: Plan, language: CoachLanguage, clock: any MonotonicClock,
                       inbox: WakeInbox) -> PhoneServer? {
        guard let address = address(bind: bind) else {
            inbox.post(.notice(.noPhone(address: nil)))
            return nil
        }
        return PhoneServer(address: address, port: bind?.port ?? 0, loopback: bind?.isLoopback ?? false,
                           plan: { PhoneEvents.plan(plan, language: language) }, clock: clock, news: inbox.post)
    }

    /// Starts `server` listening on a thread of its own, which posts its link to `inbox` (and so the QR code);
    /// a notice if it cannot.
    static func listen(_ server: PhoneServer, inbox: WakeInbox) {
        server.begin { error in
            Console.error("sevenmin: phone: \(error)")
            inbox.post(.notice(.noPhone(address: server.address)))
        }
    }
}
