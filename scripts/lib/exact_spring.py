"""The exact motion of a damped spring: the one closed form the repository's Python scripts and tests
compare with (fixture generators, clip makers, benchmarks, the browser, GTK, Lottie and hostile-input
suites). Written from the textbook, not from SpringKit.

Physics
-------
x = position - target of

    m x'' + c x' + k x = 0,   x(0) = x0,  x'(0) = v0,

that is x'' + 2 zeta w x' + w^2 x = 0 with w = sqrt(k/m) and zeta = c / (2 sqrt(k m)). A spring is
given in one of three ways:

    unit(zeta, response)               unit mass, w = 2 pi / response (response: undamped period, s)
    natural(zeta, omega)               unit mass, w given
    general(mass, stiffness, damping)  m, k, c

Every input is a float, an int, a Fraction or an mpmath number, each exactly a rational, so
zeta^2 - 1 is formed exactly (fractions.Fraction) and the regime is decided exactly:
under (zeta < 1), critical (zeta = 1 exactly) or over (zeta > 1).

Closed form (a = zeta w, d = zeta^2 - 1)
----------------------------------------
    under     wd = w sqrt(-d),  b = (v0 + a x0) / wd
              x = e^{-a t} (x0 cos(wd t) + b sin(wd t))
              x' = e^{-a t} (v0 cos(wd t) - (a b + wd x0) sin(wd t))
    critical  K = v0 + w x0
              x = e^{-w t} (x0 + K t),   x' = e^{-w t} (v0 - w K t)
    over      q = sqrt(d), written in one of two ways (the same function):
              two exponentials, where they are well conditioned (q >= 1/16 and zeta <= 4):
                  x = C1 e^{r1 t} + C2 e^{r2 t},   x' = C1 r1 e^{r1 t} + C2 r2 e^{r2 t},  r2 = -w (zeta + q),
                  in floats as the textbook writes them
                      r1 = -w (zeta - q),  C2 = (v0 - r1 x0) / (r2 - r1),  C1 = x0 - C2,
                  in mpmath with the slow root written without cancellation
                      r1 = -w / (zeta + q),  C1 = (v0 - r2 x0) / (r1 - r2),  C2 = (r1 x0 - v0) / (r1 - r2);
              elsewhere (zeta near 1, or large), with W = w q, E = 1 - e^{-2 W t} (from expm1) and the
              slow root r1 = -w / (zeta + q):
                  x = e^{r1 t} (x0 (1 - E/2) + (v0 + a x0) E / (2 W))
                  x' = e^{r1 t} (v0 (1 - E/2) - (w^2 x0 + a v0) E / (2 W))
              i.e. e^{-a t} (x0 cosh(W t) + (v0 + a x0) sinh(W t) / W): nothing cancels as zeta -> 1
              (E / (2 W) -> t) or as zeta grows, and nothing overflows.

Near zeta = 1 nothing is approximated: the underdamped form has no cancellation however small wd
is (b sin(wd t) -> (v0 + a x0) t), nor has the second overdamped form, so the three branches join
continuously and no band around zeta = 1 is treated as critical. In the band where both overdamped
forms apply they agree to within a few ulp (scripts/lib/test_exact_spring.py checks it); the
two-exponential one, with each arithmetic's coefficients, is used there because the committed
fixtures were made with it: they regenerate bit for bit.

Evaluation
----------
The same formulas run in three arithmetics:

    floats     (the default) math; parameters and results are floats;
    vectorised numpy for t (a number or an array); the parameters are still computed in floats;
    dps=N      mpmath at N significant digits (or more, where the caller's mpmath precision is
               higher, e.g. inside mpmath.diff); inputs converted exactly, results mpf.

numpy and mpmath are imported only when they are asked for; the floats need nothing.

Use
---
    motion = exact_spring.unit(0.68, 0.8).motion(x0=-100.0, v0=0.0)
    x, v = motion(0.25)            # also motion.position(t), motion.velocity(t)
    exact_spring.unit(0.68, 0.8).motion(-1.0, 0.0, dps=50)(mpmath.mpf("0.25"))
    exact_spring.unit(0.68, 0.8).motion(-1.0, 0.0, vectorised=True).position(numpy.linspace(0, 2, 1201))
    exact_spring.displacement(zeta, response, x0, v0, t)     # x(t), unit mass, floats
    exact_spring.state(zeta, response, x0, v0, t)            # (x(t), x'(t))

Importing it: scripts/lib is not a package; a caller puts this folder on sys.path, found from its
own file, then imports exact_spring:

    Tests/hostile, Tests/lottie, Tests/browser, Tests/gtk:
        ROOT / "scripts" / "lib" with ROOT = pathlib.Path(__file__).resolve().parents[2]
        (the browser and GTK tests take ROOT from Tests/browser/studio_support.py)
    Fuzz/make_corpus.py:
        pathlib.Path(__file__).resolve().parents[1] / "scripts" / "lib"
    scripts/track, scripts/bench, scripts/reference: the script's folder, then "../lib"
    scripts/reference/analysis, scripts/reference/export: the script's folder, then "../../lib"
    (scripts/track/make_benchmark_set.py: make_clip, which it imports, has done it)

Self-test: python3 scripts/lib/test_exact_spring.py
"""

