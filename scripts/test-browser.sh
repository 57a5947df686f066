#!/usr/bin/env bash
# The browser tests: the studio page and the export preview in headless Chromium, driven by Playwright
# (run scripts/setup.sh --tests first). Builds what they start (spring-studio, springplot) if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
python=python3
if ! python3 -c 'import playwright, pytest' >/dev/null 2>&1; then python=.build-venv/bin/python; fi
swift build --product spring-studio >/dev/null
swift build --product springplot >/dev/null
exec "$python" -m pytest -q Tests/browser "$@"
