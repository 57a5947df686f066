import SpringMath
import SpringPlatforms

extension ExportRequest {
    /// anime.js v4's `spring()` easing in `animate()`: mass (at least 1), stiffness, damping
    /// coefficient, and the velocity in travels per second.
    func animeJS() -> TargetExport {
        // anime.js clamps the mass to at least 1: a lighter spring is written as k/m, c/m, mass 1.
        let scale = m < 1 ? m : 1
        let (mass, stiffness, damping) = (m / scale, k / scale, c / scale)
        let velocity = travelsPerSecond ?? 0
        let model = AnimeSpringModel(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
        let property = from == 0 ? n(to) : "[\(n(from)), \(n(to))]"
        var code = """
            import { animate, spring } from 'animejs';
            animate(element, { x: \(property), ease: spring({ mass: \(n(mass)), stiffness: \(n(stiffness)), \
            damping: \(n(damping)), velocity: \(n(velocity)) }) });
            """
        if velocity == 0 && mass == 1 {
            let bounce = zeta <= 1 ? 1 - zeta : 1 / zeta - 1
            code +=
                "\n// or spring({ bounce: \(n(bounce)), duration: \(n(spring.response * 1000)) }) (its stiffness and damping rounded to 3 decimals)"
        }
        var warnings: [ExportRemark] = []
        var notes = [
            ExportRemark(
                .settlingDuration,
                "the animation lasts its settling duration, \(n(model.settlingDuration)) ms: anime.js ends it where 20 ms "
                    + "samples stay within 0.05 % of the travel for 200 ms")
        ]
        if initialVelocity != 0 && travelsPerSecond == nil {
            warnings.append(.velocityWithoutTravel)
        } else if velocity != 0 {
            notes.append(
                ExportRemark(
                    .velocityAsTravelShare,
                    "velocity is the velocity divided by the travel (\(n(initialVelocity)) / \(n(travel)))"))
        }
        if scale != 1 {
            notes.append(
                ExportRemark(.massOne, "anime.js takes a mass of at least 1: stiffness and damping are k/m and c/m"))
        }
        var effective: Spring?
        if (stiffness / mass).squareRoot() > 1000 {
            effective = Spring(dampingRatio: zeta, stiffness: 1_000_000 * mass, mass: mass)
            warnings.append(
                ExportRemark(
                    .frequencyCapped,
                    "anime.js caps ω₀ at 1000 rad/s: the spring runs slower than asked (response ≥ 6.28 ms)"))
        }
        if stiffness > 10_000 || damping > 10_000 || abs(velocity) > 10_000 {
            warnings.append(
                ExportRemark(
                    .parametersClamped,
                    "anime.js clamps stiffness, damping and velocity to 10000: the spring it runs differs"))
        }
        return TargetExport(
            code: code,
            values: .animeJS(
                mass: mass, stiffness: stiffness, damping: damping, velocity: velocity,
                settlingDuration: model.settlingDuration),
            warnings: warnings, notes: notes, effectiveSpring: effective)
    }
}
