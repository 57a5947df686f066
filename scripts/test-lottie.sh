#!/usr/bin/env bash
# The Lottie export in real players (Tests/lottie): `springplot export --target lottie` rendered frame
# by frame by rlottie at 30, 60 and 120 fps and measured against the textbook spring, loaded and played
# by a second reader (PyPI lottie), and validated against the Lottie specification's JSON schema
# (lottie-specs). Run scripts/setup.sh --tests first. Builds springplot (debug) if needed;
# SPRINGKIT_BIN_DIR names another build's directory. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python=python3
if ! python3 -c 'import rlottie_python, lottie, lottie_specs, jsonschema, numpy, pytest' >/dev/null 2>&1; then
    python=.build-venv/bin/python
fi
if [ -z "${SPRINGKIT_BIN_DIR:-}" ]; then
    swift build --product springplot >/dev/null
fi
timeout 600 "$python" -m pytest -q Tests/lottie "$@"
