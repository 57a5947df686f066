import RealModule

/// sin(y) and cos(y) together, sharing one argument reduction.
///
/// The spring kernel always needs both at the same argument; the C library computes them with two
/// separate reductions. This reduces `y` once by π/2 (Cody–Waite, with π/2 split into three parts
/// of 33, 33 and 53 bits, so the reduction is exact to well below an ulp for |y| < 2²⁰·π/2) and then
/// evaluates the classic minimax polynomials of fdlibm's sine and cosine kernels on [−π/4, π/4].
/// Arguments beyond that range, and non-finite ones, fall back to the C library. Accuracy is within
/// an ulp or so of the correctly rounded result (checked against the C library in the tests).
@inlinable
func sineCosine(_ y: Double) -> (sin: Double, cos: Double) {
    let magnitude = abs(y)
    if !(magnitude < 1_647_099.0) {  // 2^20 · π/2; also catches NaN and ±∞
        return (Double.sin(y), Double.cos(y))
    }
    // n = nearest integer to y·2/π.
    let n = (y * 0.63661977236758134308).rounded(.toNearestOrEven)
    // π/2 = p1 + p2 + p3 with p1, p2 of 33 bits: n·p1 and n·p2 are exact for |n| < 2^20.
    let p1 = 1.57079632673412561417e+00
    let p2 = 6.07710050630396597660e-11
    let p3 = 2.02226624879595063154e-21
    let r = ((y - n * p1) - n * p2) - n * p3
    let z = r * r
    // fdlibm __kernel_sin coefficients.
    let s1 = -1.66666666666666324348e-01, s2 = 8.33333333332248946124e-03
    let s3 = -1.98412698298579493134e-04, s4 = 2.75573137070700676789e-06
    let s5 = -2.50507602534068634195e-08, s6 = 1.58969099521155010221e-10
    let sinR = r + r * z * (s1 + z * (s2 + z * (s3 + z * (s4 + z * (s5 + z * s6)))))
    // fdlibm __kernel_cos coefficients.
    let c1 = 4.16666666666666019037e-02, c2 = -1.38888888888741095749e-03
    let c3 = 2.48015872894767294178e-05, c4 = -2.75573143513906633035e-07
    let c5 = 2.08757232129817482790e-09, c6 = -1.13596475577881948265e-11
    let half = 0.5 * z
    let w = 1 - half
    let cosR = w + (((1 - w) - half) + z * z * (c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * c6))))))
    switch Int(n) & 3 {
    case 0: return (sinR, cosR)
    case 1: return (cosR, -sinR)
    case 2: return (-sinR, -cosR)
    default: return (-cosR, sinR)
    }
}
