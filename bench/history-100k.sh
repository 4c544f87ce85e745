#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times `history --json` and `stats` on a generated history of 100,000 sessions (about 2.4 million
# segments), wall clock, CPU and peak memory, in a release build; the bench itself prints the
# start-up streak read (the file's sums a day, and the streak computed from them). Then the same
# file as an older sevenmin left it (user_version 5, before the sums), which readers migrate in memory.
# Run from the repository root: bench/history-100k.sh [--sessions N]
set -euo pipefail
sessions=100000
[[ "${1:-}" == "--sessions" ]] && sessions="$2"
swift build -c release --product sevenmin-history-bench >/dev/null
swift build -c release --product sevenmin >/dev/null
bin="$(swift build -c release --show-bin-path)"
state="$(mktemp -d)"
older="$(mktemp -d)"
trap 'rm -rf "$state" "$older"' EXIT
mkdir -p "$state/sevenmin" "$older/sevenmin"
"$bin/sevenmin-history-bench" time --sessions "$sessions" --runs 3 --db "$state/sevenmin/history.sqlite3"
measure() {
    local folder="$1" label="$2"
    shift 2
    for command in "$@"; do
        # shellcheck disable=SC2086
        XDG_STATE_HOME="$folder" /usr/bin/time -f "sevenmin $command$label: %e s, %U s user + %S s system CPU, %M KiB peak" \
            "$bin/sevenmin" $command >/dev/null
    done
}
measure "$state" "" "history --json" "history" "stats"
cp "$state/sevenmin/history.sqlite3" "$older/sevenmin/history.sqlite3"
sqlite3 "$older/sevenmin/history.sqlite3" "
    DROP TRIGGER segment_added; DROP TRIGGER segment_removed; DROP TRIGGER segment_changing;
    DROP TRIGGER segment_changed; DROP TRIGGER session_removed; DROP TRIGGER session_changing;
    DROP TRIGGER session_changed; DROP VIEW counted_segments; DROP TABLE day_totals;
    DROP TABLE exercise_totals; PRAGMA user_version = 5;"
measure "$older" " (before the sums)" "stats" "history"
