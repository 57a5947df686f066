#!/usr/bin/env python3
"""The Picture-in-Picture example at three moments, for docs/gallery: at rest in its corner, being dragged,
and mid-flight after a fling toward the top-left corner. Runs the built pip-demo under Xvfb with xdotool
(as scripts/test-gtk.sh sets up) and grabs the window with ffmpeg."""
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "gtk"))
from test_pip import HEIGHT, WIDTH, Demo  # noqa: E402

GALLERY = ROOT / "docs" / "gallery"


def grab(demo, name):
    geometry = demo.xdotool("getwindowgeometry", demo.window)
    x, y = [int(v) for v in geometry.split("Position: ")[1].split(" ")[0].split(",")]
    path = GALLERY / name
    subprocess.run(["ffmpeg", "-loglevel", "error", "-y", "-f", "x11grab", "-video_size", f"{int(WIDTH)}x{int(HEIGHT)}",
                    "-i", f"{demo.display}+{x},{y}", "-frames:v", "1", str(path)], env=demo.env, check=True)
    print(path)


def main():
    demo = Demo()
    try:
        time.sleep(0.3)
        grab(demo, "pip-rest.png")
        start = demo.card
        demo.move(*start)
        demo.xdotool("mousedown", "1")
        for i in range(1, 9):
            demo.move(start[0] - 30 * i, start[1] - 24 * i)
            time.sleep(0.016)
        time.sleep(0.25)
        grab(demo, "pip-dragging.png")
        chain = []
        for i in range(9, 13):
            chain += ["sleep", "0.016", "mousemove", "--window", demo.window, str(start[0] - 30 * i), str(start[1] - 24 * i)]
        demo.xdotool(*chain, "mouseup", "1")
        time.sleep(0.12)
        grab(demo, "pip-flight.png")
    finally:
        demo.close()


if __name__ == "__main__":
    main()
