/// The classical fourth-order Runge–Kutta method on the first-order system
/// `x' = v`, `v' = −(k/m)·x − (c/m)·v`, with x the displacement from the target.
@usableFromInline
enum RungeKutta4 {
    @inlinable
    static func advance<V: SpringVector>(
        value: inout V, velocity: inout V, target: V, deltaTime dt: Double,
        stiffness k: Double, dampingCoefficient c: Double, mass m: Double
    ) {
        let kOverM = k / m, cOverM = c / m
        func accel(_ x: V, _ v: V) -> V { V.combine(-kOverM, x, -cOverM, v) }
        let x0 = value - target, v0 = velocity
        let dx1 = v0, dv1 = accel(x0, v0)
        let x1 = x0 + dx1.scaled(by: dt / 2), v1 = v0 + dv1.scaled(by: dt / 2)
        let dx2 = v1, dv2 = accel(x1, v1)
        let x2 = x0 + dx2.scaled(by: dt / 2), v2 = v0 + dv2.scaled(by: dt / 2)
        let dx3 = v2, dv3 = accel(x2, v2)
        let x3 = x0 + dx3.scaled(by: dt), v3 = v0 + dv3.scaled(by: dt)
        let dx4 = v3, dv4 = accel(x3, v3)
        let sixth = dt / 6
        let dx = (dx1 + dx2.scaled(by: 2) + dx3.scaled(by: 2) + dx4).scaled(by: sixth)
        let dv = (dv1 + dv2.scaled(by: 2) + dv3.scaled(by: 2) + dv4).scaled(by: sixth)
        value = target + (x0 + dx)
        velocity = v0 + dv
    }
}
