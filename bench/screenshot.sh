#!/usr/bin/env bash
# Render the report of the shared tau trajectories to HTML and screenshot it in headless Chromium.
#   bash bench/screenshot.sh [OUT_DIR]     (needs `apt-get install chromium`)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-out}
mkdir -p "$out"
.venv/bin/callgate report ../shared/data/tau/trajectories/*.json --html "$out/report.html" >/dev/null
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,2400 \
  --screenshot="$out/report.png" "file://$(realpath "$out/report.html")" 2>/dev/null
echo "$out/report.png"
