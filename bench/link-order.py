#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes scripts/link-order.txt: the functions a workout runs, which the release link puts together.

Run from the repository root:  python3 bench/link-order.py     (about 8 minutes; needs valgrind and tmux)

A page of code is resident once anything on it runs, and Linux maps the 64 KiB around each page a
process first touches, so the 1 MiB of code a workout runs, spread over 13 MiB of binary, kept 7.7 MiB of
it resident. scripts/release-binary hands this file to the linker (gold's --section-ordering-file), which
lays those functions out first, in one stretch. This script finds them by running the release binary
(SEVENMIN_BINARY=path, or built by scripts/release-binary) under valgrind's callgrind: a whole muted
workout of bench/routines/two-minutes.json with history (paused, resumed, the keys shown), the same with
sound and the voice (libao's drivers, the cues, the voice's set-up; under valgrind the speech process,
which is this binary again, cannot start, so the workout goes on with beeps), and the speech process
itself, `sevenmin __speak`, rendering the routine's phrases with Flite. The workout's functions come
first, then what sound adds, then the speech process's. What a workout runs only once a phrase is
rendered (handing it to the player) is not seen, and stays where the linker puts it.

The file names sections (`.text.` and the symbol); a function renamed since it was written is simply
laid out where the linker would have put it, so a stale file costs memory, never correctness.
"""
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (Pane, wait_for, build, ROOT)

ROOT = bench.ROOT
OUT = os.path.join(ROOT, "scripts", "link-order.txt")
TWO = os.path.join(ROOT, "bench", "routines", "two-minutes.json")
PHRASES = ["Get ready. First: Jumping Jacks.", "Jumping Jacks. Twenty-five seconds.", "Halfway.", "Three",
           "Two", "One", "Rest. Next: Wall Sit.", "Switch sides.", "Workout complete. Two minutes."]


def callgrind(out):
    return ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}"]


def workout(binary, work, name, extra):
    """A whole workout under callgrind in a private tmux server; returns its profile's path."""
    home = tempfile.mkdtemp(prefix="sevenmin-order-", dir=work)
    profile = os.path.join(work, name + ".callgrind")
    done = os.path.join(work, name + ".done")
    command = " ".join(["env", f"HOME={home}", f"XDG_STATE_HOME={home}/state", "TERM=tmux-256color",
                        *callgrind(profile), binary, "start", TWO, extra, "2>/dev/null;", "touch", done])
    pane = bench.Pane("order-" + name, command)
    time.sleep(20)
    for key in ("Space", "Space", "?", "Escape"):
        pane.keys(key)
        time.sleep(2)
    bench.wait_for(lambda: os.path.exists(os.path.join(home, "state", "sevenmin", "history.sqlite3"))
                   and b"Workout complete" in subprocess.run(["tmux", "-L", pane.name, "capture-pane", "-p"],
                                                              capture_output=True).stdout, 400)
    time.sleep(3)
    pane.keys("x")
    bench.wait_for(lambda: os.path.exists(done), 60)
    pane.close()
    return profile


def speech(binary, work):
    """The speech process under callgrind, rendering PHRASES over its socket; returns its profile's path."""
    profile = os.path.join(work, "speech.callgrind")
    ours, theirs = socket.socketpair()
    child = subprocess.Popen(callgrind(profile) + [binary, "__speak", "--engine", "flite", "--voice", "rms",
                                                   "--rate", "175"],
                             stdin=theirs, stdout=theirs, stderr=subprocess.DEVNULL)
    theirs.close()

    def receive(n):
        data = b""
        while len(data) < n:
            chunk = ours.recv(n - len(data))
            if not chunk:
                raise SystemExit("the speech process ended early")
            data += chunk
        return data
    receive(4)  # ready
    for text in PHRASES:
        ours.sendall(struct.pack("I", len(text.encode())) + text.encode())
        count, _ = struct.unpack("ii", receive(8))
        receive(2 * count)
    ours.close()
    child.wait()
    return profile


def functions(binary, profile):
    """The binary's functions that ran, by name, in the order callgrind first names them."""
    sizes = {}
    listing = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            sizes[parts[3]] = int(parts[1], 16)
    found = []
    with open(profile, errors="replace") as f:
        for line in f:
            m = re.match(r"^c?fn=\(\d+\) (.+?)(?:'\d+)?$", line)
            if m and m.group(1) in sizes:
                found.append(m.group(1))
    return found, sizes


def main():
    binary = bench.build()
    work = tempfile.mkdtemp(prefix="sevenmin-order-")
    bench.RESULTS = work
    with open(os.path.join(work, "tmux.conf"), "w") as f:
        f.write('set -g default-terminal "tmux-256color"\nset -g status off\n')
    # valgrind 3.19 cannot read the DWARF 5 that Swift writes; the symbols are all it needs.
    plain = os.path.join(work, "sevenmin")
    subprocess.run(["strip", "--strip-debug", "-o", plain, binary], check=True)
    profiles = [workout(plain, work, "muted", "--mute"), workout(plain, work, "sound", ""),
                speech(plain, work)]
    order, seen, sizes = [], set(), {}
    for profile in profiles:
        found, sizes = functions(plain, profile)
        for name in found:
            if name not in seen:
                seen.add(name)
                order.append(name)
    with open(OUT, "w") as f:
        f.writelines(f".text.{name}\n" for name in order)
    ran = sum(sizes[n] for n in order)
    print(f"{len(order)} functions, {ran / 1024:.0f} KiB of {sum(sizes.values()) / 1048576:.1f} MiB of code: {OUT}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
