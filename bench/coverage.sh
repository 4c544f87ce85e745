#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Line coverage of the core and the app, from every test: the unit tests, and the end-to-end tests
# that run the real (instrumented) binary in tmux. Run from the repository root (about 3 minutes):
#   bench/coverage.sh
# Prints one line per target; the merged profile stays in bench/results/coverage/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$PWD/bench/results/coverage
rm -rf "$out" && mkdir -p "$out"
swift build --build-tests --enable-code-coverage >/dev/null 2>&1
bin=$(swift build --show-bin-path)
# swift test points every process it starts (the runner, and each sevenmin the end-to-end tests
# run) at its codecov folder, one profile per process.
# Each run empties that folder first, so each is merged on its own, then the two together.
swift test --skip-build --enable-code-coverage --skip EndToEndTests >/dev/null 2>&1 || true
llvm-profdata merge -sparse "$bin"/codecov/*.profraw -o "$out/unit.profdata"
swift test --skip-build --enable-code-coverage --filter EndToEndTests --no-parallel >/dev/null 2>&1 || true
llvm-profdata merge -sparse "$bin"/codecov/*.profraw -o "$out/end-to-end.profdata"
llvm-profdata merge -sparse "$out/unit.profdata" "$out/end-to-end.profdata" -o "$out/all.profdata"
objects=(-object "$bin/sevenminPackageTests.xctest" -object "$bin/sevenmin")
report=$(llvm-cov report "${objects[@]}" -instr-profile "$out/all.profdata" \
    -ignore-filename-regex '(\.build|Tests|/usr/)' 2>/dev/null)
echo "$report" > "$out/report.txt"
# Lines covered per target folder, from the per-file rows (columns: lines, missed lines).
echo "$report" | awk '
    $1 ~ /\.swift$/ { split($1, p, "/"); lines[p[1]] += $8; missed[p[1]] += $9 }
    END { for (t in lines) printf "%-18s %6.1f%% of %d lines\n", t, 100 * (lines[t] - missed[t]) / lines[t], lines[t] }' | sort
