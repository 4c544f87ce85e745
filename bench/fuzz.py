#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fuzzes the routine loader at scale and times validating a 1 MiB one-line routine.

Usage: python3 bench/fuzz.py [--cases N]   (from the repository root; default 100000)

Runs the suite's own fuzzer (Tests/SevenminCoreTests/LoaderFuzzTests.swift, same seed and
generators) in a release build, and prints cases per second, crashes, hangs (cases whose
position-finding work exceeded 4 steps per byte) and rejections without a position inside
the file. Then builds a valid routine of just under 1 MiB on one line and times
`sevenmin validate` on it (release binary, median of 5 runs, process start included).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_FILE = 1 << 20


def one_mebibyte_routine():
    """The same file as HostileInputTests.oneMebibyteRoutine: minified, just under 1 MiB, of many
    small values, the worst case for finding positions."""
    exercises, size = [], 0
    while size < MAX_FILE - 100:
        e = '{"title":"Übung %d","color":"flatRed","work":1}' % len(exercises)
        exercises.append(e)
        size += len(e.encode()) + 1
    doc = '{"name":"Big","rest":0,"getReady":0,"exercises":[' + ",".join(exercises) + "]}"
    return doc.encode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=100_000)
    args = parser.parse_args()
    os.chdir(ROOT)
    print("building (release, with tests)…", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--build-tests", "-Xswiftc", "-enable-testing"], check=True,
                   stdout=subprocess.DEVNULL)

    env = dict(os.environ, SEVENMIN_FUZZ_CASES=str(args.cases))
    started = time.monotonic()
    run = subprocess.run(["swift", "test", "-c", "release", "--skip-build", "--filter",
                          "LoaderFuzzTests/hostileFilesNeverCrashHangOrGoUnplaced"],
                         env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    line = next((l for l in run.stdout.splitlines() if l.startswith("fuzz: ")), None)
    crashed = line is None or run.returncode < 0 or "signal" in run.stderr.lower() and run.returncode != 0
    print(f"fuzz cases:            {args.cases}")
    if line is None:
        print("fuzz:                  the fuzzer died before reporting: 1 crash")
        print(run.stdout[-2000:], run.stderr[-2000:], sep="\n")
    else:
        numbers = dict((k, int(v)) for v, k in re.findall(r"(\d+) (cases|accepted|rejected|hangs|unpositioned)", line))
        rate = int(re.search(r"(\d+) cases/s", line).group(1))
        print(f"cases per second:      {rate}  (whole run {elapsed:.1f} s with start-up)")
        print(f"accepted / rejected:   {numbers['accepted']} / {numbers['rejected']}")
        print(f"crashes:               {1 if crashed else 0}")
        print(f"hangs:                 {numbers['hangs']}")
        print(f"unpositioned:          {numbers['unpositioned']}")
        raw = re.search(r"(\d+) messages with raw controls", line).group(1)
        print(f"raw controls printed:  {raw}")

    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "big.json")
        data = one_mebibyte_routine()
        with open(path, "wb") as f:
            f.write(data)
        binary = os.path.join(ROOT, ".build", "release", "sevenmin")
        times = []
        for _ in range(5):
            t0 = time.monotonic()
            r = subprocess.run([binary, "validate", path], capture_output=True, text=True)
            times.append((time.monotonic() - t0) * 1000)
            if r.returncode != 0:
                print(f"validate failed: {r.stderr}")
                return 1
        print(f"validate 1 MiB, 1 line: {statistics.median(times):.0f} ms median of 5 "
              f"({len(data)} bytes; min {min(times):.0f} ms, max {max(times):.0f} ms)")
    return 0 if line and not crashed else 1


if __name__ == "__main__":
    sys.exit(main())
