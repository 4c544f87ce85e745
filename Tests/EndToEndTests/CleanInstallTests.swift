// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Whether a bare Debian 12 can be made here: mmdebstrap (Debian's package) in its root mode, which
/// needs root, and Debian's archive, which it downloads from.
let canMakeAChroot = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/mmdebstrap")

/// The `.deb` as a user installs it, into a bare Debian 12 that has nothing else of sevenmin's: every library it
/// needs must come in by `Depends`, the ones opened on first use too.
@Suite("A clean install", .serialized,
       .enabled(if: !releaseBinary.isEmpty && canMakeAChroot,
                "needs SEVENMIN_RELEASE_BIN (scripts/test builds it), root, mmdebstrap and Debian's archive"))
struct CleanInstallTests {
    /// What runs inside the chroot, as a user would: `apt install ./sevenmin_….deb`, `sevenmin doctor`, and a
    /// workout with the phone's page on loopback, fetched with curl. Each result is kept under `/tmp/out`.
    static func script(deb: String) -> String {
        """
        set -u
        out=/tmp/out
        mkdir -p "$out" /tmp/home /tmp/runtime
        chmod 700 /tmp/runtime
        cd /tmp
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./\(deb) > "$out/install.txt" 2>&1
        echo $? > "$out/install.status"
        dpkg-query -W -f '${Package} ${db:Status-Status}\\n' libmicrohttpd12 libqrencode4 > "$out/libraries.txt" 2>&1
        export HOME=/tmp/home XDG_RUNTIME_DIR=/tmp/runtime TERM=xterm-256color
        sevenmin doctor > "$out/doctor.txt" 2>&1
        echo $? > "$out/doctor.status"
        sevenmin start --phone --plain --mute --phone-bind 127.0.0.1 > "$out/workout.txt" 2>&1 < /dev/null &
        workout=$!
        # The page's address, from `status --json`, once the server listens: up to 30 s.
        url=
        for _ in $(seq 300); do
          url=$(sevenmin status --json 2>/dev/null | sed -n 's/.*"phone" *: *"\\([^"#]*\\).*/\\1/p')
          [ -n "$url" ] && break
          sleep 0.1
        done
        echo "$url" > "$out/url.txt"
        curl -s --max-time 10 -D - "$url" > "$out/page.txt" 2>&1
        kill "$workout"
        wait "$workout"
        echo $? > "$out/workout.status"
        """
    }

    @Test func theDebInstallsIntoABareDebian12AndRunsDoctorAndThePhonesPage() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let built = try run(repositoryRoot + "/scripts/package", [dir], environment: ["SEVENMIN_BINARY": releaseBinary])
        #expect(built.status == 0, "\(built.stderr)")
        let deb = built.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = (deb as NSString).lastPathComponent
        try Self.script(deb: name).write(toFile: dir + "/clean-install.sh", atomically: true, encoding: .utf8)
        // Debian's own mirrors for bookworm, as mmdebstrap picks them for a stable release named alone; the script
        // runs with nothing of this process's environment, as a user's fresh login would.
        let hooks = ["copy-in \(deb) \(dir)/clean-install.sh /tmp",
                     "chroot \"$1\" env -i PATH=/usr/bin:/bin:/usr/sbin:/sbin sh /tmp/clean-install.sh",
                     "copy-out /tmp/out \(dir)"]
        let made = try run("/usr/bin/mmdebstrap", ["--variant=apt", "--include=curl"]
            + hooks.map { "--customize-hook=" + $0 } + ["bookworm", "/dev/null"])
        #expect(made.status == 0, "\(made.stderr.suffix(2000))")
        let out = { (file: String) in
            ((try? String(contentsOfFile: dir + "/out/" + file, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(out("install.status") == "0", "\(out("install.txt").suffix(2000))")
        // The libraries opened on first use came in with it.
        #expect(out("libraries.txt") == "libmicrohttpd12 installed\nlibqrencode4 installed", "\(out("libraries.txt"))")
        #expect(out("doctor.status") == "0", "\(out("doctor.txt"))")
        #expect(out("doctor.txt").contains("the phone's page can be served on"), "\(out("doctor.txt"))")
        #expect(out("url.txt").hasPrefix("http://127.0.0.1:"), "\(out("workout.txt"))")
        let page = out("page.txt")
        #expect(page.hasPrefix("HTTP/1.1 200") && page.contains("<!doctype html>"), "\(page.prefix(500))")
        // Ended by SIGTERM, as a workout is: 128 + 15.
        #expect(out("workout.status") == "143", "\(out("workout.txt"))")
    }
}
