#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Draws what `tmux capture-pane -p -e` shows as a PNG, cell for cell, for zbarimg to read a QR code from.

usage: tmux capture-pane -p -e -t PANE | qr-shot.py COLUMNS ROWS OUT.png
Only what a QR code on the terminal needs: colours set by SGR (24-bit, 256, 16 and reverse video), and the
block elements (half blocks and full block) drawn exactly; any other character is drawn as its background.
Each cell is 8 pixels wide and 16 high, as a terminal's cells are about twice as high as wide.
"""
import re
import struct
import sys
import zlib

W, H = 8, 16
BASE = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255)]
DEFAULT_FG, DEFAULT_BG = (229, 229, 229), (24, 24, 24)
# the rows of a cell's 16 that each block element lights
LIT = {"▀": range(0, 8), "▄": range(8, 16), "█": range(0, 16)}


def palette(n):
    if n < 16:
        return BASE[n]
    if n < 232:
        n -= 16
        return tuple(0 if c == 0 else 55 + 40 * c for c in (n // 36, n // 6 % 6, n % 6))
    return (8 + 10 * (n - 232),) * 3


def sgr(params, state):
    codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
    k = 0
    while k < len(codes):
        c = codes[k]
        if c == 0:
            state.update(fg=None, bg=None, reverse=False)
        elif c == 7:
            state["reverse"] = True
        elif c == 27:
            state["reverse"] = False
        elif c in (38, 48) and k + 1 < len(codes):
            key = "fg" if c == 38 else "bg"
            if codes[k + 1] == 2:
                state[key] = tuple(codes[k + 2:k + 5])
                k += 4
            else:
                state[key] = palette(codes[k + 2])
                k += 2
        elif 30 <= c <= 37 or 90 <= c <= 97:
            state["fg"] = BASE[c - 30 if c < 90 else c - 82]
        elif 40 <= c <= 47 or 100 <= c <= 107:
            state["bg"] = BASE[c - 40 if c < 100 else c - 92]
        elif c == 39:
            state["fg"] = None
        elif c == 49:
            state["bg"] = None
        k += 1


def main():
    columns, rows, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    pixels = [[DEFAULT_BG] * (columns * W) for _ in range(rows * H)]
    state = {"fg": None, "bg": None, "reverse": False}
    for y, line in enumerate(sys.stdin.read().split("\n")[:rows]):
        x = 0
        for escape, char in re.findall(r"\x1b\[([0-9;]*)m|(.)", line):
            if not char:
                sgr(escape, state)
                continue
            if x >= columns:
                break
            fg, bg = state["fg"] or DEFAULT_FG, state["bg"] or DEFAULT_BG
            if state["reverse"]:
                fg, bg = bg, fg
            lit = LIT.get(char, ())
            for r in range(H):
                for c in range(W):
                    pixels[y * H + r][x * W + c] = fg if r in lit else bg
            x += 1
    raw = b"".join(b"\0" + bytes(v for p in row for v in p) for row in pixels)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(out, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", columns * W, rows * H, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


main()
