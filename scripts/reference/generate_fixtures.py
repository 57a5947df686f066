#!/usr/bin/env python3
"""
Independent high-precision reference-data generator for the spring-math library.

Physics
-------
Displacement x = position - target of a damped harmonic oscillator:

    x'' + 2*zeta*w*x' + w^2*x = 0,       x(0) = x0,  x'(0) = v0

with w = 2*pi/response (rad/s) and zeta the damping ratio, or equivalently
m*x'' + c*x' + k*x = 0 with w = sqrt(k/m), zeta = c / (2*sqrt(k*m)).

The reference uses the textbook three-branch closed form of
scripts/lib/exact_spring.py (through `Solution`), evaluated with mpmath at 50
significant digits plus GUARD extra digits.  All float inputs are converted
*exactly* to mpf; the branch (under / critical / over) is decided with exact
rational arithmetic on the float inputs (fractions.Fraction), and zeta^2 - 1
is formed exactly as a rational so that near-critical springs are handled
without cancellation.

Self-checks (the script aborts with AssertionError if any fails)
---------------------------------------------------------------
  * closed form vs. mpmath.odefun (Taylor-series ODE integrator) at 50 digits
    for zeta in {0.3, 1, 3, 1+1e-9, 0} (+ two (m,k,c) springs): |diff| < 1e-20;
  * x(0) == x0 and x'(0) == v0 to 1e-40 for every spring/initial condition;
  * every emitted value is re-evaluated at VERIFY_EXTRA more digits and must
    agree to 1e-30 relative (i.e. far beyond the 25 printed digits);
  * settling times: |x(settle)| == epsilon, |x| < epsilon on a fresh grid
    after `settle`, and agreement with an independent brute-force double
    precision scan.

Outputs (written to Tests/SpringMathTests/Fixtures/)
----------------------------------------------------
  exact_solution.csv    dampingRatio,response,x0,v0,t,x,v
  stiffness_damping.csv mass,stiffness,damping,x0,v0,t,x,v
  settling.csv          dampingRatio,response,x0,v0,epsilon,settle

Inputs are printed with repr(float) (exact round trip), outputs with
mpmath.nstr(value, 25) in scientific notation, e.g. 1.234...e-05.

Usage:  python3 scripts/reference/generate_fixtures.py
"""

import math
import os
import sys
import time

import numpy as np
import mpmath
from mpmath import mp, mpf

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
import exact_spring  # noqa: E402 (scripts/lib: the closed form)

mp.dps = 50          # reference precision (significant decimal digits)
GUARD = 30           # extra digits used inside closed-form evaluation
VERIFY_EXTRA = 40    # extra digits for the independent re-evaluation check
OUT_DIGITS = 25      # significant digits written to the CSV files

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
FIXTURES = os.path.join(ROOT, 'Tests', 'SpringMathTests', 'Fixtures')

LN1000 = math.log(1000.0)


# ---------------------------------------------------------------------------
# Springs and their closed-form solution
# ---------------------------------------------------------------------------
#
# A spring is an exact_spring.Spring: exact_spring.unit(zeta, response) or
# exact_spring.general(m, k, c), float inputs, with its exact regime
# (spring.regime) and exact zeta^2 - 1 (spring.zeta_squared_minus_one).

