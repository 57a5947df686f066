#!/usr/bin/env python3
"""Independent references for `springplot verify` and `springplot fit` (issue 11).

1. verify_reference.csv: for each fixture trajectory in Tests/SpringFittingTests/Fixtures/analysis,
   the exact motion evaluated with mpmath at 40 digits (textbook three-branch closed form,
   scripts/lib/exact_spring.py, not ported from SpringKit) and the max / RMS position error, the
   time of the max error, and the median frame interval.
2. fit_cases.csv + fit_truth.csv: synthetic recordings for the fit accuracy test. zeta uniform in
   [0.2, 2], response uniform in [0.2, 1.5] s, 300 px travel (random start, random direction),
   v0 = 0, sampled at 60 Hz from 0 to the time the motion stays within 0.5 px of the target plus
   0.1 s (the visible motion), Gaussian noise sigma 0.5 px, then rounded to whole pixels.

Run from the repository root:  python3 scripts/reference/analysis/make_references.py [--cases N] [--out DIR]
The seed is printed and fixed (SEED below).
"""
import argparse, csv, math, os, random, sys
import mpmath as mp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import exact_spring  # noqa: E402 (scripts/lib: the exact motion)

mp.mp.dps = 40
SEED = 11_2026
FIX = "Tests/SpringFittingTests/Fixtures/analysis"


def exact(zeta, omega, x0, v0, t):
    """Displacement from the target at t for x'' + 2 zeta omega x' + omega^2 x = 0 (mpmath, mp.dps)."""
    return exact_spring.natural(zeta, omega).motion(x0, v0, dps=mp.mp.dps).position(t)


# name, file, stiffness, damping, mass, from, to  (the spring each library was asked for)
TRAJECTORIES = [
    ("react-spring", "react-spring-default.csv", 170, 26, 1, 0, 100),
    ("wave", "wave-critical-0.15.csv", (2 * mp.pi / mp.mpf("0.15")) ** 2, 4 * mp.pi / mp.mpf("0.15"), 1, 0, 100),
    ("framer-default", "framer-physics-default.csv", 100, 10, 1, 0, 100),
    ("framer-overdamped", "framer-physics-overdamped.csv", 100, 200, 1, 0, 100),
]


def verify_references(out):
    rows = []
    for name, file, k, c, m, a, b in TRAJECTORIES:
        k, c, m = mp.mpf(k), mp.mpf(c), mp.mpf(m)
        omega = mp.sqrt(k / m)
        zeta = c / (2 * mp.sqrt(k * m))
        with open(os.path.join(FIX, file)) as f:
            data = [(mp.mpf(r["t"]), mp.mpf(r["position"])) for r in csv.DictReader(f)]
        errors = [x - (b + exact(zeta, omega, a - b, 0, t)) for t, x in data]
        i = max(range(len(errors)), key=lambda j: abs(errors[j]))
        rms = mp.sqrt(sum(e * e for e in errors) / len(errors))
        dts = sorted(data[j][0] - data[j - 1][0] for j in range(1, len(data)))
        n = len(dts)
        median = dts[n // 2] if n % 2 else (dts[n // 2 - 1] + dts[n // 2]) / 2
        rows.append([file, mp.nstr(k, 20), mp.nstr(c, 20), mp.nstr(m, 20), a, b, len(data),
                     mp.nstr(abs(errors[i]), 17), mp.nstr(data[i][0], 17), mp.nstr(rms, 17), mp.nstr(median, 17)])
    with open(os.path.join(out, "verify_reference.csv"), "w") as f:
        f.write("file,stiffness,damping,mass,from,to,samples,maxError,maxErrorTime,rmsError,medianInterval\n")
        for r in rows:
            f.write(",".join(map(str, r)) + "\n")


def visible_end(zeta, omega, x0):
    """Last time |x| >= 0.5 px (scan at 1 ms, in floats: only the sampling window depends on it)."""
    t, last, dt = 0.0, 0.0, 1e-3
    limit = 60 / (zeta * omega) if zeta < 1 else 60 / (omega * (zeta - math.sqrt(zeta * zeta - 1)))
    motion = exact_spring.natural(zeta, omega).motion(x0, 0.0)
    while t < limit:
        if abs(motion.position(t)) >= 0.5:
            last = t
        t += dt
    return last


def fit_cases(out, count):
    rng = random.Random(SEED)
    print(f"fit cases: seed {SEED}, {count} cases")
    with open(os.path.join(out, "fit_truth.csv"), "w") as truth, open(os.path.join(out, "fit_cases.csv"), "w") as cases:
        truth.write("case,dampingRatio,response,from,to\n")
        cases.write("case,t,position\n")
        for case in range(count):
            zeta = rng.uniform(0.2, 2)
            response = rng.uniform(0.2, 1.5)
            start = rng.uniform(0, 500)
            to = start + rng.choice([-300, 300])
            omega = 2 * math.pi / response
            end = visible_end(zeta, omega, start - to) + 0.1
            truth.write(f"{case},{zeta!r},{response!r},{start!r},{to!r}\n")
            for i in range(int(end * 60) + 1):
                t = i / 60
                x = to + float(exact(zeta, omega, start - to, 0, t))
                cases.write(f"{case},{t!r},{round(x + rng.gauss(0, 0.5))}\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--out", default=FIX)
    parser.add_argument("--skip-verify", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not args.skip_verify:
        verify_references(args.out)
    fit_cases(args.out, args.cases)
