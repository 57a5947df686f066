#!/usr/bin/env python3
"""The worst cases at docs/limits.md's caps (issue 44), timed as whole processes of the release
springplot: chase at its frame cap, fit on the file cap's 1 000 000 rows, a 1 000-keyframe sequence
chart, and track on the crafted media of Tests/hostile/media_bombs.py. Prints seconds and the peak
memory of springplot (ffmpeg runs as its child and is not counted) for each.

    swift build -c release --static-swift-stdlib --product springplot && scripts/bench/bounds.py
"""
import json
import pathlib
import random
import os
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "hostile"))
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import media_bombs as mb  # noqa: E402
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

BINARY = ROOT / ".build" / "release" / "springplot"


def spring_rows(n, still=0.0, noise=0.5, span=2.0):
    """t,position of ζ 0.5, response 0.4 s from 0 to 100, with Gaussian noise (seed 1)."""
    motion = exact_spring.unit(0.5, 0.4).motion(-1.0, 0.0)
    rng = random.Random(1)
    lines = ["t,position"]
    for i in range(n):
        t = i * span / n
        s = t - still
        x = 0.0 if s <= 0 else 100 * (1 + motion.position(s))
        lines.append(f"{t!r},{x + rng.gauss(0, noise)!r}")
    return "\n".join(lines) + "\n"


def timed(arguments, folder):
    """Seconds, springplot's own peak memory in MB (from its rusage), and its answer."""
    start = time.monotonic()
    process = subprocess.Popen([str(BINARY)] + arguments, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    answer = "ok" if process.returncode == 0 else "refused: " + (stderr.strip().splitlines() or ["?"])[0][:90]
    return seconds, usage.ru_maxrss / 1024, answer


def main():
    if not BINARY.exists():
        sys.exit(f"{BINARY} is not built")
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        (folder / "fit-1m.csv").write_text(spring_rows(1_000_000))
        (folder / "fit-1m-still.csv").write_text(spring_rows(1_000_000, still=0.5, noise=0.0, span=3.0))
        ramp = ["t,position"] + [f"{i / 1000!r},{i / 1000 + random.Random(i).random() * 0.01!r}" for i in range(1_000_000)]
        (folder / "fit-1m-ramp.csv").write_text("\n".join(ramp) + "\n")
        keyframes = [{"to": (i % 7) * 10, "at": i * 0.01, "spring": {"dampingRatio": 0.7, "response": 0.3}} for i in range(1000)]
        (folder / "seq-1000.json").write_text(json.dumps({"from": 0, "keyframes": keyframes}))
        (folder / "huge.gif").write_bytes(mb.huge_gif())
        (folder / "big.png").write_bytes(mb.black_png(16000, 16000))
        (folder / "grow.png").write_bytes(mb.size_changing_png_stream())
        (folder / "many-100k.gif").write_bytes(mb.many_frames_gif(100_000))
        (folder / "many-400k.gif").write_bytes(mb.many_frames_gif(400_000))
        cases = [
            ("chase at the frame cap (833 s at 30, 60, 120 Hz)", ["chase", "--target-velocity", "300", "--time-span", "833", "-o", "c.png"]),
            ("fit, 1 000 000 rows of a spring", ["fit", "fit-1m.csv"]),
            ("fit, 1 000 000 rows after a still stretch", ["fit", "fit-1m-still.csv"]),
            ("fit, 1 000 000 rows of a ramp", ["fit", "fit-1m-ramp.csv"]),
            ("sequence chart, 1 000 keyframes", ["sequence", "seq-1000.json", "-o", "s.png"]),
            ("track, 4.6 KB GIF of 200 frames of 6300²", ["track", "huge.gif"]),
            ("track, 16000² PNG", ["track", "big.png"]),
            ("track, 480×270 then 16000² frames", ["track", "grow.png"]),
            ("track, 100 000 frames", ["track", "many-100k.gif"]),
            ("track, 400 000 frames", ["track", "many-400k.gif"]),
        ]
        for title, arguments in cases:
            seconds, megabytes, answer = timed(arguments, folder)
            print(f"{title:48} {seconds:6.2f} s  {megabytes:7.0f} MB  {answer}")


if __name__ == "__main__":
    main()