class Solution:
    """Closed-form x(t), x'(t) for one spring and one initial condition.

    exact_spring's Motion at `dps` digits (mp.dps + GUARD unless given); the
    formulas are in scripts/lib/exact_spring.py.  Keeps the numbers the
    settling-time bounds below use, as mpf: w, z, d = zeta^2 - 1, x0, v0 and,
    underdamped, a = zeta*w, wd = w*sqrt(1 - zeta^2), B = (v0 + a*x0)/wd.
    """

    def __init__(self, spring, x0, v0, dps=None):
        self.spring = spring
        self.branch = spring.regime
        self.dps = dps if dps is not None else mp.dps + GUARD
        self.motion = spring.motion(x0, v0, dps=self.dps)
        m = self.motion
        assert m.regime == self.branch, (spring, m.regime)
        self.w, self.z, self.d, self.x0, self.v0 = m.omega, m.zeta, m.d, m.x0, m.v0
        if self.branch == 'under':
            self.a, self.wd, self.B = m.decay, m.omega_d, m.b

    def __call__(self, t):
        """Return (x(t), x'(t)) as mpf for t (float or mpf)."""
        return self.motion(t)

    def accel(self, x, v):
        """x'' from the ODE itself: -2 zeta w x' - w^2 x."""
        with mp.workdps(self.dps):
            return -2 * self.z * self.w * v - self.w * self.w * x


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

def fmt(value):
    """25 significant digits, scientific notation, 2+ digit exponent, no spaces."""
    s = mpmath.nstr(value, OUT_DIGITS, min_fixed=1, max_fixed=0,
                    strip_zeros=False, show_zero_exponent=True)
    if s in ('0.0e+0', '-0.0e+0', '0.0', '-0.0'):
        return '0.0'
    mant, exp = s.split('e')
    sign = exp[0] if exp[0] in '+-' else '+'
    digits = exp.lstrip('+-')
    out = '%se%s%02d' % (mant, sign, int(digits))
    assert 'mpf' not in out and ' ' not in out and 'nan' not in out and 'inf' not in out, out
    f = float(out)
    assert math.isfinite(f), out
    return out


def rel_close(a, b, rel, absfloor=mpf(0)):
    return abs(a - b) <= rel * abs(b) + absfloor


def check_initial_conditions(sol):
    """x(0) == x0 and x'(0) == v0 to 1e-40 (absolute)."""
    x, v = sol(0.0)
    assert abs(x - sol.x0) < mpf('1e-40'), ('x(0) != x0', sol.spring.values, sol.x0, x)
    assert abs(v - sol.v0) < mpf('1e-40'), ("x'(0) != v0", sol.spring.values, sol.v0, v)


def verified_eval(spring, x0, v0, t, sol=None, sol_hi=None):
    """Evaluate at the normal precision and re-evaluate at VERIFY_EXTRA more digits."""
    sol = sol or Solution(spring, x0, v0)
    sol_hi = sol_hi or Solution(spring, x0, v0, dps=sol.dps + VERIFY_EXTRA)
    if t == 0.0:
        # x(0) = x0, x'(0) = v0 by definition; the closed form reproduces them to
        # 1e-40 (asserted in check_initial_conditions) but can leave residues such
        # as 1e-80 in place of an exact 0, so emit the exact initial values.
        check_initial_conditions(sol)
        return sol.x0, sol.v0
    x, v = sol(t)
    xh, vh = sol_hi(t)
    tiny = mpf(10) ** -(mp.dps + 10)
    assert rel_close(x, xh, mpf('1e-30'), tiny), ('precision check x', spring.values, x0, v0, t, x, xh)
    assert rel_close(v, vh, mpf('1e-30'), tiny), ('precision check v', spring.values, x0, v0, t, v, vh)
    return x, v


def rough_settling_time(spring):
    """Rough envelope settling time T (to 1/1000) used to lay out time grids."""
    w, z, _ = spring.parameters()                     # floats
    if spring.regime == 'under':
        if z == 0.0:
            return 50.0 * (2 * math.pi / w)          # 50 periods
        return LN1000 / (z * w)
    # zeta >= 1: slow-root decay rate s = w (zeta - sqrt(zeta^2-1)) = w / (zeta + sqrt(zeta^2-1))
    dq = float(spring.zeta_squared_minus_one)         # accurate zeta^2 - 1
    s = w / (max(z, 1.0) + math.sqrt(max(dq, 0.0)))
    return LN1000 / s


