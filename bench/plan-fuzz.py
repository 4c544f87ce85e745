#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fuzzes the plan state file, plan.json in the state folder, with damaged copies.

Usage: python3 bench/plan-fuzz.py [--seed N] [--count N] [--jobs N] [--timeout S] [--memory MIB]
                                  [--max-seconds S] [--binary PATH]
(from any folder; default 2000 files, seed 1, the debug binary .build/debug/sevenmin, or $SEVENMIN_BINARY)

A valid plan.json is made by the binary itself (`sevenmin plan join` in a fresh state folder), and
each case damages it: "joined" made huge (1e300), far negative (-1e19), fractional, NaN-like, of
another type or missing; "plan" made empty, unknown, a path (/dev/zero, a folder, a file of the
user's), very long, or of another type; keys duplicated or added; the file truncated, nested deep,
not an object, flipped bytes and invalid UTF-8. One case in four also names a plan file of the
user's in $XDG_CONFIG_HOME/sevenmin/plans made from a shipped plan and damaged in turn: many, huge
or negative steps, rounds, days and advance rules.

Each case is written into a fresh HOME and XDG folders and read by the commands that read the
plan: `plan` and `stats`, and for every other case one of `plan --json`, `stats --json`, `plan list`
and `remind ics FILE` in turn,
each with a time limit (--timeout, 10 s) and a cap on its address space (RLIMIT_AS, --memory,
1 GiB). A run fails when it ends by a signal (a negative status, or 128 and over), when it is
still running at the time limit (a hang: a walk over billions of days), or when it prints the same
warning line more than once (damage is said once). A non-zero status or a warning is a fine
answer to damage; runs that exit 0 and say nothing on stderr are counted as "clean".

Prints one tally line (files, runs, clean, warned, refused, signals, hangs, repeated, seconds),
then the first few failures; each failing case is kept in bench/results/plan-fuzz/ with what the
run printed. The same seed makes the same cases. Stops after --count files or
--max-seconds, whichever comes first; the exit status is 1 when any run failed.
"""
import concurrent.futures
import json
import os
import random
import subprocess
import sys
import tempfile
import time

import fuzzrun

ROOT = fuzzrun.ROOT
PLANS = os.path.join(ROOT, "Workouts", "plans")
RESULTS = os.path.join(ROOT, "bench", "results", "plan-fuzz")


class Raw(str):
    """Text written as it is in place of a value: a number JSON cannot hold, NaN."""


def text_of(value):
    """JSON, with Raw values as they are and a list of pairs as an object (so keys may repeat)."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, tuple):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + text_of(v) for k, v in value) + "}"
    if isinstance(value, dict):
        return text_of(tuple(value.items()))
    if isinstance(value, list):
        return "[" + ",".join(text_of(v) for v in value) + "]"
    if isinstance(value, float) and value != value:
        return "NaN"
    if isinstance(value, float) and abs(value) == float("inf"):
        return "1e999" if value > 0 else "-1e999"
    return json.dumps(value, ensure_ascii=False)


NOW = time.time()
TIMES = [0, -0.0, 1, -1, 0.5, -0.5, 1e300, -1e300, 1e19, -1e19, 1e15, -1e15, 1e12, -1e12, 9.2e18, -9.2e18,
         2 ** 53, 2 ** 63, -2 ** 63, 2 ** 64, 10 ** 30, 1.7976931348623157e308, -1.7976931348623157e308,
         5e-324, float("inf"), float("-inf"), float("nan"), Raw("1e999"), Raw("-1e999"), Raw("NaN"),
         Raw("Infinity"), Raw("1" * 400), Raw("-" + "9" * 400), Raw("0." + "0" * 400 + "1"),
         NOW, NOW + 1, NOW + 86400, NOW + 86400 * 365 * 1000, NOW - 86400 * 365 * 200, NOW - 86400 * 365 * 100_000,
         NOW - 86400 * 7, NOW * 1000, NOW / 1000, 253402300800, 253402300799.999, -62135596800, 4102444800,
         "1733400000", "", None, True, False, [], {}, [NOW], {"t": NOW}]
