#!/usr/bin/env python3
"""Self-test of scripts/lib/exact_spring.py against derivations that do not use its formulas.

  1. mpmath (60 digits): x(0) = x0 and x'(0) = v0; the ODE residual x'' + 2 zeta w x' + w^2 x,
     with x'' and x' taken by mpmath.diff from the position alone, is 0 to 1e-45 of the scale;
     the velocity it returns equals that numerical derivative (all regimes, zeta from 0 to 1e4,
     zeta = 1 -+ 1e-6, 1e-9, 1e-12, one and two ulps, general (m, k, c) springs);
  2. mpmath.odefun (a Taylor-series ODE integrator, 30 digits): the closed form at 40 digits
     agrees to 1e-22 of the scale, every regime and near zeta = 1;
  3. floats and numpy against mpmath at 40 digits on a dense time grid: the error stays within
     32 ulp of the motion's envelope (|x0| + |v0|/w)(1 + w t)e^{-s t} (s its slowest decay),
     times 1 + w t for the rounding of the exponentials' arguments; so does the velocity;
  4. the two overdamped forms agree in the band where the two-exponential one is used (floats
     within 64 ulp of the envelope, mpmath at 40 digits within 1e-36 of it);
  5. regimes are decided exactly (one ulp from zeta = 1, critical (m, k, c), mpmath inputs);
  6. floats are bit for bit the textbook formulas the committed fixtures were made with;
  7. importing the module and evaluating floats imports neither numpy nor mpmath.

Run:  python3 scripts/lib/test_exact_spring.py      (needs mpmath and numpy; also collected by pytest)
Exits 1 with the failures listed if any check fails.
"""

import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import exact_spring  # noqa: E402

import mpmath  # noqa: E402
import numpy as np  # noqa: E402

EPS = 2.0 ** -52
ULPS = 32                   # floats' allowed error, in ulp of the envelope x (1 + w t)
MEASURED = {}               # the worst float error seen, for the summary
ULP_1 = 2.0 ** -52          # spacing of floats just above 1
ULP_1_BELOW = 2.0 ** -53    # and just below

# (zeta, response) springs, unit mass: every regime, the edges of the two-exponential band, and a
# close approach to zeta = 1 from both sides.
UNIT_ZETAS = [0.0, 1e-3, 0.3, 0.68, 0.9, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12, 1 - 2 * ULP_1_BELOW, 1 - ULP_1_BELOW,
              1.0, 1 + ULP_1, 1 + 2 * ULP_1, 1 + 1e-12, 1 + 1e-9, 1 + 1e-6, 1.0019, 1.0021, 1.0028839758811379,
              1.2, 1.6, 3.0, 3.99, 4.01, 10.0, 100.0, 1e4]
RESPONSES = [0.8, 0.05]
INITIAL = [(-1.0, 0.0), (1.0, 5.0), (0.0, -3.0), (250.0, -4000.0)]
GENERAL = [(1.0, 170.0, 26.0), (100.0, 1.0, 20.0), (100.0, 10000.0, 2000.0), (0.01, 1.0, 0.2),
           (0.01, 4.0, 1.0), (2.5, 157.91367041742973, 0.0), (1e-3, 1e3, 1e-3)]

class Checks:
    """Collects the failed checks of one test; done() fails the test with all of them."""

    def __init__(self):
        self.failures = []

    def __call__(self, condition, what):
        if not condition:
            self.failures.append(what)

    def done(self):
        shown = self.failures[:30]
        more = f"\n  ... and {len(self.failures) - 30} more" if len(self.failures) > 30 else ""
        assert not self.failures, f"{len(self.failures)} failed:\n  " + "\n  ".join(shown) + more


def springs():
    for zeta in UNIT_ZETAS:
        for response in RESPONSES:
            yield exact_spring.unit(zeta, response)
    for m, k, c in GENERAL:
        yield exact_spring.general(m, k, c)


def slowest_decay(spring):
    """s of the envelope e^{-s t}, and w, in floats (for the error scale only)."""
    w, zeta, _ = spring.parameters()
    d = float(spring.zeta_squared_minus_one)
    if d <= 0:
        return w * min(zeta, 1.0), w
    return w / (zeta + math.sqrt(d)), w