def time_grid(spring, n):
    """t = 0 plus n float times spread geometrically from 1e-4*response to 10*T."""
    w, _, _ = spring.parameters()
    response = 2 * math.pi / w if spring.kind == 'general' else spring.values[1]
    lo = 1e-4 * response
    hi = 10.0 * rough_settling_time(spring)
    ts = [float(lo * (hi / lo) ** (i / (n - 1))) for i in range(n)]
    return [0.0] + ts


# ---------------------------------------------------------------------------
# Self check against a numerical ODE integrator
# ---------------------------------------------------------------------------

def ode_self_check():
    unit, general = exact_spring.unit, exact_spring.general
    springs = [unit(0.3, 0.8), unit(1.0, 0.8), unit(3.0, 0.8),
               unit(1 + 1e-9, 0.8), unit(0.0, 0.5),
               general(1.0, 170.0, 26.0), general(0.01, 1.0, 0.2)]
    ics = [(1.0, 5.0), (-1.0, 0.0)]
    times = [0.05, 0.37, 1.1]
    worst = mpf(0)
    for spring in springs:
        for (x0, v0) in ics:
            sol = Solution(spring, x0, v0)
            with mp.workdps(mp.dps):
                w, z, _ = spring.parameters(dps=mp.dps)
                # Coefficients straight from the ODE in its original form.
                if spring.kind == 'general':
                    m, k, c = (mpf(u) for u in spring.values)
                    cdamp, kstiff = c / m, k / m
                else:
                    cdamp, kstiff = 2 * z * w, w * w
                F = lambda t, y, cdamp=cdamp, kstiff=kstiff: [y[1], -cdamp * y[1] - kstiff * y[0]]
                num = mpmath.odefun(F, 0, [mpf(x0), mpf(v0)])
                for t in times:
                    yn = num(mpf(t))
                    xc, vc = sol(t)
                    err = max(abs(yn[0] - xc), abs(yn[1] - vc))
                    worst = max(worst, err)
                    assert err < mpf('1e-20'), ('ODE self-check failed', spring.values, x0, v0, t, err)
    return len(springs) * len(ics) * len(times), worst


# ---------------------------------------------------------------------------
# Fixture 1: exact_solution.csv
# ---------------------------------------------------------------------------

ZETAS = [0.0, 1e-3, 0.1, 0.5, 0.68, 0.9, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12, 1.0,
         1 + 1e-12, 1 + 1e-9, 1 + 1e-6, 1.1, 2.0, 10.0, 100.0]
RESPONSES = [1e-3, 0.1, 0.8, 1000.0]
ICS = [(-1.0, 0.0), (1.0, 5.0), (0.0, -3.0), (2.5, 1000.0), (-1e-3, 0.02)]


def gen_exact_solution():
    rows = []
    for zeta in ZETAS:
        for response in RESPONSES:
            spring = exact_spring.unit(zeta, response)
            times = time_grid(spring, 10)
            for (x0, v0) in ICS:
                sol = Solution(spring, x0, v0)
                sol_hi = Solution(spring, x0, v0, dps=sol.dps + VERIFY_EXTRA)
                check_initial_conditions(sol)
                for t in times:
                    x, v = verified_eval(spring, x0, v0, t, sol, sol_hi)
                    rows.append([repr(zeta), repr(response), repr(x0), repr(v0), repr(t),
                                 fmt(x), fmt(v)])
    return 'dampingRatio,response,x0,v0,t,x,v', rows


# ---------------------------------------------------------------------------
# Fixture 2: stiffness_damping.csv
# ---------------------------------------------------------------------------

