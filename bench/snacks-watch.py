#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the snack watcher costs while nothing happens: its wake-ups a minute and its peak RSS.

Usage:  python3 bench/snacks-watch.py [--seconds N] BINARY   (the release build: scripts/release-binary prints it)

Starts a private session bus (dbus-run-session) with python3-dbusmock's notification daemon and a GNOME idle
monitor whose person has been away for an hour, so that nothing is due; runs `BINARY snacks watch` under
`strace -f` of the calls that can sleep (poll, ppoll, select, epoll_wait, nanosleep, clock_nanosleep, futex)
for N seconds (180 unless given), skipping the first 5 (start-up), and reads its VmHWM from /proc at the end.
Prints the sleeping calls a minute, the peak RSS, and what is resident at the end by file mapped (smaps): the
binary, each library, the anonymous pages. Needs strace, dbus-run-session and python3-dbusmock.
"""
import os
import subprocess
import sys
import tempfile
import time

SLEEPING = "poll,ppoll,select,pselect6,epoll_wait,epoll_pwait,nanosleep,clock_nanosleep,futex"
MONITOR = ["org.gnome.Mutter.IdleMonitor", "/org/gnome/Mutter/IdleMonitor/Core", "org.gnome.Mutter.IdleMonitor"]
METHODS = [("GetIdletime", "", "t", "ret = dbus.UInt64(3600000)"),
           ("AddIdleWatch", "t", "u", "ret = dbus.UInt32(args[0] // 1000)"),
           ("AddUserActiveWatch", "", "u", "ret = dbus.UInt32(1)"), ("RemoveWatch", "u", "", "")]


def on_bus(seconds, binary):
    """Run inside dbus-run-session: the mocks, then the watcher traced."""
    folder = tempfile.mkdtemp(prefix="sevenmin-snacks-bench-")
    env = dict(os.environ, HOME=folder, XDG_RUNTIME_DIR=folder, XDG_STATE_HOME=folder + "/state",
               XDG_CONFIG_HOME=folder + "/config")
    mocks = [subprocess.Popen([sys.executable, "-m", "dbusmock", "--session", "-t", "notification_daemon"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
             subprocess.Popen([sys.executable, "-m", "dbusmock", "--session"] + MONITOR,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    for name, inputs, outputs, code in METHODS:
        for _ in range(100):
            added = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=" + MONITOR[0], MONITOR[1],
                                    "org.freedesktop.DBus.Mock.AddMethod", "string:" + MONITOR[2], "string:" + name,
                                    "string:" + inputs, "string:" + outputs, "string:" + code],
                                   capture_output=True)
            if added.returncode == 0:
                break
            time.sleep(0.1)
    trace = folder + "/trace"
    tracer = subprocess.Popen(["strace", "-f", "-qq", "-tt", "-e", "trace=" + SLEEPING, "-o", trace, binary,
                               "snacks", "watch", "--hours", "00:00-24:00", "--days", "sun,mon,tue,wed,thu,fri,sat"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(5)
    with open(trace) as f:
        skipped = sum(1 for _ in f)
    time.sleep(seconds)
    child = subprocess.run(["pgrep", "-P", str(tracer.pid)], capture_output=True, text=True).stdout.split()[0]
    with open(f"/proc/{child}/status") as f:
        fields = {line.split(":")[0]: line.split()[1] for line in f if line.startswith(("VmHWM", "RssAnon", "RssFile"))}
    peak = int(fields["VmHWM"])
    resident = {}
    with open(f"/proc/{child}/smaps") as f:
        for line in f:
            parts = line.split()
            if "-" in parts[0] and not parts[0].endswith(":"):
                name = os.path.basename(parts[5]) if len(parts) > 5 else "anonymous"
            elif parts[0] == "Rss:":
                resident[name] = resident.get(name, 0) + int(parts[1])
    os.kill(int(child), 15)
    tracer.wait()
    for mock in mocks:
        mock.terminate()
    with open(trace) as f:
        # A call resumed is the one begun; a signal (---) or the end (+++) is no call.
        calls = [line for line in list(f)[skipped:] if not any(mark in line for mark in ("resumed>", " +++ ", " --- "))]
    stamps = [sum(float(part) * scale for part, scale in zip(line.split()[1].split(":"), (3600, 60, 1)))
              for line in calls]
    gaps = [b - a for a, b in zip(stamps, stamps[1:])]
    print(f"wake-ups a minute, nothing happening: {len(calls) * 60 / seconds:.2f} ({len(calls)} in {seconds} s; "
          f"the shortest time between two: {min(gaps, default=0):.1f} s)")
    print(f"peak RSS (VmHWM): {peak / 1024:.1f} MiB; at the end {int(fields['RssAnon']) / 1024:.1f} MiB anonymous, "
          f"{int(fields['RssFile']) / 1024:.1f} MiB of files (the binary and its libraries)")
    largest = sorted(resident.items(), key=lambda item: -item[1])[:12]
    print("resident at the end, by mapping: " + ", ".join(f"{name} {kb / 1024:.2f}" for name, kb in largest))


def main():
    args = sys.argv[1:]
    seconds = 180
    if "--seconds" in args:
        at = args.index("--seconds")
        seconds = int(args[at + 1])
        del args[at:at + 2]
    if len(args) == 2 and args[0] == "--on-bus":
        return on_bus(seconds, args[1])
    if len(args) != 1:
        sys.exit(__doc__)
    os.execvp("dbus-run-session", ["dbus-run-session", "--", sys.executable, os.path.abspath(__file__),
                                   "--seconds", str(seconds), "--on-bus", os.path.abspath(args[0])])


if __name__ == "__main__":
    main()
