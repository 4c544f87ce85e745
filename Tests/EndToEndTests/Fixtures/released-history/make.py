#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes this fixture: a history as the last release before month copies, sevenmin 0.1.0 at commit 7a315a1,
writes it, and what that release itself prints of it. See README.md for the commands that build the release.

    make.py RELEASE-BINARY

Five workouts, each started on a wall clock set by libfaketime (with real-timers.c, so that its timers still
run on time) in Europe/Berlin, two months in summer time and one in winter time, the way a user does them:
  2026-09-14 07:30  short.json, plain, to its end; rated 6 afterwards with `rate 6 --session 1`
  2026-09-29 18:10  sides.json on the terminal (tmux), rated 8 at its finish screen
  2026-10-12 06:45  staged.json on the terminal, paused with space in its first exercise, resumed, not rated
  2026-11-03 19:00  long.json on the terminal, --get-ready 1, quit with q y in its first exercise
  2026-11-20 12:15  short.json, plain, --shuffle --seed 7 --rounds 2
with history.d made first, so that the release leaves its copy there: history.d/MACHINE-ID.sqlite3. The host is
named release-desk in a UTS namespace of its own (`unshare --uts`, as root or with --map-root-user).

It writes state/sevenmin/ (history.sqlite3, machine-id, history.d/ID.sqlite3) and, from the release itself,
expected/history.json (`history --json`) and expected/fit/ (`history --fit`, whose timer stops at the pause)."""
import json
import os
import shutil
import subprocess
import sys
import time

HOST = "release-desk"
HERE = os.path.dirname(os.path.abspath(__file__))
ROUTINES = os.path.dirname(HERE)
# A fixed folder: the history keeps each routine file's path, which should say nothing of who made it.
WORK = "/tmp/sevenmin-released-history"
ZONE = "Europe/Berlin"
FAKETIME = next(p for p in ("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
                            "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1") if os.path.exists(p))


def environment():
    return {"HOME": WORK + "/home", "XDG_STATE_HOME": WORK + "/state", "XDG_CONFIG_HOME": WORK + "/config",
            "XDG_DATA_HOME": WORK + "/data", "XDG_CACHE_HOME": WORK + "/cache", "XDG_RUNTIME_DIR": WORK + "/run",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + WORK + "/no-bus",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + WORK + "/no-bus",
            "PATH": "/usr/bin:/bin", "TZ": ZONE, "LANG": "C.UTF-8", "TERM": "tmux-256color"}


def faked(when):
    """The variables that start a program's wall clock at `when` (local time), its timers left real."""
    return {"LD_PRELOAD": WORK + "/real-timers.so " + FAKETIME, "FAKETIME": "@" + when,
            "FAKETIME_DONT_FAKE_MONOTONIC": "1"}


def plain(binary, when, args):
    subprocess.run([binary] + args, env={**environment(), **faked(when)}, check=True, timeout=120,
                   stdout=subprocess.DEVNULL)


class Terminal:
    """An interactive bash in a tmux of its own, 100 by 30, as a person's terminal."""

    def __init__(self):
        self.name = "sevenmin-fixture-%d" % os.getpid()
        with open(WORK + "/tmux.conf", "w") as f:
            f.write("set -g default-terminal tmux-256color\nset -g status off\n")
        shell = "env -i " + " ".join("%s=%s" % kv for kv in environment().items()) \
            + " PS1='fixture$ ' bash --norc --noprofile -i"
        self.tmux("-f", WORK + "/tmux.conf", "new-session", "-d", "-x", "100", "-y", "30", shell)
        self.wait("fixture$")

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.name] + list(args), check=True, capture_output=True,
                              text=True).stdout

    def screen(self):
        return self.tmux("capture-pane", "-p")

    def wait(self, text, timeout=60):
        deadline = time.monotonic() + timeout
        while text not in self.screen():
            if time.monotonic() > deadline:
                sys.exit("waited for %r, the screen is:\n%s" % (text, self.screen()))
            time.sleep(0.1)

    def keys(self, *keys):
        self.tmux("send-keys", *keys)

    def start(self, binary, when, args):
        self.tmux("send-keys", "clear", "Enter")
        line = " ".join("%s='%s'" % kv for kv in faked(when).items()) + " " + binary + " " + " ".join(args)
        self.tmux("send-keys", "-l", line + '; echo "ex""it=$?"')
        self.keys("Enter")

    def finish(self, effort):
        """At the finish screen: the effort's key, or Enter to skip; then any key until the shell is back."""
        self.wait("Enter skips")
        # Keys in the finish screen's first second are taken for the workout's, and ignored.
        time.sleep(1.5)
        self.keys(effort)
        deadline = time.monotonic() + 10
        while "Enter skips" in self.screen() and time.monotonic() < deadline:
            time.sleep(0.1)
        while "exit=" not in self.screen():
            self.keys("x")
            time.sleep(0.3)

    def close(self):
        self.tmux("kill-server")


