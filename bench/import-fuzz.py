#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fuzzes `sevenmin import` with damaged files from the apps it reads.

Usage: python3 bench/import-fuzz.py [--seed N] [--count N] [--start N] [--jobs N] [--timeout S]
                                    [--memory MIB] [--max-seconds S] [--binary PATH]
(from any folder; default 5000 files, seed 1, the debug binary .build/debug/sevenmin, or $SEVENMIN_BINARY)

Every file starts as one of the real-app fixtures in Tests/SevenminImportTests/Fixtures (Just Another
Workout Timer and OpenHIIT JSON, Sweat YAML, as each app writes them) and is damaged one to four
times: keys dropped, duplicated or given another type; numbers made huge, negative, fractional,
NaN-like or too long to read; values nested deep; long strings, control characters and lone
surrogates; empty lists, zero repetitions, many timers or sets; YAML aliases, tags and flow style;
and at the byte level truncation, flipped bytes, invalid UTF-8 and Latin-1. Files are kept within
the 1 MiB an import reads, so a refusal for size never hides a reader's answer.

Each file is run as `sevenmin import FILE` in a fresh HOME and XDG folders, with a time limit per
run (--timeout, 10 s) and a cap on its address space (RLIMIT_AS, --memory, 1 GiB). A run fails when
it ends by a signal (a negative status, or 128 and over), when it is still running at the time
limit (a hang), or when it refuses the file (any other non-zero status) without a stderr line
`FILE:LINE:COLUMN: message` naming it (unpositioned). An accepted file must name each routine it
wrote, and the routine must be there.

Prints one tally line (files, accepted, rejected, signals, hangs, unpositioned, seconds), then the
first few failures; each failing file is kept in bench/results/import-fuzz/ with what the run
printed. The same seed makes the same files. Stops after --count files or --max-seconds, whichever
comes first; the exit status is 1 when any run failed.
"""
import concurrent.futures
import json
import os
import random
import re
import sys
import tempfile
import time

import fuzzrun

ROOT = fuzzrun.ROOT
FIXTURES = os.path.join(ROOT, "Tests", "SevenminImportTests", "Fixtures")
RESULTS = os.path.join(ROOT, "bench", "results", "import-fuzz")
MAX_FILE = 1 << 20  # RoutineLoader.maximumFileSize


# A small tree model that can say what Python's dict cannot: duplicate keys and raw number text.

class Pairs(list):
    """An object as its members in order, so a key may come twice."""


class Raw(str):
    """Text written as it is, in place of a value (a number JSON cannot hold, `NaN`, a YAML tag)."""


class Full(Exception):
    """A file's text has grown past what an import reads; the rest would only be cut off."""


class Text(list):
    """Pieces of a file's text that stop growing a little past the 1 MiB an import reads, so that
    damage repeated through shared values (many copies of a list grown many times) costs no memory."""

    def __init__(self):
        super().__init__()
        self.size = 0

    def append(self, piece):
        super().append(piece)
        self.size += len(piece)
        if self.size > 2 * MAX_FILE:
            raise Full()

    def extend(self, pieces):
        for piece in pieces:
            self.append(piece)


def capped(write, value, *rest):
    """The text `write` makes of `value`, cut a little past the 1 MiB an import reads."""
    out = Text()
    try:
        write(value, out, *rest)
    except Full:
        pass
    return "".join(out)


def to_pairs(value):
    if isinstance(value, dict):
        return Pairs([k, to_pairs(v)] for k, v in value.items())
    if isinstance(value, list):
        return [to_pairs(v) for v in value]
    return value


def json_text(value, out):
    if isinstance(value, Raw):
        out.append(str(value))
    elif isinstance(value, Pairs):
        out.append("{")
        for k, (key, v) in enumerate(value):
            if k:
                out.append(",")
            out.append(json.dumps(key, ensure_ascii=False) + ":")
            json_text(v, out)
        out.append("}")
    elif isinstance(value, list):
        out.append("[")
        for k, v in enumerate(value):
            if k:
                out.append(",")
            json_text(v, out)
        out.append("]")
    elif isinstance(value, float) and value != value:
        out.append("NaN")
    elif isinstance(value, float) and value in (float("inf"), float("-inf")):
        out.append("1e999" if value > 0 else "-1e999")
    else:
        out.append(json.dumps(value, ensure_ascii=False))