NAMES = ["standing-start", "three-circuits", "", " ", "nope", "Standing-Start", "standing-start ", "standing start",
         "/dev/zero", "/dev/null", "/dev/urandom", "/", "/proc/self/status", "/etc/passwd", ".", "..",
         "./", "plans/x.json", "\u0000", "a\u0000b", "\u001b[31m", "\ud800", "é" * 3000, "x" * 100_000,
         "../../../../../../dev/zero", "~/plan.json", None, 1, True, [], {}, ["standing-start"]]


def plan_file(rng, shipped):
    """A user's plan file: a shipped plan damaged."""
    plan = json.loads(json.dumps(shipped))
    for _ in range(rng.randint(1, 3)):
        if not isinstance(plan, dict):
            break
        what = rng.randrange(10)
        steps = plan.get("steps") if isinstance(plan.get("steps"), list) else []
        if what == 0 and steps:
            plan["steps"] = [rng.choice(steps) for _ in range(rng.choice([0, 1, 1000, 20000]))]
        elif what in (1, 2) and steps:
            step = rng.choice(steps)
            if isinstance(step, dict):
                step[rng.choice(["rounds", "work", "rest", "getReady", "routine", "x"])] = rng.choice(
                    TIMES + [100, 101, 86400, -86400, 1e9])
        elif what == 3:
            plan["days"] = rng.choice([[], ["mon"] * 1000, ["xyz"], [0, 7, -1], "mon", None, 1e300,
                                       ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]])
        elif what in (4, 5):
            rule = rng.choice(["advance", "back"])
            block = plan.get(rule) if isinstance(plan.get(rule), dict) else {}
            block[rng.choice(["sessions", "effortAtMost", "minDays", "effortAtLeast", "x"])] = rng.choice(
                TIMES + [10 ** 9, -10 ** 9, 11, -11])
            plan[rule] = block
        elif what == 6:
            plan.pop(rng.choice(list(plan)) if plan else "steps", None)
        elif what == 7:
            plan["steps"] = rng.choice([[], None, {}, "standing", [None], [[]], [{}]])
        elif what == 8:
            plan[rng.choice(["name", "description"])] = rng.choice(["", "é" * 100_000, None, 1, "\u001b[2J"])
        else:
            plan = rng.choice([[], None, "plan", 1, {}])
    return text_of(plan).encode("utf-8", "surrogatepass")