def make(binary):
    shutil.rmtree(WORK, ignore_errors=True)
    for folder in ("home", "config", "data", "cache", "run", "state/sevenmin/history.d", "routines"):
        os.makedirs(WORK + "/" + folder, mode=0o700)
    for name in ("short.json", "sides.json", "staged.json", "long.json"):
        shutil.copy(os.path.join(ROUTINES, name), WORK + "/routines/" + name)
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", WORK + "/real-timers.so",
                    os.path.join(HERE, "real-timers.c"), "-ldl"], check=True)
    routine = lambda name: WORK + "/routines/" + name
    plain(binary, "2026-09-14 07:30:00", ["start", routine("short.json"), "--plain", "--mute"])
    terminal = Terminal()
    try:
        terminal.start(binary, "2026-09-29 18:10:00", ["start", routine("sides.json"), "--mute"])
        terminal.finish("8")
        terminal.start(binary, "2026-10-12 06:45:00", ["start", routine("staged.json"), "--mute"])
        terminal.wait("Alpha Squats")
        terminal.keys("Space")
        terminal.wait("PAUSED")
        time.sleep(2)
        terminal.keys("Space")
        terminal.finish("Enter")
        terminal.start(binary, "2026-11-03 19:00:00", ["start", routine("long.json"), "--mute", "--get-ready", "1"])
        terminal.wait("Steady Squats")
        time.sleep(2)
        terminal.keys("q")
        terminal.wait("Quit this workout?")
        terminal.keys("y")
        terminal.wait("exit=")
    finally:
        # The terminal's tmux goes too when a wait fails.
        terminal.close()
    plain(binary, "2026-11-20 12:15:00", ["start", routine("short.json"), "--plain", "--mute", "--shuffle",
                                          "--seed", "7", "--rounds", "2"])
    plain(binary, "2026-11-21 09:00:00", ["rate", "6", "--session", "1"])

    state = WORK + "/state/sevenmin"
    listed = subprocess.run([binary, "history", "--json"], env=environment(), check=True, capture_output=True,
                            text=True).stdout
    sessions = json.loads(listed)
    # The fixture is what the docstring says, or nothing is written.
    assert [s["effort"] for s in sessions] == [6, 8, None, None, None], listed
    assert [s["outcome"] for s in sessions].count("completed") == 4, listed
    assert [s["seed"] for s in sessions][-1] == 7, listed
    copies = os.listdir(state + "/history.d")
    assert len(copies) == 1 and copies[0].endswith(".sqlite3"), copies
    # Every row is in the file itself: a reader leaves an empty write-ahead log behind, never one with rows.
    assert not [n for n in os.listdir(state) if n.endswith(("-wal", "-journal"))
                and os.path.getsize(state + "/" + n) > 0], os.listdir(state)

    out = os.path.join(HERE, "state", "sevenmin")
    shutil.rmtree(os.path.join(HERE, "state"), ignore_errors=True)
    shutil.rmtree(os.path.join(HERE, "expected"), ignore_errors=True)
    os.makedirs(out + "/history.d")
    for name in ("history.sqlite3", "machine-id", "history.d/" + copies[0]):
        shutil.copy(state + "/" + name, out + "/" + name)
    os.makedirs(os.path.join(HERE, "expected", "fit"))
    with open(os.path.join(HERE, "expected", "history.json"), "w") as f:
        f.write(listed)
    subprocess.run([binary, "history", "--fit", os.path.join(HERE, "expected", "fit")], env=environment(),
                   check=True, stdout=subprocess.DEVNULL)
    shutil.rmtree(WORK)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    if os.environ.get("SEVENMIN_FIXTURE_HOST") != HOST:
        # Again, in a UTS namespace of its own, where the host can be named.
        root = [] if os.geteuid() == 0 else ["--map-root-user"]
        os.execvpe("unshare", ["unshare", "--uts"] + root + [sys.executable, os.path.abspath(__file__), binary],
                   {**os.environ, "SEVENMIN_FIXTURE_HOST": HOST})
    subprocess.run(["hostname", HOST], check=True)
    make(binary)