# (k, c) pairs used with every mass; physical meaning quoted for m = 1.
KC_COMMON = [
    (157.91367041742973, 17.59291886010284),  # SwiftUI-like: response 0.5, zeta 0.7
    (100.0, 10.0),                            # CASpringAnimation-like: zeta 0.5
    (170.0, 26.0),                            # react-spring default: zeta ~0.997
    (100.0, 20.0),                            # critically damped exactly for m = 1
    (100.0, 60.0),                            # overdamped zeta 3
    (1.0, 0.1),                               # lightly damped zeta 0.05
    (39.47841760435743, 0.0),                 # undamped, period 1 s
]
# Extra (m, k, c) springs specific to one mass.
MKC_EXTRA = [
    (100.0, 1.0, 20.0),       # critically damped exactly: c^2 == 4km
    (100.0, 10000.0, 2000.0), # critically damped exactly
    (100.0, 400.0, 100.0),    # zeta 0.25
    (0.01, 1.0, 0.2),         # "critical" in decimal, but 0.01 is not a float: zeta = 1 - O(1e-17)
    (0.01, 4.0, 1.0),         # zeta ~2.5
    (0.01, 100.0, 0.5),       # zeta ~0.25, w = 100
]
MASSES = [0.01, 1.0, 100.0]


def gen_stiffness_damping():
    springs = [exact_spring.general(m, k, c) for m in MASSES for (k, c) in KC_COMMON]
    springs += [exact_spring.general(m, k, c) for (m, k, c) in MKC_EXTRA]
    rows = []
    branches = {}
    for spring in springs:
        branches[spring.regime] = branches.get(spring.regime, 0) + 1
        times = time_grid(spring, 7)
        for (x0, v0) in ICS:
            sol = Solution(spring, x0, v0)
            sol_hi = Solution(spring, x0, v0, dps=sol.dps + VERIFY_EXTRA)
            check_initial_conditions(sol)
            for t in times:
                x, v = verified_eval(spring, x0, v0, t, sol, sol_hi)
                m, k, c = spring.values
                rows.append([repr(m), repr(k), repr(c), repr(x0), repr(v0), repr(t),
                             fmt(x), fmt(v)])
    return 'mass,stiffness,damping,x0,v0,t,x,v', rows, branches


# ---------------------------------------------------------------------------
# Fixture 3: settling.csv
# ---------------------------------------------------------------------------

def find_root_bracketed(f, fprime, lo, hi, tol):
    """Root of f on [lo, hi] with f(lo), f(hi) of opposite sign (or zero).

    Safeguarded Newton / bisection (rtsafe): the bracket is kept at every
    step, Newton steps that leave it are replaced by bisection.  Iterates
    until the step/bracket is below `tol`.
    """
    flo, fhi = f(lo), f(hi)
    if flo == 0:
        return lo
    if fhi == 0:
        return hi
    assert (flo > 0) != (fhi > 0), 'root not bracketed'
    if flo > 0:              # orient so that f(lo) < 0 < f(hi)
        lo, hi = hi, lo
    t = (lo + hi) / 2
    for _ in range(2000):
        ft = f(t)
        if ft == 0:
            return t
        if ft < 0:
            lo = t
        else:
            hi = t
        dft = fprime(t)
        newton = t - ft / dft if dft != 0 else None
        if newton is not None and min(lo, hi) < newton < max(lo, hi):
            step = abs(newton - t)
            t = newton
        else:
            t_new = (lo + hi) / 2
            step = abs(t_new - t)
            t = t_new
        if step < tol or abs(hi - lo) < tol:
            return t
    raise RuntimeError('root finder did not converge')


