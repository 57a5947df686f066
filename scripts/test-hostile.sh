#!/usr/bin/env bash
# The hostile-input suite (Tests/hostile), after the self-test of the Python oracle it uses: the
# release springplot and spring-studio against the reproducers of the "Hardening" issue and a sweep
# of every numeric option and studio parameter over hostile values. Each run must exit below 128,
# refuse with exactly one line on standard error, take under 10 s and fit in 2 GiB of address
# space; the studio must stay alive and keep answering.
#
#   scripts/test-hostile.sh                 builds both products (release), then runs the suite
#   SKIP_BUILD=1 scripts/test-hostile.sh    runs the suite on the binaries already built
#   scripts/test-hostile.sh -m "not sweep"  only the issue's reproducers (extra arguments go to pytest)
#
# SPRINGKIT_BIN_DIR overrides where the binaries are (default .build/release); HOSTILE_JOBS sets how
# many CLI runs the sweep makes at once (default 2); HOSTILE_SKIP_SWEEP=1 skips the sweeps.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --static-swift-stdlib --product springplot
    swift build -c release --static-swift-stdlib --product spring-studio
fi
# The suite's trajectories come from the one Python oracle (scripts/lib/exact_spring.py): its own
# self-test first, against mpmath.
reference=python3
if ! python3 -c 'import mpmath, numpy' >/dev/null 2>&1; then reference=.build-venv/bin/python; fi
"$reference" scripts/lib/test_exact_spring.py
python=python3
if ! python3 -c 'import pytest' >/dev/null 2>&1; then python=.build-venv/bin/python; fi
exec "$python" -m pytest -q Tests/hostile "$@"