def envelope(spring, x0, v0, t):
    s, w = slowest_decay(spring)
    return (abs(x0) + abs(v0) / w) * (1 + w * t) * math.exp(-s * t)


def times_for(spring, n):
    """0, then n times from 1e-4 of a period to where the envelope is 1e-12 of its start."""
    s, w = slowest_decay(spring)
    end = 28.0 / max(s, 1e-9)
    end = min(end, 400.0 / w) if s < 1e-9 else end
    start = 1e-4 / w
    return [0.0] + [start * (end / start) ** (i / (n - 1)) for i in range(n)]


# --------------------------------------------------------------------------- 1. ODE residual

def test_ode_residual_and_initial_conditions():
    check = Checks()
    with mpmath.workdps(60):
        for spring in springs():
            w, zeta, _ = spring.parameters(dps=60)
            for x0, v0 in INITIAL[:3]:
                motion = spring.motion(x0, v0, dps=60)
                x, v = motion(0)
                check(abs(x - x0) < mpmath.mpf("1e-55") and abs(v - v0) < mpmath.mpf("1e-55"),
                      f"initial conditions {spring} {x0, v0}: {x}, {v}")
                scale = abs(mpmath.mpf(x0)) + abs(mpmath.mpf(v0)) / w
                for t in times_for(spring, 6)[1:]:
                    t = mpmath.mpf(t)
                    d1 = mpmath.diff(motion.position, t, 1)
                    d2 = mpmath.diff(motion.position, t, 2)
                    x, v = motion(t)
                    residual = d2 + 2 * zeta * w * d1 + w * w * x
                    check(abs(residual) <= mpmath.mpf("1e-45") * scale * w * w,
                          f"ODE residual {spring} {x0, v0} t={mpmath.nstr(t, 6)}: {mpmath.nstr(residual, 3)}")
                    check(abs(v - d1) <= mpmath.mpf("1e-45") * scale * w,
                          f"x' != dx/dt {spring} {x0, v0} t={mpmath.nstr(t, 6)}: {mpmath.nstr(v - d1, 3)}")
    check.done()


# --------------------------------------------------------------------------- 2. ODE integrator

def test_against_taylor_integrator():
    check = Checks()
    cases = [exact_spring.unit(z, 0.8) for z in (0.0, 0.3, 1 - 1e-9, 1.0, 1 + 1e-9, 1.2, 3.0, 10.0)]
    cases += [exact_spring.general(1.0, 170.0, 26.0), exact_spring.general(100.0, 1.0, 20.0),
              exact_spring.general(0.01, 1.0, 0.2)]
    with mpmath.workdps(30):
        for spring in cases:
            w, zeta, _ = spring.parameters(dps=30)
            for x0, v0 in [(1.0, 5.0), (-1.0, 0.0)]:
                motion = spring.motion(x0, v0, dps=40)
                numeric = mpmath.odefun(lambda t, y: [y[1], -2 * zeta * w * y[1] - w * w * y[0]], 0,
                                        [mpmath.mpf(x0), mpmath.mpf(v0)])
                scale = abs(x0) + abs(v0) / float(w)
                for t in (0.05, 0.37, 1.1):
                    y = numeric(mpmath.mpf(t))
                    x, v = motion(t)
                    check(abs(y[0] - x) < 1e-22 * scale and abs(y[1] - v) < 1e-22 * scale * float(w),
                          f"odefun {spring} {x0, v0} t={t}: {mpmath.nstr(y[0] - x, 3)}, {mpmath.nstr(y[1] - v, 3)}")
    check.done()


# --------------------------------------------------------------------------- 3. floats, numpy

