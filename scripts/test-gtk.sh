#!/usr/bin/env bash
# The Picture-in-Picture example (Examples/pip, WaveRuntime on a GTK 4 frame clock) in a real window under
# Xvfb, driven by real pointer drags from xdotool: Tests/gtk (run scripts/setup.sh --tests first: GTK 4,
# Xvfb, xdotool, ffmpeg and pytest). Builds pip-demo if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
python=python3
if ! python3 -c 'import pytest' >/dev/null 2>&1; then python=.build-venv/bin/python; fi
swift build --product pip-demo >/dev/null
exec "$python" -m pytest -q Tests/gtk "$@"
