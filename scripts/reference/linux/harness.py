#!/usr/bin/env python3
"""Runs the real Debian libadwaita and Qt Quick on springs, rates and options that no shared recording
covers, through the harnesses in Tests/harness (libadwaita on a real GTK 4 frame clock under Xvfb, with an
exact virtual schedule of frame times; Qt Quick with a deterministic QAnimationDriver), and writes or
checks their output as recordings in the shared format.

  harness.py --write   write Tests/SpringPlatformsTests/Fixtures/recordings/harness-*.csv (then
                       RecordingTests checks every model against them, frame by frame)
  harness.py --check   run the libraries again and require the committed files, frame for frame
                       (what CI runs, from scripts/test-gtk.sh)

Needs libadwaita-1-dev, qt6-declarative-dev, qml6-module-qtquick, qml6-module-qtqml-workerscript, Xvfb and a
C/C++ compiler (scripts/setup.sh --tests installs them).
"""
import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[3]
HARNESS = ROOT / "Tests" / "harness"
FIXTURES = ROOT / "Tests" / "SpringPlatformsTests" / "Fixtures" / "recordings"


def spring(zeta, response, mass=1.0):
    """k and c of the spring with damping ratio zeta and response (s): k = (2π/r)²m, c = 4πζm/r."""
    return (2 * math.pi / response) ** 2 * mass, 4 * math.pi * zeta * mass / response


# (name, ζ, response, mass, from, to, initial velocity, epsilon, clamp, rate)
ADWAITA = [
    ("B", 0.3, 0.5, 1.0, 0.0, 200.0, 600.0, 0.001, False, 90),
    ("F", 1.0, 0.4, 1.0, 0.0, 100.0, 0.0, 0.001, False, 144),
    ("H", 1.8, 0.35, 2.0, 50.0, -150.0, -300.0, 0.001, False, 60),
    ("Gclamp", 0.5, 0.6, 1.0, 0.0, 100.0, 0.0, 0.001, True, 120),
    ("Eps", 0.7, 0.45, 1.0, 0.0, 300.0, 0.0, 0.01, False, 75),
]
# (name, ζ, response, mass passed to Qt, from, to, speed limit, rate): spring = 0.016·k, damping = 0.016·c for
# the given mass (Qt divides both by a mass other than 1).
QT = [
    ("B", 0.3, 0.5, 1.0, 0.0, 200.0, 0.0, 90),
    ("F", 1.0, 0.4, 1.0, 0.0, 100.0, 0.0, 144),
    ("Hclamped", 2.0, 0.25, 1.0, 0.0, 100.0, 0.0, 60),
    ("Mass2", 0.6, 0.7, 2.0, 0.0, 150.0, 0.0, 30),
    ("Capped", 0.5, 0.4, 1.0, 0.0, 300.0, 400.0, 60),
]


def compiler(name):
    for candidate in ([name] if shutil.which(name) else []) + [str(pathlib.Path(shutil.which("swiftc") or "").resolve().parent / ("clang" if name == "cc" else "clang++"))]:
        if candidate and shutil.which(candidate):
            return candidate
    sys.exit(f"harness: no {name} compiler")


def pkg(*modules):
    return subprocess.run(["pkg-config", "--cflags", "--libs", *modules], check=True, capture_output=True, text=True).stdout.split()


def build(folder):
    adw, qt = folder / "adw-harness", folder / "qt-harness"
    subprocess.run([compiler("cc"), "-O1", "-o", str(adw), str(HARNESS / "adw-harness.c"), *pkg("libadwaita-1"), "-rdynamic", "-ldl", "-lm", "-w"],
                   check=True)
    subprocess.run([compiler("c++"), "-O1", "-fPIC", "-o", str(qt), str(HARNESS / "qt-harness.cpp"),
                    *pkg("Qt6Quick", "Qt6Qml", "Qt6Gui", "Qt6Core"), "-w"], check=True)
    return adw, qt


def xvfb():
    read, write = os.pipe()
    process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                               pass_fds=[write], stderr=subprocess.DEVNULL)
    os.close(write)
    display = ":" + os.read(read, 16).decode().strip()
    return process, read, display


