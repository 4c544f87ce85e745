#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Times the drawing of one workout frame (layout into a cell grid, and the diff the presenter
# makes) at 200x60 and 100x30, in a release build. Run from the repository root.
set -euo pipefail
swift build -c release --product sevenmin-frame-bench >/dev/null
"$(swift build -c release --show-bin-path)/sevenmin-frame-bench"
