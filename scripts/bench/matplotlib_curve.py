"""The user's example done the matplotlib way, for comparison with springplot's speed.

Two panels (position and velocity against time) of the damping-ratio-0.68, response-0.8 s spring from
0 to 1, closed form in numpy (scripts/lib/exact_spring.py), 1200x800 px, written to PNG or SVG. Not a
dependency of the product: install matplotlib only to measure (pip install matplotlib).
"""
import pathlib
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "lib"))
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

zeta, response = 0.68, 0.8
out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/matplotlib-curve.png"

t = np.linspace(0, 2, 1201)
displacement, velocity = exact_spring.unit(zeta, response).motion(-1.0, 0.0, vectorised=True)(t)
position = 1 + displacement

fig, (top, bottom) = plt.subplots(2, 1, figsize=(12, 8), dpi=100, sharex=True)
top.plot(t, position, color="#0072B2", lw=2.5, label="position")
top.axhline(1, color="grey", ls=":")
top.axhspan(0.99, 1.01, color="grey", alpha=0.15)
top.set_ylabel("position")
top.grid(True, alpha=0.3)
bottom.plot(t, velocity, color="#0072B2", lw=2.5, label="velocity")
bottom.axhline(0, color="grey", ls=":")
bottom.set_ylabel("velocity (units/s)")
bottom.set_xlabel("time (s)")
bottom.grid(True, alpha=0.3)
fig.suptitle("Spring: ζ = 0.68, response = 0.8 s")
fig.savefig(out)