def test_floats_and_numpy_against_mpmath():
    check = Checks()
    worst = 0.0
    for spring in springs():
        w = spring.parameters()[0]
        for x0, v0 in INITIAL:
            exact = spring.motion(x0, v0, dps=40)
            floats = spring.motion(x0, v0)
            ts = times_for(spring, 120)
            vx, vv = spring.motion(x0, v0, vectorised=True)(np.array(ts))
            check(vx.shape == (len(ts),) and vv.shape == (len(ts),), f"numpy shapes {spring}")
            for i, t in enumerate(ts):
                xe, ve = (float(u) for u in exact(t))
                xf, vf = floats(t)
                scale = envelope(spring, x0, v0, t) * (1 + w * t)
                for what, got, want, unit in (("x", xf, xe, 1.0), ("x'", vf, ve, w),
                                              ("numpy x", float(vx[i]), xe, 1.0), ("numpy x'", float(vv[i]), ve, w)):
                    error = abs(got - want) / (scale * unit)
                    worst = max(worst, error)
                    check(error <= ULPS * EPS, f"{what} {spring} {x0, v0} t={t!r}: {got!r} vs {want!r} "
                                               f"({error / EPS:.0f} ulp of the envelope)")
    MEASURED["floats"] = worst
    check.done()


# --------------------------------------------------------------------------- 4. the two forms

def test_overdamped_forms_agree():
    check = Checks()
    saved = exact_spring.OVER_Q_MIN
    try:
        for zeta in (1.0021, 1.0028839758811379, 1.05, 1.2, 1.6, 2.5, 3.99):
            spring = exact_spring.unit(zeta, 0.8)
            w = spring.parameters()[0]
            for x0, v0 in INITIAL:
                for arithmetic, limit in (({}, 64 * EPS), ({"dps": 40}, 1e-36)):
                    exact_spring.OVER_Q_MIN = saved
                    two = spring.motion(x0, v0, **arithmetic)
                    exact_spring.OVER_Q_MIN = math.inf
                    hyperbolic = spring.motion(x0, v0, **arithmetic)
                    check(two.form == "exponentials" and hyperbolic.form == "hyperbolic", f"forms {spring}")
                    for t in times_for(spring, 60):
                        scale = envelope(spring, x0, v0, t) * (1 + w * t)
                        (a, b), (c, d) = two(t), hyperbolic(t)
                        check(abs(a - c) <= limit * scale and abs(b - d) <= limit * scale * w,
                              f"forms disagree {spring} {x0, v0} {arithmetic} t={t!r}: {a} {c}, {b} {d}")
    finally:
        exact_spring.OVER_Q_MIN = saved
    check.done()


# --------------------------------------------------------------------------- 5. regimes

def test_regimes():
    check = Checks()
    unit, general, natural = exact_spring.unit, exact_spring.general, exact_spring.natural
    expected = [(unit(1.0, 0.5), "critical"), (unit(1 - ULP_1_BELOW, 0.5), "under"), (unit(1 + ULP_1, 0.5), "over"),
                (unit(0.0, 0.5), "under"), (general(1.0, 100.0, 20.0), "critical"),
                (general(100.0, 10000.0, 2000.0), "critical"), (general(1.0, 170.0, 26.0), "under"),
                (natural(mpmath.mpf(1), 7), "critical"), (natural(mpmath.mpf("0.3"), 7), "under")]
    # 0.01 is not a float: c^2 - 4 k m is not 0, and its sign decides.
    m, k, c = (exact_spring._exact(u) for u in (0.01, 1.0, 0.2))
    expected.append((general(0.01, 1.0, 0.2), "under" if c * c < 4 * k * m else "over"))
    for spring, regime in expected:
        check(spring.regime == regime, f"regime of {spring}: {spring.regime}, not {regime}")
        check(spring.motion(1.0, 0.0, dps=30).regime == regime, f"evaluated regime of {spring} (mpmath)")
        # Floats evaluate the branch of the zeta^2 - 1 they hold (0 when zeta rounds to 1).
        for arithmetic in ({}, {"vectorised": True}):
            motion = spring.motion(1.0, 0.0, **arithmetic)
            sign = "critical" if motion.d == 0 else ("under" if motion.d < 0 else "over")
            check(motion.regime == sign and (regime != "critical" or sign == "critical"),
                  f"evaluated regime of {spring} {arithmetic}: {motion.regime}, d = {motion.d!r}")
    for bad in ((-0.1, 0.5), (0.5, 0.0), (0.5, -1.0)):
        try:
            unit(*bad)
            check(False, f"unit{bad} was accepted")
        except ValueError:
            pass
    check.done()