def settle_upper_bound(sol, eps):
    """A time t_hi such that |x(t)| < eps for all t >= t_hi (None if |x| < eps always)."""
    with mp.workdps(sol.dps):
        x0, v0, w, z = sol.x0, sol.v0, sol.w, sol.z
        if sol.branch == 'under':
            # |x(t)| <= A e^{-a t},  A = sqrt(x0^2 + B^2)
            A = mpmath.sqrt(x0 ** 2 + sol.B ** 2)
            if A < eps:
                return None
            return mpmath.log(A / eps) / sol.a * (1 + mpf('1e-12')) + mpf('1e-30')
        # zeta >= 1:  x = e^{-z w t}(x0 cosh(q w t) + (v0 + z w x0) sinh(q w t)/(q w)), and
        # sinh(y)/y <= cosh(y) <= e^y give  |x| <= (|x0| + |v0 + z w x0| t) e^{-s t},
        # s = w (z - q) = w/(z + q)  (q = 0 for the critical case: then it is exact).
        q = mpmath.sqrt(sol.d) if sol.branch == 'over' else mpf(0)
        s = w / (z + q)
        P, Q = abs(x0), abs(v0 + z * w * x0)
        bound = lambda t: (P + Q * t) * mpmath.exp(-s * t)
        t = 1 / s                      # bound is decreasing for t >= 1/s
        while bound(t) >= eps:
            t *= 2
        # shrink: bisect on [t/2, t] (both past 1/s when t/2 >= 1/s) for a tighter bound
        lo = t / 2 if t / 2 >= 1 / s else 1 / s
        hi = t
        for _ in range(60):
            mid = (lo + hi) / 2
            if bound(mid) >= eps:
                lo = mid
            else:
                hi = mid
        return hi


def settling_time(sol, eps_f):
    """Last t >= 0 with |x(t)| >= eps (0 if never).

    Dense scan of [0, t_hi] (step <= damped period / 50, or t_hi / 2000 for
    critical/over-damped), with every extremum of x (sign change of x')
    located exactly, so no excursion above eps can fall between samples;
    then the final crossing is refined to < 1e-40 by safeguarded Newton.
    """
    eps = mpf(eps_f)
    t_hi = settle_upper_bound(sol, eps)
    if t_hi is None:
        assert abs(sol.x0) < eps
        return mpf(0)
    with mp.workdps(sol.dps):
        if sol.branch == 'under':
            period = 2 * mp.pi / sol.wd
            n = int(mpmath.ceil(max(t_hi / (period / 50), 200)))
        else:
            n = 2000
        h = t_hi / n

    absx_minus_eps = lambda t: abs(sol(t)[0]) - eps

    def d_absx(t):
        x, v = sol(t)
        return v if x >= 0 else -v

    def v_of(t):
        return sol(t)[1]

    def dv(t):
        x, v = sol(t)
        return sol.accel(x, v)

    # Build the ordered list of "events": sample points and interior extrema.
    # Between consecutive events x is monotone, so |x| - eps has at most one root there.
    events = []                 # (t, |x(t)|)
    prev_t, prev_v = None, None
    for i in range(n + 1):
        with mp.workdps(sol.dps):
            t = h * i if i < n else t_hi
        x, v = sol(t)
        if prev_t is not None and ((prev_v < 0 < v) or (prev_v > 0 > v)):
            te = find_root_bracketed(v_of, dv, prev_t, t, mpf(10) ** -(mp.dps - 5))
            events.append((te, abs(sol(te)[0])))
        events.append((t, abs(x)))
        prev_t, prev_v = t, v

    assert events[-1][1] < eps, 'upper bound violated'
    last = None
    for i, (t, ax) in enumerate(events):
        if ax >= eps:
            last = i
    if last is None:
        return mpf(0)
    lo, hi = events[last][0], events[last + 1][0]
    return find_root_bracketed(absx_minus_eps, d_absx, lo, hi, mpf(10) ** -(mp.dps - 5))


def brute_force_settle(spring, x0, v0, eps, t_max, n):
    """Independent double-precision estimate: dense numpy grid, last |x| >= eps.

    Returns the bracketing grid interval.  Uses the same closed form but a
    different evaluation (double precision, numpy) and no root finding, so it
    only checks the high-precision result to grid accuracy.
    """
    t = np.linspace(0.0, t_max, n + 1)
    x = spring.motion(x0, v0, vectorised=True).position(t)
    idx = np.nonzero(np.abs(x) >= eps)[0]
    if len(idx) == 0:
        return 0.0, 0.0
    i = idx[-1]
    return t[i], t[min(i + 1, n)]


