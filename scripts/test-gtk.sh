#!/usr/bin/env bash
# The Linux toolkits for real (run scripts/setup.sh --tests first: GTK 4, libadwaita, Qt Quick, Xvfb,
# xdotool, ffmpeg and pytest):
# - the Picture-in-Picture example (Examples/pip, WaveRuntime on a GTK 4 frame clock) in a real window
#   under Xvfb, driven by real pointer drags from xdotool (Tests/gtk); builds pip-demo if needed;
# - the real libadwaita and Qt Quick, run through Tests/harness on springs, rates and options no shared
#   recording covers, must still give the committed harness recordings frame for frame (the platform
#   models are checked against those recordings by swift test).
set -euo pipefail
cd "$(dirname "$0")/.."
python=python3
if ! python3 -c 'import pytest' >/dev/null 2>&1; then python=.build-venv/bin/python; fi
swift build --product pip-demo >/dev/null
timeout 300 "$python" -m pytest -q Tests/gtk "$@"
timeout 300 python3 scripts/reference/linux/harness.py --check