import contextlib
import math
from fractions import Fraction

__all__ = ["Spring", "Motion", "unit", "natural", "general", "displacement", "state"]

# The two-exponential form is used for zeta > 1 only with q = sqrt(zeta^2 - 1) >= OVER_Q_MIN and
# zeta <= OVER_ZETA_MAX: there r1 - r2 and C1 + C2 lose at most a few bits.
OVER_Q_MIN = 1 / 16
OVER_ZETA_MAX = 4.0


# ----------------------------------------------------------------------------------- arithmetic

class _Floats:
    """math for everything: floats in, floats out."""
    name = "floats"

    def __init__(self):
        self.exp, self.expm1, self.cos, self.sin = math.exp, math.expm1, math.cos, math.sin
        self.sqrt, self.pi = math.sqrt, math.pi

    def number(self, value):
        return float(value)

    def time(self, t):
        return t

    def precision(self):
        return contextlib.nullcontext()


class _Vectorised(_Floats):
    """numpy for the functions of t (a number or an array); the parameters stay math floats, so they
    are the very numbers _Floats computes."""
    name = "vectorised"

    def __init__(self):
        super().__init__()
        import numpy as np
        self.np = np
        self.exp, self.expm1, self.cos, self.sin = np.exp, np.expm1, np.cos, np.sin

    def time(self, t):
        return self.np.asarray(t, dtype=float)


class _Mpmath:
    """mpmath at `dps` significant digits, for the parameters and every evaluation (or at mpmath's
    current precision where that is higher, as inside mpmath.diff)."""
    name = "mpmath"

    def __init__(self, dps):
        import mpmath
        self.mpmath, self.dps = mpmath, int(dps)
        self.exp, self.expm1, self.cos, self.sin = mpmath.exp, mpmath.expm1, mpmath.cos, mpmath.sin
        self.sqrt = mpmath.sqrt
        with self.precision():
            self.pi = +mpmath.mp.pi

    def number(self, value):
        if isinstance(value, Fraction):
            return self.mpmath.mpf(value.numerator) / value.denominator
        return self.mpmath.mpf(value)

    def time(self, t):
        return self.mpmath.mpf(t)

    def precision(self):
        return self.mpmath.workdps(max(self.dps, self.mpmath.mp.dps))


def _backend(dps, vectorised):
    if dps is not None and vectorised:
        raise ValueError("exact_spring: dps (mpmath) and vectorised (numpy) exclude each other")
    if dps is not None:
        return _Mpmath(dps)
    return _Vectorised() if vectorised else _Floats()


def _exact(value):
    """value as an exact Fraction: a float, int or Fraction, or an mpmath mpf (man * 2^exp)."""
    try:
        return Fraction(value)
    except TypeError:
        man, exp = int(value.man), int(value.exp)
        return Fraction(man) * Fraction(2) ** exp if exp >= 0 else Fraction(man, 2 ** -exp)


# ----------------------------------------------------------------------------------- springs