SET_ZETAS = [0.05, 0.1, 0.3, 0.5, 0.68, 0.9, 0.99, 1.0, 1 + 1e-9, 1.5, 3.0, 10.0]
SET_RESPONSES = [0.2, 0.8, 1.0]
SET_ICS = [(-1.0, 0.0), (1.0, 5.0), (0.0, -3.0), (0.5, 20.0)]
SET_EPS = [1e-3, 1e-2, 1e-6]


def gen_settling():
    rows = []
    for zeta in SET_ZETAS:
        for response in SET_RESPONSES:
            spring = exact_spring.unit(zeta, response)
            for (x0, v0) in SET_ICS:
                sol = Solution(spring, x0, v0)
                check_initial_conditions(sol)
                for eps in SET_EPS:
                    ts = settling_time(sol, eps)
                    epsm = mpf(eps)
                    # (a) |x(settle)| == eps (unless settle == 0 because |x| < eps always)
                    if ts > 0:
                        xs = abs(sol(ts)[0])
                        assert abs(xs - epsm) < mpf('1e-35') * epsm, ('settle not on eps', zeta, response, x0, v0, eps)
                    # (b) |x| < eps on a fresh, offset grid after settle
                    with mp.workdps(sol.dps):
                        tb = settle_upper_bound(sol, epsm) or mpf(0)
                        span = max(tb - ts, mpf(0)) * mpf('1.5') + mpf(response)
                        for j in range(200):
                            tj = ts + span * (j + mpf('0.37')) / 200
                            assert abs(sol(tj)[0]) < epsm, ('not settled after settle', zeta, response, x0, v0, eps, tj)
                    # (c) independent brute-force double precision scan
                    t_max = float(tb) * 1.05 + response
                    lo, hi = brute_force_settle(spring, x0, v0, eps, t_max, 200000)
                    slack = 1e-6 * t_max
                    assert lo - slack <= float(ts) <= hi + slack, ('brute-force mismatch', zeta, response, x0, v0, eps, float(ts), lo, hi)
                    rows.append([repr(zeta), repr(response), repr(x0), repr(v0), repr(eps), fmt(ts)])
    return 'dampingRatio,response,x0,v0,epsilon,settle', rows


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def write_csv(name, header, rows):
    path = os.path.join(FIXTURES, name)
    ncol = header.count(',') + 1
    with open(path, 'w') as fh:
        fh.write(header + '\n')
        for r in rows:
            assert len(r) == ncol
            line = ','.join(r)
            assert ' ' not in line and 'mpf' not in line and 'nan' not in line.lower() and 'inf' not in line.lower()
            fh.write(line + '\n')
    return path


def main():
    t_start = time.time()
    os.makedirs(FIXTURES, exist_ok=True)

    n, worst = ode_self_check()
    print('ODE self-check: %d comparisons, worst |closed form - odefun| = %s  (%.1fs)'
          % (n, mpmath.nstr(worst, 3), time.time() - t_start))

    header, rows = gen_exact_solution()
    write_csv('exact_solution.csv', header, rows)
    print('exact_solution.csv: %d rows  (%.1fs)' % (len(rows), time.time() - t_start))

    header, rows, branches = gen_stiffness_damping()
    write_csv('stiffness_damping.csv', header, rows)
    print('stiffness_damping.csv: %d rows, springs per branch %s  (%.1fs)'
          % (len(rows), branches, time.time() - t_start))

    header, rows = gen_settling()
    write_csv('settling.csv', header, rows)
    print('settling.csv: %d rows  (%.1fs)' % (len(rows), time.time() - t_start))

    print('all self-checks passed; total %.1fs' % (time.time() - t_start))


if __name__ == '__main__':
    main()
