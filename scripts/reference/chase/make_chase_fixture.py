#!/usr/bin/env python3
"""Independent reference for a spring chasing a moving target (issue 32, part 1).

The motion is the ODE itself, integrated numerically, not the closed form SpringMath uses:

    m x'' = k (T(t) - x) - c x',   T(t) = to + V t,   x(0) = from, x'(0) = v0

solved with mpmath.odefun (a Taylor-series integrator) at 40 significant digits, for springs in every
damping regime (undamped, under, critical, over). A piecewise-linear target path (points (t_i, T_i),
then at rest at the last) is integrated the same way, one segment after another.

Self-checks (the script stops with AssertionError if one fails): x(0) = from and x'(0) = v0; every
value agrees with a second integration at 50 digits to 1e-25 of the scale.

Output: Tests/SpringMathTests/Fixtures/chase.csv
  case,zeta,response,mass,from,to,targetVelocity,v0,t,x,v
A path case has targetVelocity "path" and its points in scripts' PATHS, repeated in the test.

Usage: python3 scripts/reference/chase/make_chase_fixture.py
"""

import os
import mpmath as mp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
OUT = os.path.join(ROOT, "Tests", "SpringMathTests", "Fixtures", "chase.csv")

# (name, zeta, response, mass, from, to, targetVelocity, v0)
CASES = [
    ("under", 0.5, 0.6, 1.0, 0.0, 100.0, 250.0, 0.0),
    ("under-flung", 0.3, 0.4, 2.0, -20.0, 50.0, -400.0, 900.0),
    ("critical", 1.0, 0.5, 1.0, 0.0, 0.0, 120.0, 0.0),
    ("over", 2.5, 0.3, 1.0, 300.0, 100.0, 60.0, -50.0),
    ("undamped", 0.0, 0.8, 1.0, 10.0, 0.0, 30.0, 0.0),
    ("slow-target", 0.8, 1.2, 1.0, 0.0, 1.0, 1e-3, 0.0),
]
TIMES = [0.0, 0.001, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0]

# A piecewise-linear target path: (t_i, T_i) points; before the first the target is T_0 (at rest),
# after the last it stays at T_last. (name, zeta, response, mass, from, v0, points)
PATHS = [
    ("path", 0.7, 0.5, 1.0, 0.0, 0.0, [(0.0, 0.0), (0.3, 120.0), (0.6, 120.0), (1.0, -40.0)]),
]
PATH_TIMES = [0.0, 0.1, 0.3, 0.45, 0.6, 0.8, 1.0, 1.3, 2.0, 3.0]


def spring(zeta, response, mass):
    w = 2 * mp.pi / mp.mpf(response)
    k = w * w * mp.mpf(mass)
    c = 2 * mp.mpf(zeta) * mp.sqrt(k * mp.mpf(mass))
    return mp.mpf(mass), k, c


def integrate(zeta, response, mass, x0, v0, target, t_end, times):
    """(x, v) at each of `times` (sorted, within [0, t_end]) for the target function `target(t)`
    (piecewise linear: integrated segment by segment at its kinks, passed as `target.kinks`)."""
    m, k, c = spring(zeta, response, mass)
    kinks = [t for t in getattr(target, "kinks", []) if 0 < t < t_end] + [t_end]
    state = (mp.mpf(x0), mp.mpf(v0))
    start = mp.mpf(0)
    out = {}
    for end in kinks:
        slope, offset = target.segment(start)
        f = mp.odefun(lambda t, y: [y[1], (k * (offset + slope * t - y[0]) - c * y[1]) / m], start, list(state))
        for t in times:
            if start <= t <= end and t not in out:
                y = f(mp.mpf(t))
                out[t] = (y[0], y[1])
        y = f(mp.mpf(end))
        state = (y[0], y[1])
        start = mp.mpf(end)
    return [out[t] for t in times]


class Line:
    def __init__(self, to, velocity):
        self.to, self.velocity, self.kinks = mp.mpf(to), mp.mpf(velocity), []

    def segment(self, start):
        return self.velocity, self.to


class Path:
    def __init__(self, points):
        self.points = [(mp.mpf(t), mp.mpf(x)) for t, x in points]
        self.kinks = [float(t) for t, _ in self.points]

    def segment(self, start):
        """(slope, offset) of the target on the segment beginning at `start`: T(t) = offset + slope t."""
        pts = self.points
        if start < pts[0][0]:
            return mp.mpf(0), pts[0][1]
        for (t0, x0), (t1, x1) in zip(pts, pts[1:]):
            if t0 <= start < t1:
                slope = (x1 - x0) / (t1 - t0)
                return slope, x0 - slope * t0
        return mp.mpf(0), pts[-1][1]


def run(digits, rows_for):
    mp.mp.dps = digits
    return rows_for()


def rows_for():
    rows = []
    for name, zeta, response, mass, x0, to, velocity, v0 in CASES:
        values = integrate(zeta, response, mass, x0, v0, Line(to, velocity), max(TIMES), TIMES)
        for t, (x, v) in zip(TIMES, values):
            rows.append((name, zeta, response, mass, x0, to, repr(velocity), v0, t, x, v))
    for name, zeta, response, mass, x0, v0, points in PATHS:
        values = integrate(zeta, response, mass, x0, v0, Path(points), max(PATH_TIMES), PATH_TIMES)
        for t, (x, v) in zip(PATH_TIMES, values):
            rows.append((name, zeta, response, mass, x0, points[0][1], "path", v0, t, x, v))
    return rows


def main():
    rows = run(40, rows_for)
    check = run(50, rows_for)
    for a, b in zip(rows, check):
        scale = max(abs(mp.mpf(a[4])), abs(mp.mpf(a[5])), 1) * 10
        assert abs(a[9] - b[9]) < mp.mpf("1e-25") * scale, (a[:9], a[9], b[9])
        assert abs(a[10] - b[10]) < mp.mpf("1e-25") * scale * 100, (a[:9], a[10], b[10])
        if a[8] == 0.0:
            assert abs(a[9] - mp.mpf(a[4])) < mp.mpf("1e-35") and abs(a[10] - mp.mpf(a[7])) < mp.mpf("1e-35")
    with open(OUT, "w") as f:
        f.write("case,zeta,response,mass,from,to,targetVelocity,v0,t,x,v\n")
        for r in rows:
            f.write(",".join([r[0]] + [repr(float(r[i])) if i != 6 else r[i] for i in range(1, 9)]
                             + [mp.nstr(r[9], 25, min_fixed=0, max_fixed=0), mp.nstr(r[10], 25, min_fixed=0, max_fixed=0)]) + "\n")
    print(f"wrote {len(rows)} rows to {OUT}")


if __name__ == "__main__":
    main()