class Spring:
    """A damped spring, as the inputs it was given (`kind`, `values`) and its exact regime.

    kind: "unit" (zeta, response), "natural" (zeta, omega) or "general" (mass, stiffness, damping).
    zeta_squared_minus_one: zeta^2 - 1 as an exact Fraction of the inputs.
    regime: "under", "critical" or "over", from the sign of that fraction.
    """

    def __init__(self, kind, values):
        if kind not in ("unit", "natural", "general"):
            raise ValueError(f"exact_spring: unknown kind {kind!r}")
        exact = [_exact(v) for v in values]
        if kind == "general":
            m, k, c = exact
            if not (m > 0 and k > 0 and c >= 0):
                raise ValueError(f"exact_spring: mass and stiffness must be > 0, damping >= 0: {values}")
            d = (c * c - 4 * k * m) / (4 * k * m)
        else:
            zeta, scale = exact
            if not (zeta >= 0 and scale > 0):
                raise ValueError(f"exact_spring: need zeta >= 0 and {'response' if kind == 'unit' else 'omega'} > 0: {values}")
            d = zeta * zeta - 1
        self.kind, self.values = kind, tuple(values)
        self.zeta_squared_minus_one = d
        self.regime = "critical" if d == 0 else ("under" if d < 0 else "over")

    @classmethod
    def unit(cls, zeta, response):
        """Unit mass, damping ratio zeta, response (undamped period) in s: w = 2 pi / response."""
        return cls("unit", (zeta, response))

    @classmethod
    def natural(cls, zeta, omega):
        """Unit mass, damping ratio zeta, natural angular frequency omega (rad/s)."""
        return cls("natural", (zeta, omega))

    @classmethod
    def general(cls, mass, stiffness, damping):
        """m x'' + c x' + k x = 0 with m = mass, k = stiffness, c = damping (the coefficient)."""
        return cls("general", (mass, stiffness, damping))

    def parameters(self, dps=None):
        """(w, zeta, zeta^2 - 1): floats, or mpmath numbers at `dps` digits.

        Floats: zeta^2 - 1 is computed as zeta * zeta - 1 from the float zeta (as the textbook
        formulas are usually written; the error it makes is that of a last-bit change of zeta),
        and is 0 exactly for a critical spring. mpmath: zeta^2 - 1 is the exact fraction, rounded
        once; a critical general spring has zeta = 1 exactly.
        """
        backend = _backend(dps, False)
        with backend.precision():
            return self._parameters(backend)

    def _parameters(self, backend):
        n = backend.number
        if self.kind == "general":
            m, k, c = (n(v) for v in self.values)
            w = backend.sqrt(k / m)
            zeta = n(1) if self.regime == "critical" else c / (2 * backend.sqrt(k * m))
        else:
            zeta, scale = (n(v) for v in self.values)
            w = 2 * backend.pi / scale if self.kind == "unit" else scale
        if isinstance(backend, _Mpmath):
            d = n(self.zeta_squared_minus_one)
        elif self.regime == "critical":
            zeta, d = 1.0, 0.0
        else:
            d = zeta * zeta - 1
        return w, zeta, d

    def motion(self, x0, v0, *, dps=None, vectorised=False):
        """The free motion from x(0) = x0, x'(0) = v0 (a Motion).

        dps: evaluate with mpmath at that many significant digits. vectorised: evaluate with numpy,
        t may then be an array. Neither: floats (math).
        """
        backend = _backend(dps, vectorised)
        with backend.precision():
            w, zeta, d = self._parameters(backend)
            return Motion(w, zeta, d, backend.number(x0), backend.number(v0), backend)

    def __repr__(self):
        return f"Spring.{self.kind}{self.values!r}"


unit, natural, general = Spring.unit, Spring.natural, Spring.general


# ----------------------------------------------------------------------------------- motion