YAML_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 _.\-]*$")


def yaml_scalar(value):
    if isinstance(value, Raw):
        return str(value)
    if value is None:
        return "~"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value != value:
        return ".nan"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return ".inf" if value > 0 else "-.inf"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    if YAML_PLAIN.match(text) and text.lower() not in ("yes", "no", "on", "off", "null", "true", "false", "y", "n"):
        return text
    return json.dumps(text, ensure_ascii=False)


def yaml_text(value, out, indent=0):
    """Block-style YAML, as Sweat's configuration files are written."""
    pad = " " * indent
    if isinstance(value, Pairs):
        if not value:
            out.append(pad + "{}\n")
        for key, v in value:
            if isinstance(v, (Pairs, list)) and v:
                out.append(f"{pad}{yaml_scalar(key)}:\n")
                yaml_text(v, out, indent + 2)
            else:
                out.append(f"{pad}{yaml_scalar(key)}: {yaml_inline(v)}\n")
    elif isinstance(value, list):
        if not value:
            out.append(pad + "[]\n")
        for v in value:
            if isinstance(v, Pairs) and v:
                inner = Text()
                yaml_text(v, inner, indent + 2)
                first = inner[0]
                out.append(pad + "- " + first[indent + 2:])
                out.extend(inner[1:])
            elif isinstance(v, list) and v:
                out.append(pad + "-\n")
                yaml_text(v, out, indent + 2)
            else:
                out.append(f"{pad}- {yaml_inline(v)}\n")
    else:
        out.append(pad + yaml_inline(value) + "\n")


def yaml_flow(value, out):
    """Flow-style YAML, the whole value on one line."""
    if isinstance(value, (Pairs, list)):
        out.append("{" if isinstance(value, Pairs) else "[")
        for k, item in enumerate(value):
            if k:
                out.append(", ")
            if isinstance(value, Pairs):
                out.append(f"{yaml_scalar(item[0])}: ")
                item = item[1]
            yaml_flow(item, out)
        out.append("}" if isinstance(value, Pairs) else "]")
    else:
        out.append(yaml_scalar(value))


def yaml_inline(value):
    return capped(yaml_flow, value)


