"""`springplot animate` against matplotlib's FuncAnimation, whole processes, in one run (issue 47).

The clip: three lanes (damping ratios 0.3, 0.7, 1; response 0.5 s; 0 -> 1), 640 x 240 px, about
2 s: springplot's own default length (until every element rests within half a pixel, then a 0.5 s
hold) and matplotlib's 2 s (scripts/bench/matplotlib_motion.py). GIF at 50 fps, WebM (VP9) at
60 fps. Each command runs `--runs` times (median reported); springplot's hidden --timing and
matplotlib's --draw-only say where the time goes. Needs a release springplot (built first) and
matplotlib (scripts/setup.sh --bench).

    python3 scripts/bench/animate.py [--runs 7]
"""
import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPRINGPLOT = ROOT / ".build" / "release" / "springplot"
PYTHON = ROOT / ".build-venv" / "bin" / "python"
if subprocess.run([sys.executable, "-c", "import matplotlib"], capture_output=True).returncode == 0:
    PYTHON = pathlib.Path(sys.executable)
MATPLOTLIB = ROOT / "scripts" / "bench" / "matplotlib_motion.py"
CLIP = ["--damping", "0.3,0.7,1", "--response", "0.5", "--width", "640", "--height", "240"]


def timed(command, runs):
    """Median wall time of `runs` runs of `command` (seconds), and the last run's stderr."""
    times, err = [], ""
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(map(str, command))} failed: {result.stderr}")
        err = result.stderr
    return statistics.median(times), err


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "springplot"],
                   cwd=ROOT, check=True, capture_output=True)
    out = pathlib.Path(tempfile.mkdtemp())
    print(f"clip: 3 lanes, 640 x 240 px; median of {runs} runs, whole processes")
    for extension in ("gif", "webm"):
        ours, err = timed([SPRINGPLOT, "animate", *CLIP, "-o", out / f"ours.{extension}", "--timing"], runs)
        theirs, _ = timed([PYTHON, MATPLOTLIB, out / f"theirs.{extension}"], runs)
        drawing, _ = timed([PYTHON, MATPLOTLIB, out / f"theirs.{extension}", "--draw-only"], max(3, runs // 2))
        summary = subprocess.run([SPRINGPLOT, "animate", *CLIP, "-o", out / f"ours.{extension}"],
                                 capture_output=True, text=True).stdout.strip()
        timing = re.search(r"timing: (.*)", err)
        print(f"{extension.upper():5} springplot {ours * 1000:7.0f} ms   matplotlib {theirs * 1000:7.0f} ms   "
              f"ratio {theirs / ours:5.1f}x")
        print(f"      springplot: {summary.split(': ', 1)[1]}")
        print(f"      springplot's time: {timing.group(1) if timing else '?'}")
        size = os.path.getsize(out / f"theirs.{extension}")
        print(f"      matplotlib: {size / 1000:.1f} kB; drawing its frames alone (no encoding) {drawing * 1000:.0f} ms")


if __name__ == "__main__":
    main()
