#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times `history --json` and `stats` on a generated history of 100,000 sessions (about 2.4 million
# segments), wall clock, CPU and peak memory, in a release build; the bench itself prints the
# start-up streak read (the file's sums a day, and the streak computed from them).
# Run from the repository root: bench/history-100k.sh [--sessions N]
set -euo pipefail
sessions=100000
[[ "${1:-}" == "--sessions" ]] && sessions="$2"
swift build -c release --product sevenmin-history-bench >/dev/null
swift build -c release --product sevenmin >/dev/null
bin="$(swift build -c release --show-bin-path)"
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT
mkdir -p "$state/sevenmin"
"$bin/sevenmin-history-bench" time --sessions "$sessions" --runs 3 --db "$state/sevenmin/history.sqlite3"
for command in "history --json" "history" "stats"; do
    # shellcheck disable=SC2086
    XDG_STATE_HOME="$state" /usr/bin/time -f "sevenmin $command: %e s, %U s user CPU, %M KiB peak" \
        "$bin/sevenmin" $command >/dev/null
done