class Motion:
    """x(t) and x'(t) of x'' + 2 zeta w x' + w^2 x = 0 from x(0) = x0, x'(0) = v0 (see the module's
    docstring for the formulas). Made by Spring.motion.

    Attributes (numbers of the Motion's arithmetic): omega (w), zeta, d (zeta^2 - 1), x0, v0,
    decay (a = zeta w), regime ("under", "critical", "over": the branch evaluated, from the sign
    of d), form ("trigonometric", "critical", "exponentials" or "hyperbolic"); underdamped also
    omega_d (wd = w sqrt(1 - zeta^2)) and b ((v0 + a x0) / wd), so x = e^{-a t}(x0 cos + b sin).
    """

    def __init__(self, omega, zeta, d, x0, v0, backend):
        self.omega, self.zeta, self.d, self.x0, self.v0 = omega, zeta, d, x0, v0
        self.backend = backend
        self.dps = getattr(backend, "dps", None)
        self.regime = "critical" if d == 0 else ("under" if d < 0 else "over")
        with backend.precision():
            a = zeta * omega
            self.decay = a
            if self.regime == "under":
                self.form = "trigonometric"
                wd = omega * backend.sqrt(-d)
                self.omega_d = wd
                self.b = (v0 + a * x0) / wd
                self._sin_v = a * self.b + wd * x0         # sine coefficient of x'
                self._neg_a = -a
            elif self.regime == "critical":
                self.form = "critical"
                self._k = v0 + omega * x0
                self._wk = omega * self._k
                self._neg_w = -omega
            else:
                q = backend.sqrt(d)
                if q >= OVER_Q_MIN and zeta <= OVER_ZETA_MAX:
                    self.form = "exponentials"
                    r2 = -omega * (zeta + q)
                    if isinstance(backend, _Mpmath):
                        r1 = -omega / (zeta + q)
                        self._c1 = (v0 - r2 * x0) / (r1 - r2)
                        self._c2 = (r1 * x0 - v0) / (r1 - r2)
                    else:
                        r1 = -omega * (zeta - q)
                        self._c2 = (v0 - r1 * x0) / (r2 - r1)
                        self._c1 = x0 - self._c2
                    self._r1, self._r2 = r1, r2
                    self._c1r1, self._c2r2 = self._c1 * r1, self._c2 * r2
                else:
                    self.form = "hyperbolic"
                    big_w = omega * q
                    self._r1 = -omega / (zeta + q)
                    self._neg_2w = -2 * big_w
                    self._two_w = 2 * big_w
                    self._bx = v0 + a * x0                 # sinh(W t)/W coefficient of x
                    self._bv = omega * omega * x0 + a * v0  # and of -x'

    def __call__(self, t):
        """(x(t), x'(t))."""
        return self._evaluate(t, True, True)

    def position(self, t):
        """x(t) = position - target."""
        return self._evaluate(t, True, False)[0]

    def velocity(self, t):
        """x'(t)."""
        return self._evaluate(t, False, True)[1]

    def _evaluate(self, t, want_x, want_v):
        f = self.backend
        x = v = None
        with f.precision():
            t = f.time(t)
            if self.form == "trigonometric":
                e = f.exp(self._neg_a * t)
                c, s = f.cos(self.omega_d * t), f.sin(self.omega_d * t)
                if want_x:
                    x = e * (self.x0 * c + self.b * s)
                if want_v:
                    v = e * (self.v0 * c - self._sin_v * s)
            elif self.form == "critical":
                e = f.exp(self._neg_w * t)
                if want_x:
                    x = e * (self.x0 + self._k * t)
                if want_v:
                    v = e * (self.v0 - self._wk * t)
            elif self.form == "exponentials":
                e1, e2 = f.exp(self._r1 * t), f.exp(self._r2 * t)
                if want_x:
                    x = self._c1 * e1 + self._c2 * e2
                if want_v:
                    v = self._c1r1 * e1 + self._c2r2 * e2
            else:
                e = f.exp(self._r1 * t)
                big_e = -f.expm1(self._neg_2w * t)         # 1 - e^{-2 W t}
                even, odd = 1 - big_e / 2, big_e / self._two_w
                if want_x:
                    x = e * (self.x0 * even + self._bx * odd)
                if want_v:
                    v = e * (self.v0 * even - self._bv * odd)
        return x, v

    def __repr__(self):
        return (f"Motion({self.regime}, {self.form}, omega={self.omega!r}, zeta={self.zeta!r}, "
                f"x0={self.x0!r}, v0={self.v0!r}, arithmetic={self.backend.name})")


# ----------------------------------------------------------------------------------- shortcuts

def displacement(zeta, response, x0, v0, t, **arithmetic):
    """x(t) = position - target of the unit-mass spring (zeta, response) from x0, v0 (floats unless
    dps= or vectorised= says otherwise, as in Spring.motion)."""
    return Spring.unit(zeta, response).motion(x0, v0, **arithmetic).position(t)


def state(zeta, response, x0, v0, t, **arithmetic):
    """(x(t), x'(t)) of the unit-mass spring (zeta, response) from x0, v0."""
    return Spring.unit(zeta, response).motion(x0, v0, **arithmetic)(t)