def runs(adw, qt, display):
    """(file name, header, CSV text) of every run."""
    out = []
    for name, zeta, response, mass, start, end, velocity, epsilon, clamp, rate in ADWAITA:
        k, _ = spring(zeta, response, mass)
        params = {"damping_ratio": zeta, "mass": mass, "stiffness": k, "value_from": start, "value_to": end,
                  "initial_velocity": velocity, "epsilon": epsilon, "clamp": clamp}
        text = subprocess.run([str(adw), *map(repr, [zeta, mass, k, start, end, velocity, epsilon, 1 if clamp else 0, rate])],
                              env={**os.environ, "DISPLAY": display, "GTK_A11Y": "none", "NO_AT_BRIDGE": "1"},
                              check=True, capture_output=True, text=True, timeout=60).stdout
        header = (f"# libadwaita (Debian libadwaita-1-0 {version('libadwaita-1')}) through Tests/harness/adw-harness.c; "
                  f"spring {name} (zeta={zeta}, response={response}, v0={velocity}); params {json.dumps(params)}; "
                  f"{fmt(start)}->{fmt(end)}; {rate} Hz (GDK frame time virtualized: t_n = round(n*1e6/{rate}) us, start on a ms boundary)")
        out.append((f"harness-libadwaita_{name}_{rate}hz.csv", header, text))
    for name, zeta, response, mass, start, end, cap, rate in QT:
        k, c = spring(zeta, response, mass)
        params = {"spring": 0.016 * k, "damping": 0.016 * c, "mass": mass, "epsilon": 0.01, "velocity": cap, "from": start, "to": end}
        text = subprocess.run([str(qt), *map(repr, [0.016 * k, 0.016 * c, mass, 0.01, start, end, rate, cap])],
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_RUNTIME_DIR": tempfile.gettempdir()},
                              check=True, capture_output=True, text=True, timeout=60).stdout
        header = (f"# qtquick (Debian libqt6quick6 {version('Qt6Quick')}) through Tests/harness/qt-harness.cpp; spring {name} "
                  f"(zeta={zeta}, response={response}, mapping spring=k*0.016 damping=c*0.016, mass={mass}); params {json.dumps(params)}; "
                  f"{fmt(start)}->{fmt(end)}; {rate} Hz (QAnimationDriver elapsed() = floor(n*1000/{rate}) ms)")
        out.append((f"harness-qtquick_{name}_{rate}hz.csv", header, text))
    return out


def fmt(x):
    return str(int(x)) if x == int(x) else str(x)


def version(module):
    return subprocess.run(["pkg-config", "--modversion", module], check=True, capture_output=True, text=True).stdout.strip()


def rows(text):
    lines = [line for line in text.strip().split("\n") if line and not line.startswith("#")]
    assert lines[0] == "t,position", lines[:2]
    return [tuple(map(float, line.split(","))) for line in lines[1:]]


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode not in ("--write", "--check"):
        sys.exit("usage: harness.py --write | --check")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="springkit-harness-"))
    adw, qt = build(folder)
    process, read, display = xvfb()
    try:
        results = runs(adw, qt, display)
    finally:
        process.terminate()
        process.wait(timeout=10)
        os.close(read)
    failures = 0
    for name, header, text in results:
        path = FIXTURES / name
        if mode == "--write":
            path.write_text(header + "\n" + text)
            print(f"harness: wrote {path.relative_to(ROOT)} ({len(rows(text))} frames)")
            continue
        committed, fresh = rows(path.read_text()), rows(text)
        travel = max(abs(b[1] - committed[0][1]) for b in committed) or 1
        worst = max((abs(a[1] - b[1]) / travel for a, b in zip(committed, fresh)), default=0)
        same = len(committed) == len(fresh) and all(abs(a[0] - b[0]) < 1e-9 for a, b in zip(committed, fresh)) and worst <= 1e-12
        print(f"harness: {name}: {len(fresh)} frames (committed {len(committed)}), largest difference {worst:.1e} of the travel"
              + ("" if same else "  MISMATCH"))
        failures += not same
    if failures:
        sys.exit(f"harness: {failures} run(s) differ from the committed recordings")


main()