def load_sweat(text):
    """The block YAML of Sweat's fixtures (mappings, lists of mappings, plain scalars) as a tree."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]

    def scalar(s):
        s = s.strip()
        if re.fullmatch(r"-?\d+", s):
            return int(s)
        if s.startswith('"') and s.endswith('"'):
            return json.loads(s)
        return s

    def block(k, indent):
        """Parses lines from k at `indent`; returns (value, next k)."""
        if lines[k].lstrip().startswith("- "):
            items = []
            while k < len(lines) and len(lines[k]) - len(lines[k].lstrip()) == indent \
                    and lines[k].lstrip().startswith("- "):
                rest = lines[k][indent + 2:]
                if ":" in rest:
                    lines[k] = " " * (indent + 2) + rest
                    v, k = block(k, indent + 2)
                else:
                    v, k = scalar(rest), k + 1
                items.append(v)
            return items, k
        members = Pairs()
        while k < len(lines) and len(lines[k]) - len(lines[k].lstrip()) == indent \
                and not lines[k].lstrip().startswith("- "):
            key, _, rest = lines[k].strip().partition(":")
            if rest.strip():
                members.append([key, scalar(rest)])
                k += 1
            else:
                k += 1
                child_indent = len(lines[k]) - len(lines[k].lstrip()) if k < len(lines) else indent
                v, k = block(k, child_indent)
                members.append([key, v])
        return members, k

    return block(0, 0)[0]


class Fixture:
    def __init__(self, name, kind, tree, raw, latin1):
        self.name, self.kind, self.tree, self.raw, self.latin1 = name, kind, tree, raw, latin1


def fixtures():
    found = []
    for name in sorted(os.listdir(FIXTURES)):
        path = os.path.join(FIXTURES, name)
        with open(path, "rb") as f:
            raw = f.read()
        if name.endswith(".json"):
            try:
                text, latin1 = raw.decode("utf-8"), False
            except UnicodeDecodeError:
                text, latin1 = raw.decode("latin-1"), True
            kind = "jawt" if name.startswith("jawt") else "openhiit"
            try:
                tree = to_pairs(json.loads(text))
            except ValueError:
                tree = None  # what the app writes but cannot read back (Cyrillic cut to bytes): bytes only
            found.append(Fixture(name, kind, tree, raw, latin1))
        elif name.endswith(".yaml"):
            found.append(Fixture(name, "sweat", load_sweat(raw.decode("utf-8")), raw, False))
    return found


# Structural damage ----------------------------------------------------------------------------

def containers(value, path=()):
    """Every object and array in the tree, with how to reach it."""
    if isinstance(value, (Pairs, list)):
        yield path, value
        items = [v for _, v in value] if isinstance(value, Pairs) else value
        for k, v in enumerate(items):
            yield from containers(v, path + (k,))


def slots(value):
    """(container, index) for every value inside an object or array."""
    out = []
    for _, c in containers(value):
        for k in range(len(c)):
            out.append((c, k))
    return out


def get(c, k):
    return c[k][1] if isinstance(c, Pairs) else c[k]


def put(c, k, v):
    if isinstance(c, Pairs):
        c[k] = [c[k][0], v]
    else:
        c[k] = v


NUMBERS = [0, -0.0, -1, 1, 0.5, -0.5, 29.999, 30.0000001, 1e-320, 5e-324, 86400, 86401, 99, 100, 101, 1000, 1001,
           2 ** 31, 2 ** 31 - 1, -2 ** 31, 2 ** 53 + 1, 2 ** 63, 2 ** 63 - 1, -2 ** 63, -2 ** 63 - 1, 2 ** 64,
           10 ** 30, -10 ** 30, 1e19, -1e19, 1e300, -1e300, 1.7976931348623157e308, float("inf"), float("-inf"),
           float("nan"), Raw("1e999"), Raw("-1e999"), Raw("1E+2"), Raw("-0"), Raw("0.0e0"), Raw("1" * 400),
           Raw("0." + "0" * 300 + "1"), Raw("Infinity"), Raw("-Infinity"), Raw("NaN"), Raw("0x1F"), Raw("+1"),
           Raw("01"), Raw("1."), Raw(".5"), Raw("1e"), Raw("--1")]
YAML_NUMBERS = [Raw(".inf"), Raw("-.inf"), Raw(".NaN"), Raw("0x7fffffffffffffff"), Raw("0o777"), Raw("1_000"),
                Raw("0b101"), Raw("190:20:30"), Raw("1e400"), Raw("!!int 3"), Raw("!!float 1e309"),
                Raw("!!str 30"), Raw("!!binary aGVsbG8="), Raw("yes"), Raw("no"), Raw("on"), Raw("~"), Raw("''"),
                Raw("&x 30"), Raw("*undefined"), Raw("!!timestamp 2001-12-14")]
STRINGS = ["", " ", "\t", "Rest", "rest", "PAUSE", "отдых", "warm-up", "cool down", "\u0000", "a\u0000b",
           "\u001b[31mred\u001b[0m", "\ud800", "\udfff", "\U0001F4AA", "e\u0301", "\u202e", "\ufeff", "\r\n",
           "../../etc/passwd", "/", "%s%n", "\\", "\"", "x" * 300, "é" * 5000]


def mutate_number(rng, tree, kind):
    nums = [(c, k) for c, k in slots(tree)
            if isinstance(get(c, k), (int, float)) and not isinstance(get(c, k), bool)]
    if not nums:
        return "no-number"
    c, k = rng.choice(nums)
    pool = NUMBERS + (YAML_NUMBERS if kind == "sweat" else [])
    v = rng.choice(pool)
    put(c, k, v)
    return f"number={v!r}"


def some_member(rng, tree):
    """An object of the tree and the index of one of its members, or (None, None)."""
    objs = [c for _, c in containers(tree) if isinstance(c, Pairs) and c]
    if not objs:
        return None, None
    c = rng.choice(objs)
    return c, rng.randrange(len(c))


def drop_key(rng, tree, kind):
    c, k = some_member(rng, tree)
    if c is None:
        return "no-object"
    key = c[k][0]
    del c[k]
    return f"drop={key}"


def duplicate_key(rng, tree, kind):
    c, k = some_member(rng, tree)
    if c is None:
        return "no-object"
    other = random_value(rng, kind, 2) if rng.random() < 0.5 else get(c, k)
    c.insert(rng.randrange(len(c) + 1), [c[k][0], other])
    return f"dup={c[k][0]}"


def rename_key(rng, tree, kind):
    c, k = some_member(rng, tree)
    if c is None:
        return "no-object"
    new = rng.choice(["", "x", c[k][0].upper(), c[k][0] + " ", c[k][0].replace("_", "-"), "\u0000",
                      "workouts", "sets", "groups", "exercises", "é", "k" * 1000, "$schema", "__proto__"])
    c[k] = [new, c[k][1]]
    return f"rename={new[:20]!r}"


def random_value(rng, kind, depth):
    r = rng.random()
    if depth <= 0 or r < 0.2:
        return rng.choice(NUMBERS)
    if r < 0.4:
        return rng.choice(STRINGS)
    if r < 0.5:
        return rng.choice([None, True, False])
    if r < 0.7:
        return [random_value(rng, kind, depth - 1) for _ in range(rng.randrange(4))]
    keys = ["title", "sets", "repetitions", "exercises", "name", "duration", "workTime", "restTime",
            "timeSettings", "activities", "activeIntervals", "drills", "groups", "drill_length", "x"]
    return Pairs([rng.choice(keys), random_value(rng, kind, depth - 1)] for _ in range(rng.randrange(4)))


def retype(rng, tree, kind):
    s = slots(tree)
    if not s:
        return "no-slot"
    c, k = rng.choice(s)
    v = random_value(rng, kind, 3)
    put(c, k, v)
    return f"retype={type(v).__name__}"


def some_string(rng, tree):
    """A container of the tree and the index of a text in it, or (None, None)."""
    strs = [(c, k) for c, k in slots(tree) if isinstance(get(c, k), str) and not isinstance(get(c, k), Raw)]
    return rng.choice(strs) if strs else (None, None)


def long_string(rng, tree, kind):
    c, k = some_string(rng, tree)
    if c is None:
        return "no-string"
    n = rng.choice([1000, 65536, 300_000])
    unit = rng.choice(["a", "é", "\U0001F4AA", "\u0000", "\\", "\"", " ", "\n", "Rest ", "\u0301"])
    put(c, k, unit * (n // max(1, len(unit.encode()))))
    return f"long-string={n}"


def weird_string(rng, tree, kind):
    c, k = some_string(rng, tree)
    if c is None:
        return "no-string"
    v = rng.choice(STRINGS)
    put(c, k, v)
    return f"string={v[:10]!r}"


def deep(rng, tree, kind):
    s = slots(tree)
    if not s:
        return "no-slot"
    c, k = rng.choice(s)
    depth = rng.choice([64, 256, 1000, 5000, 20000, 100000])
    if kind == "sweat" and depth > 20000:
        depth = 20000
    v = get(c, k)
    if rng.random() < 0.5:
        text = "[" * depth + (json_text_of(v) if kind != "sweat" else yaml_inline(v)) + "]" * depth
    else:
        text = '{"a":' * depth + "1" + "}" * depth if kind != "sweat" else "{a: " * depth + "1" + "}" * depth
    put(c, k, Raw(text))
    return f"deep={depth}"


def json_text_of(v):
    return capped(json_text, v)


def empty_lists(rng, tree, kind):
    lists = [(c, k) for c, k in slots(tree) if isinstance(get(c, k), list)]
    if not lists:
        return "no-list"
    for c, k in rng.sample(lists, rng.randint(1, len(lists))):
        put(c, k, [])
    return "empty-lists"


def keyed(tree, name):
    return [(c, k) for _, c in containers(tree) if isinstance(c, Pairs) for k in range(len(c)) if c[k][0] == name]


def zero_repetitions(rng, tree, kind):
    names = {"jawt": ["repetitions", "duration"], "openhiit": ["activeIntervals", "restarts", "workTime",
                                                                 "numExercises", "iterations", "exerciseTime"],
             "sweat": ["drill_count", "drill_length", "drill-length", "drill-count", "rest_length"]}[kind]
    found = [s for n in names for s in keyed(tree, n)]
    if not found:
        return "no-count"
    chosen = found if rng.random() < 0.5 else rng.sample(found, rng.randint(1, len(found)))
    value = rng.choice([0, 0, -1, None, 100, 101])
    for c, k in chosen:
        put(c, k, value)
    return f"zero-reps={value}"


def many(rng, tree, kind):
    """Many timers, sets, exercises or drills, within the 1 MiB an import reads."""
    lists = [(c, k) for c, k in slots(tree) if isinstance(get(c, k), list) and get(c, k)]
    if isinstance(tree, list) and tree:
        lists.append((None, None))
    if not lists:
        return "no-list"
    c, k = rng.choice(lists)
    items = tree if c is None else get(c, k)
    size = len(json_text_of(items)) // len(items) + 1
    n = min(rng.choice([10, 100, 1000, 1000, 5000, 5000, 100000]), (MAX_FILE - 4096) // size)
    vary = rng.random() < 0.5
    grown = []
    for j in range(n):
        item = items[j % len(items)]
        if vary and isinstance(item, Pairs):
            item = Pairs([key, (f"{v} {j}" if isinstance(v, str) else v)] for key, v in item)
        grown.append(item)
    if c is None:
        tree[:] = grown
    else:
        put(c, k, grown)
    return f"many={n}"


def alias_bomb(rng, tree, kind):
    """YAML aliases that grow a tree far beyond the text (a billion laughs)."""
    if kind != "sweat":
        return "no-yaml"
    levels = rng.choice([4, 8, 12, 20])
    width = rng.choice([2, 5, 10])
    lines = ["a0: &a0 [\"lol\"]"]
    for j in range(1, levels):
        lines.append(f"a{j}: &a{j} [" + ", ".join([f"*a{j - 1}"] * width) + "]")
    target = rng.choice(["groups", "x_bomb", "drill_count"])
    tree.append([Raw("__bomb__"), Raw("\n".join(lines) + f"\n{target}: *a{levels - 1}")])
    return f"alias-bomb={width}^{levels}"


STRUCTURAL = [mutate_number, mutate_number, drop_key, duplicate_key, rename_key, retype, retype, long_string,
              weird_string, deep, empty_lists, zero_repetitions, zero_repetitions, many, alias_bomb]


# Byte damage --------------------------------------------------------------------------------

def truncate(rng, data):
    return data[:rng.randrange(len(data) + 1)], "truncate"


def flip(rng, data):
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if b:
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    return bytes(b), "flip"


def invalid_utf8(rng, data):
    bad = rng.choice([b"\xff", b"\xc0\x80", b"\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82", b"\xfe\xff",
                      b"\xc3", b"\xf0\x9f\x92"])
    k = rng.randrange(len(data) + 1)
    return data[:k] + bad + data[k:], f"bad-utf8={bad.hex()}"


def latin1(rng, data):
    try:
        return data.decode("utf-8").encode("latin-1", "replace"), "latin1"
    except UnicodeDecodeError:
        return data, "latin1-already"


def insert_bytes(rng, data):
    k = rng.randrange(len(data) + 1)
    junk = rng.choice([b"\x00", b"\t", b"\r", b"\x1b", b"\xef\xbb\xbf", b"{", b"[", b"]", b"}", b",", b":", b"\"",
                       b"\\", b"\\u", b"&", b"*", b"!", b"%", b"---\n", b"...\n", b"- ", b"? ", b"|", b">"])
    return data[:k] + junk * rng.randint(1, 3) + data[k:], f"insert={junk!r}"


def delete_range(rng, data):
    if not data:
        return data, "delete-empty"
    a = rng.randrange(len(data))
    b = min(len(data), a + rng.randint(1, 32))
    return data[:a] + data[b:], "delete"


def prefix(rng, data):
    p = rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b" \n\n", b"%YAML 1.1\n---\n", b"%YAML 9.9\n---\n",
                    b"--- !!map\n", b"#!comment\n"])
    return p + data, f"prefix={p!r}"


def crlf(rng, data):
    return data.replace(b"\n", rng.choice([b"\r\n", b"\r"])), "crlf"


def tabs(rng, data):
    return data.replace(b"  ", b"\t"), "tabs"


BYTES = [truncate, truncate, flip, flip, invalid_utf8, invalid_utf8, latin1, insert_bytes, insert_bytes,
         delete_range, prefix, crlf, tabs]


def serialize(tree, kind, rng, latin1_fixture):
    if kind == "sweat":
        text = capped(yaml_text, tree)
        text = text.replace("\"__bomb__\": ", "").replace("__bomb__: ", "")
        if rng.random() < 0.1:
            text = yaml_inline(tree)  # flow style, the whole file on one line
    else:
        text = json_text_of(tree)
        if rng.random() < 0.1:
            text = json.dumps(json.loads(text), indent=rng.choice([1, 2, "\t"]), ensure_ascii=rng.random() < 0.5) \
                if _loads_ok(text) else text
    data = text.encode("utf-8", "surrogatepass")
    if latin1_fixture and rng.random() < 0.5:
        data = text.encode("latin-1", "replace")  # as the app writes: one byte a character
    return data


def _loads_ok(text):
    try:
        json.loads(text)
        return True
    except (ValueError, RecursionError):
        return False


def make_case(rng, all_fixtures, n):
    """The n-th damaged file: (bytes, extension, the fixture it came from, what was done)."""
    f = rng.choice(all_fixtures)
    tree = _copy(f.tree)
    done = []
    if f.tree is None or rng.random() < 0.1:
        # Byte damage only, to the app's own bytes.
        data = f.raw
    else:
        for _ in range(rng.randint(1, 4)):
            done.append(rng.choice(STRUCTURAL)(rng, tree, f.kind))
        data = serialize(tree, f.kind, rng, f.latin1)
    if rng.random() < 0.35 or not done:
        for _ in range(rng.randint(1, 3)):
            data, what = rng.choice(BYTES)(rng, data)
            done.append(what)
    if len(data) > MAX_FILE:
        data, _ = data[:MAX_FILE], done.append("cut-to-limit")
    ext = ".yaml" if f.kind == "sweat" else ".json"
    if f.kind == "sweat" and rng.random() < 0.1:
        ext = rng.choice([".yml", ".YAML"])
    return data, ext, f.name, done


def _copy(v):
    if isinstance(v, Raw):
        return v
    if isinstance(v, Pairs):
        return Pairs([k, _copy(x)] for k, x in v)
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


# Running ------------------------------------------------------------------------------------

def run_case(binary, data, ext, n, timeout, memory):
    """Runs one import; returns (verdict, status, stderr, stdout, seconds)."""
    with tempfile.TemporaryDirectory(prefix="sevenmin-import-fuzz-") as scratch:
        home = os.path.join(scratch, "home")
        os.makedirs(home)
        path = os.path.join(scratch, f"case-{n}{ext}")
        with open(path, "wb") as f:
            f.write(data)
        status, out, err, seconds = fuzzrun.run([binary, "import", path], fuzzrun.fresh_env(home), scratch,
                                                timeout, memory)
        if status is None:
            return "hang", None, err, out, seconds
        if fuzzrun.is_signal(status):
            return "signal", status, err, out, seconds
        if status != 0:
            positioned = re.compile("^" + re.escape(path) + r":\d+:\d+: \S", re.M)
            verdict = "rejected" if positioned.search(err.decode("utf-8", "replace")) else "unpositioned"
            return verdict, status, err, out, seconds
        written = [ln for ln in out.decode("utf-8", "replace").splitlines() if ln.strip()]
        if not written or not all(os.path.isfile(p) for p in written):
            return "unwritten", status, err, out, seconds
        return "accepted", status, err, out, seconds


def save(n, data, ext, fixture, done, verdict, status, err, out):
    os.makedirs(RESULTS, exist_ok=True)
    base = os.path.join(RESULTS, f"{verdict}-{n:05d}")
    with open(base + ext, "wb") as f:
        f.write(data)
    with open(base + ".txt", "w") as f:
        f.write(f"case {n} from {fixture}: {', '.join(done)}\nstatus {status}\n--- stderr\n")
        f.write(err[:4000].decode("utf-8", "replace") + "\n--- stdout\n" + out[:2000].decode("utf-8", "replace"))
    return base + ext


def main():
    args = fuzzrun.options(__doc__, count=5000, show=5, start=True)
    binary = args.binary
    all_fixtures = fixtures()
    rng = random.Random(args.seed)
    tally = dict.fromkeys(["accepted", "rejected", "signal", "hang", "unpositioned", "unwritten"], 0)
    failures = []
    started = time.monotonic()
    files = 0
    slowest = 0.0

    def cases():
        nonlocal files
        for n in range(args.count):
            case = make_case(rng, all_fixtures, n)
            if n < args.start:
                continue
            if time.monotonic() - started > args.max_seconds:
                return
            files += 1
            yield n, case

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        pending = set()
        for n, (data, ext, fixture, done) in cases():
            pending.add(pool.submit(lambda *a: (a, run_case(binary, *a[:3], args.timeout, args.memory << 20)),
                                    data, ext, n, fixture, done))
            if len(pending) >= 2 * max(1, args.jobs):
                finished, pending = concurrent.futures.wait(pending, return_when="FIRST_COMPLETED")
                for fut in finished:
                    slowest = max(slowest, record(fut.result(), tally, failures))
                    if sum(tally.values()) % 500 == 0:
                        print(f"{sum(tally.values())} files, {time.monotonic() - started:.0f} s: {tally}",
                              file=sys.stderr, flush=True)
        for fut in concurrent.futures.as_completed(pending):
            slowest = max(slowest, record(fut.result(), tally, failures))
    elapsed = time.monotonic() - started
    rejected = tally["rejected"] + tally["unpositioned"]
    since = f" (from case {args.start})" if args.start else ""
    print(f"import fuzz: {files} files{since}, {tally['accepted']} accepted, {rejected} rejected, "
          f"{tally['signal']} signals, "
          f"{tally['hang']} hangs, {tally['unpositioned']} unpositioned, {tally['unwritten']} unwritten, "
          f"{elapsed:.0f} s (slowest run {slowest:.1f} s; seed {args.seed})", flush=True)
    for line in sorted(failures)[:args.show]:
        print("  " + line[1])
    if len(failures) > args.show:
        print(f"  … and {len(failures) - args.show} more in {os.path.relpath(RESULTS)}")
    return 1 if failures else 0


def record(result, tally, failures):
    (data, ext, n, fixture, done), (verdict, status, err, out, seconds) = result
    tally[verdict] += 1
    if verdict not in ("accepted", "rejected"):
        saved = save(n, data, ext, fixture, done, verdict, status, err, out)
        first = next((ln for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()), "")
        failures.append((n, f"{verdict} (status {status}) {os.path.relpath(saved)}: {', '.join(done)}: {first[:160]}"))
    return seconds


if __name__ == "__main__":
    sys.exit(main())