def damage(rng, data):
    """Byte damage to a file's text."""
    what = rng.randrange(6)
    b = bytearray(data)
    if what == 0:
        return data[:rng.randrange(len(data) + 1)], "truncate"
    if what == 1:
        for _ in range(rng.randint(1, 4)):
            if b:
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        return bytes(b), "flip"
    if what == 2:
        k = rng.randrange(len(data) + 1)
        bad = rng.choice([b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\x80", b"\x00"])
        return data[:k] + bad + data[k:], f"bad-utf8={bad.hex()}"
    if what == 3:
        depth = rng.choice([100, 1000, 10_000, 100_000])
        return b"[" * depth + data + b"]" * depth, f"deep={depth}"
    if what == 4:
        return b"\xef\xbb\xbf" + data, "bom"
    return data.replace(b"\"", b"'"), "quotes"


def make_case(rng, valid, shipped, n):
    """The n-th case: (plan.json bytes or a special, user plan file bytes or None, what was done)."""
    state = json.loads(valid)
    done = []
    user_plan = None
    members = list(state.items())
    for _ in range(rng.randint(1, 3)):
        what = rng.randrange(12)
        if what in (0, 1, 2, 3):
            v = rng.choice(TIMES)
            members = [(k, v if k == "joined" else x) for k, x in members]
            done.append(f"joined={text_of(v)[:40]}")
        elif what in (4, 5):
            v = rng.choice(NAMES)
            members = [(k, v if k == "plan" else x) for k, x in members]
            done.append(f"plan={text_of(v)[:40]}")
        elif what == 6 and members:
            gone = members.pop(rng.randrange(len(members)))
            done.append(f"drop={gone[0]}")
        elif what == 7 and members:
            k, v = rng.choice(members)
            members.insert(rng.randrange(len(members) + 1), (k, rng.choice(TIMES + NAMES)))
            done.append(f"dup={k}")
        elif what == 8:
            members.append((rng.choice(["step", "steps", "x", "", "Joined", "PLAN"]), rng.choice(TIMES)))
            done.append("extra-key")
        elif what == 9:
            user_plan = plan_file(rng, rng.choice(shipped))
            members = [(k, "PLANFILE" if k == "plan" else x) for k, x in members]
            done.append("user-plan")
        elif what == 10:
            members = [(k, [v] if rng.random() < 0.5 else {"value": v}) for k, v in members]
            done.append("wrapped")
        else:
            members = [(k.upper() if rng.random() < 0.5 else k + " ", v) for k, v in members]
            done.append("renamed")
    data = text_of(tuple(members)).encode("utf-8", "surrogatepass")
    r = rng.random()
    if r < 0.2:
        data, what = damage(rng, data)
        done.append(what)
    elif r < 0.25:
        data = rng.choice([b"", b"null", b"[]", b"{}", b"1e300", b"\"plan\"", b" \n", b"\x00" * 64, b"{" * 5000])
        done.append(f"whole={data[:12]!r}")
    special = None
    if rng.random() < 0.03:
        special = rng.choice(["directory", "symlink-dev-zero", "fifo", "symlink-loop", "huge"])
        done.append(special)
    return data, user_plan, special, done


def valid_state(binary):
    """plan.json as the binary writes it on `plan join`."""
    with tempfile.TemporaryDirectory(prefix="sevenmin-plan-fuzz-") as scratch:
        env = fuzzrun.fresh_env(scratch, made=fuzzrun.XDG)
        subprocess.run([binary, "plan", "join", "standing-start"], env=env, check=True, stdout=subprocess.DEVNULL,
                       stdin=subprocess.DEVNULL)
        with open(os.path.join(env["XDG_STATE_HOME"], "sevenmin", "plan.json"), "rb") as f:
            return f.read()


def commands(n):
    """`plan` and `stats` for every case, and every other case one more reader of the plan in turn."""
    extra = [["plan", "--json"], ["stats", "--json"], ["plan", "list"], ["remind", "ics", "reminder.ics"]]
    return [["plan"], ["stats"]] + ([extra[n // 2 % len(extra)]] if n % 2 else [])


def run_case(binary, case, n, timeout, memory):
    """Runs the commands on one case; returns [(command, verdict, status, stderr, stdout, seconds)]."""
    data, user_plan, special, _ = case
    out = []
    with tempfile.TemporaryDirectory(prefix="sevenmin-plan-fuzz-") as scratch:
        env = fuzzrun.fresh_env(os.path.join(scratch, "home"), made=fuzzrun.XDG)
        folder = os.path.join(env["XDG_STATE_HOME"], "sevenmin")
        os.makedirs(folder)
        path = os.path.join(folder, "plan.json")
        if user_plan is not None:
            plans = os.path.join(env["XDG_CONFIG_HOME"], "sevenmin", "plans")
            os.makedirs(plans)
            plan_path = os.path.join(plans, "mine.json")
            with open(plan_path, "wb") as f:
                f.write(user_plan)
            name = b"mine" if n % 2 else json.dumps(plan_path).encode()[1:-1]
            data = data.replace(b"PLANFILE", name)
        if special == "directory":
            os.makedirs(path)
        elif special == "symlink-dev-zero":
            os.symlink("/dev/zero", path)
        elif special == "fifo":
            os.mkfifo(path)
        elif special == "symlink-loop":
            os.symlink(path, path)
        else:
            with open(path, "wb") as f:
                f.write(data if special != "huge" else data + b" " * (3 << 20))
        for command in commands(n):
            status, stdout, stderr, seconds = fuzzrun.run([binary] + command, env, scratch, timeout, memory)
            lines = [ln for ln in stderr.decode("utf-8", "replace").splitlines() if ln.strip()]
            if status is None:
                verdict = "hang"
            elif fuzzrun.is_signal(status):
                verdict = "signal"
            elif len(lines) != len(set(lines)):
                verdict = "repeated"
            elif status != 0:
                verdict = "refused"
            elif lines:
                verdict = "warned"
            else:
                verdict = "clean"
            out.append((command, verdict, status, stderr, stdout, seconds))
    return out


FAILING = ("signal", "hang", "repeated")


def save(n, case, command, verdict, status, stderr, stdout):
    data, user_plan, special, done = case
    os.makedirs(RESULTS, exist_ok=True)
    base = os.path.join(RESULTS, f"{verdict}-{n:05d}-{'-'.join(command[:2])}")
    with open(base + ".plan.json", "wb") as f:
        f.write(data)
    if user_plan is not None:
        with open(base + ".mine.json", "wb") as f:
            f.write(user_plan)
    with open(base + ".txt", "w") as f:
        f.write(f"case {n}: {', '.join(done)}\ncommand: sevenmin {' '.join(command)}\nstatus {status}\n")
        f.write("plan.json" + (f" ({special})" if special else "") + ": " + data[:300].decode("utf-8", "replace"))
        f.write("\n--- stderr\n" + stderr[:4000].decode("utf-8", "replace"))
        f.write("\n--- stdout\n" + stdout[:2000].decode("utf-8", "replace"))
    return base + ".plan.json"


def main():
    args = fuzzrun.options(__doc__, count=2000, show=8)
    binary = args.binary
    valid = valid_state(binary)
    shipped = []
    for name in sorted(os.listdir(PLANS)):
        with open(os.path.join(PLANS, name)) as f:
            shipped.append(json.load(f))
    rng = random.Random(args.seed)
    tally = dict.fromkeys(["clean", "warned", "refused", "signal", "hang", "repeated"], 0)
    failures = []
    started = time.monotonic()
    files = runs = 0
    slowest = 0.0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = []
        for n in range(args.count):
            case = make_case(rng, valid, shipped, n)
            futures.append(pool.submit(lambda c, k: (k, c, run_case(binary, c, k, args.timeout, args.memory << 20)),
                                       case, n))
        for fut in futures:
            if time.monotonic() - started > args.max_seconds:
                fut.cancel()
        for fut in concurrent.futures.as_completed([f for f in futures if not f.cancelled()]):
            try:
                n, case, results = fut.result()
            except concurrent.futures.CancelledError:
                continue
            files += 1
            if files % 250 == 0:
                print(f"{files} files, {time.monotonic() - started:.0f} s: {tally}", file=sys.stderr, flush=True)
            for command, verdict, status, stderr, stdout, seconds in results:
                runs += 1
                tally[verdict] += 1
                slowest = max(slowest, seconds)
                if verdict in FAILING:
                    saved = save(n, case, command, verdict, status, stderr, stdout)
                    first = next((ln for ln in stderr.decode("utf-8", "replace").splitlines() if ln.strip()), "")
                    failures.append((n, f"{verdict} (status {status}) sevenmin {' '.join(command)}: "
                                        f"{os.path.relpath(saved)}: {', '.join(case[3])}: {first[:160]}"))
            if time.monotonic() - started > args.max_seconds:
                for f in futures:
                    f.cancel()
    elapsed = time.monotonic() - started
    print(f"plan fuzz: {files} files, {runs} runs, {tally['clean']} clean, {tally['warned']} warned, "
          f"{tally['refused']} refused, {tally['signal']} signals, {tally['hang']} hangs, "
          f"{tally['repeated']} repeated, {elapsed:.0f} s (slowest run {slowest:.1f} s; seed {args.seed})")
    for _, line in sorted(failures)[:args.show]:
        print("  " + line)
    if len(failures) > args.show:
        print(f"  … and {len(failures) - args.show} more in {os.path.relpath(RESULTS)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
