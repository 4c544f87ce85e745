#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Time from execve to the first byte sevenmin writes to its terminal, without a tracer.

Usage: first-frame.py [--runs N] [--size COLSxROWS] [--spin] [--until TEXT] -- COMMAND [ARGS...]

Each run gets a pseudo-terminal of its own (100x30 unless --size says otherwise, TERM as given, a
fresh HOME). The child takes the time on CLOCK_MONOTONIC as its very last step before execve, and
hands it over on a pipe that execve closes; the parent takes the time when the first byte shows on
the pty's master side, and, with --until, when TEXT has shown (sevenmin's first write sets the
terminal up and asks it about synchronised output; the frame is the next write, so TEXT is a word
the first frame shows). The difference is the start-up a user waits through, and nothing else: no
tracer stops the process at each system call (strace does, and on a virtual machine whose other
CPUs are idle each stop and wake costs more than the work between them).

The parent waits in poll(2), so a run also counts the kernel's wake-up of the parent once the byte
is written; --spin reads without sleeping instead, which takes that out but keeps one CPU busy.
Prints each run's milliseconds and the median; --json writes them too. The child is sent SIGTERM
once its first byte is in, and reaped.
"""
import argparse
import fcntl
import json
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time


def one_run(command, cols, rows, spin, env, until=None):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(master)
            os.close(read_end)
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            if slave > 2:
                os.close(slave)
            os.set_inheritable(write_end, False)
            stamp = struct.pack("q", time.clock_gettime_ns(time.CLOCK_MONOTONIC))
            os.write(write_end, stamp)
            os.execve(command[0], command, env)
        finally:
            os._exit(127)
    os.close(slave)
    os.close(write_end)
    if spin:
        os.set_blocking(master, False)
    seen, first_byte, shown = b"", None, None
    give_up = time.monotonic() + 10
    while shown is None and time.monotonic() < give_up:
        if not spin:
            select.select([master], [], [], 1)
        try:
            part = os.read(master, 65536)
        except BlockingIOError:
            continue
        now = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        if first_byte is None:
            first_byte = now
        seen += part
        if until is None or until in seen:
            shown = now
    if shown is None:
        os.kill(pid, signal.SIGKILL)
        raise SystemExit(f"first-frame: {until!r} never showed")
    stamp = b""
    while len(stamp) < 8:
        part = os.read(read_end, 8 - len(stamp))
        if not part:
            break
        stamp += part
    os.close(read_end)
    os.kill(pid, signal.SIGTERM)
    # Drain what it writes on its way out, so that it never blocks on a full pty, then reap it.
    os.set_blocking(master, False)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        select.select([master], [], [], 0.05)
        try:
            os.read(master, 65536)
        except (BlockingIOError, OSError):
            pass
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(master)
    if len(stamp) != 8:
        raise SystemExit(f"first-frame: {command[0]} did not start")
    started = struct.unpack("q", stamp)[0]
    return (first_byte - started) / 1e6, (shown - started) / 1e6


def measure(command, runs=21, size=(100, 30), spin=False, until=None, report=None):
    """Each run's milliseconds to the first byte and to `until` (bytes; None: the first byte again),
    every run alone with a fresh HOME; `report(k, first, frame)` is told of each."""
    command = list(command)
    command[0] = shutil.which(command[0]) or command[0]
    firsts, frames = [], []
    for k in range(runs):
        home = tempfile.mkdtemp(prefix="sevenmin-first-frame-")
        env = {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "TERM": os.environ.get("TERM", "tmux-256color"), "LANG": os.environ.get("LANG", "C.UTF-8")}
        first, frame = one_run(command, size[0], size[1], spin, env, until)
        shutil.rmtree(home, ignore_errors=True)
        firsts.append(first)
        frames.append(frame)
        if report:
            report(k, first, frame)
        time.sleep(0.2)
    return firsts, frames


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--spin", action="store_true")
    parser.add_argument("--until", help="a word of the first frame; times its arrival too")
    parser.add_argument("--json")
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    until = args.until.encode() if args.until else None

    def report(k, first, frame):
        shown = f", {args.until!r} at {frame:7.3f} ms" if until else ""
        print(f"run {k + 1:>2}: first byte at {first:7.3f} ms{shown}", flush=True)
    times, frames = measure(args.command, args.runs, tuple(int(n) for n in args.size.split("x")), args.spin,
                            until, report)
    result = {"first_byte_ms": times, "median_first_byte_ms": statistics.median(times)}
    print(f"first byte, median of {len(times)}: {statistics.median(times):.3f} ms "
          f"(min {min(times):.3f}, max {max(times):.3f})")
    if until:
        result |= {"frame_ms": frames, "median_frame_ms": statistics.median(frames)}
        print(f"{args.until!r} shown, median of {len(frames)}: {statistics.median(frames):.3f} ms "
              f"(min {min(frames):.3f}, max {max(frames):.3f})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f)


if __name__ == "__main__":
    main()
