"""The benchmark clip made the way people make it today: matplotlib's FuncAnimation, saved with its
Pillow writer (GIF) or its ffmpeg writer (WebM), for comparison with `springplot animate`.

Three lanes (damping ratios 0.3, 0.7 and 1, response 0.5 s, 0 -> 1), each a dot moved by the closed
form, labelled, with a clock; 640 x 240 px, 2 s at 50 fps (GIF) or 60 fps (WebM). Not a dependency
of the product: install matplotlib only to measure (scripts/setup.sh --bench). The WebM gets the
encoder settings springplot uses (VP9, CRF 24, libvpx's realtime mode at speed 8).

    python3 matplotlib_motion.py out.gif|out.webm [--draw-only]

--draw-only draws every frame into the canvas and encodes nothing (where matplotlib's time goes).
"""
import pathlib
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.animation import FFMpegWriter, FuncAnimation, PillowWriter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "lib"))
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

out = sys.argv[1]
draw_only = "--draw-only" in sys.argv
gif = out.endswith(".gif")
fps = 50 if gif else 60
frames = int(2 * fps)
response = 0.5
zetas = [0.3, 0.7, 1.0]
colors = ["#0072B2", "#E69F00", "#009E73"]


def position(zeta, t):
    """The lane's dot, from 0 to 1, at t."""
    return 1 + exact_spring.displacement(zeta, response, -1.0, 0.0, t)


fig = plt.figure(figsize=(6.4, 2.4), dpi=100)
ax = fig.add_axes([0, 0, 1, 1])
ax.set_xlim(-0.05, 1.45)
ax.set_ylim(0, 3.6)
ax.axis("off")
title = ax.text(0.02, 3.35, "3 springs, 0 -> 1", fontsize=11, weight="bold")
clock = ax.text(1.43, 3.35, "0.00 s", fontsize=9, ha="right", color="#595959")
dots = []
for lane, (zeta, color) in enumerate(zip(zetas, colors)):
    y = 2.4 - lane
    ax.text(0.02, y + 0.45, f"ζ = {zeta:g}, response = {response:g} s", fontsize=9)
    ax.plot([0, 1.4], [y, y], color="#E6E6E6", lw=2)
    ax.plot([0, 0], [y - 0.2, y + 0.2], color="#595959", lw=1)
    ax.plot([1, 1], [y - 0.2, y + 0.2], color="#595959", lw=1)
    (dot,) = ax.plot([0], [y], "o", color=color, markersize=18)
    dots.append((dot, zeta, y))


def update(index):
    t = index / fps
    for dot, zeta, y in dots:
        dot.set_data([position(zeta, t)], [y])
    clock.set_text(f"{t:.2f} s")
    return [clock] + [d for d, _, _ in dots]


if draw_only:
    for index in range(frames):
        update(index)
        fig.canvas.draw()
        fig.canvas.buffer_rgba()
else:
    animation = FuncAnimation(fig, update, frames=frames, blit=False)
    writer = PillowWriter(fps=fps) if gif else FFMpegWriter(fps=fps, codec="libvpx-vp9",
                                                            extra_args=["-crf", "24", "-b:v", "0", "-deadline", "realtime",
                                                                        "-cpu-used", "8", "-row-mt", "1"])
    animation.save(out, writer=writer)