# --------------------------------------------------------------------------- 6. fixture arithmetic

def textbook_floats(zeta, response, x0, v0, t):
    """The float formulas the committed fixtures were made with (clips' truth, coverage cases)."""
    w = 2 * math.pi / response
    if zeta < 1:
        a, wd = zeta * w, w * math.sqrt(1 - zeta * zeta)
        e, b = math.exp(-a * t), (v0 + a * x0) / wd
        return e * (x0 * math.cos(wd * t) + b * math.sin(wd * t)), e * (v0 * math.cos(wd * t) - (a * b + wd * x0) * math.sin(wd * t))
    if zeta == 1:
        e, k = math.exp(-w * t), v0 + w * x0
        return e * (x0 + k * t), e * (v0 - w * k * t)
    r = math.sqrt(zeta * zeta - 1)
    s1, s2 = -w * (zeta - r), -w * (zeta + r)
    c2 = (v0 - s1 * x0) / (s2 - s1)
    c1 = x0 - c2
    return c1 * math.exp(s1 * t) + c2 * math.exp(s2 * t), c1 * s1 * math.exp(s1 * t) + c2 * s2 * math.exp(s2 * t)


def test_floats_are_the_fixtures_arithmetic():
    check = Checks()
    for zeta in [0.0, 0.1, 0.5, 0.68, 0.999, 1 - 1e-12, 1.0, 1.0028839758811379, 1.2, 1.6, 3.0, 3.99]:
        for response in (0.5, 0.8, 1.3):
            for x0, v0 in INITIAL:
                motion = exact_spring.unit(zeta, response).motion(x0, v0)
                for i in range(120):
                    t = i / 60
                    check(motion(t) == textbook_floats(zeta, response, x0, v0, t),
                          f"floats differ from the fixtures' arithmetic: zeta {zeta!r} response {response!r} "
                          f"{x0, v0} t={t!r}: {motion(t)} vs {textbook_floats(zeta, response, x0, v0, t)}")
    check.done()


# --------------------------------------------------------------------------- 7. imports

def test_floats_import_nothing():
    check = Checks()
    code = ("import sys; sys.path.insert(0, %r); import exact_spring; "
            "exact_spring.state(0.5, 0.5, -1.0, 0.0, 0.1); exact_spring.general(1.0, 100.0, 20.0).motion(1.0, 0.0)(0.2); "
            "print(sorted(m for m in ('numpy', 'mpmath') if m in sys.modules))" % HERE)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    check(out.returncode == 0 and out.stdout.strip() == "[]", f"importing exact_spring: {out.stdout}{out.stderr}")
    check.done()


TESTS = [("1. ODE residual, x' and initial conditions (mpmath.diff, 60 digits)", test_ode_residual_and_initial_conditions),
         ("2. against mpmath.odefun", test_against_taylor_integrator),
         ("3. floats and numpy against mpmath (40 digits)", test_floats_and_numpy_against_mpmath),
         ("4. the two overdamped forms agree", test_overdamped_forms_agree),
         ("5. regimes", test_regimes),
         ("6. floats bit for bit the fixtures' arithmetic", test_floats_are_the_fixtures_arithmetic),
         ("7. floats import neither numpy nor mpmath", test_floats_import_nothing)]


def main():
    failed = 0
    for title, test in TESTS:
        try:
            test()
        except AssertionError as error:
            failed += 1
            print(f"{title}: FAILED, {error}")
            continue
        extra = ""
        if test is test_floats_and_numpy_against_mpmath:
            extra = f" (worst {MEASURED['floats'] / EPS:.1f} ulp of the envelope x (1 + w t), limit {ULPS})"
        print(f"{title}: ok{extra}")
    if failed:
        print(f"exact_spring: {failed} of {len(TESTS)} checks failed")
        sys.exit(1)
    print("exact_spring: all checks passed")


if __name__ == "__main__":
    main()
