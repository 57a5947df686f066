import SpringMath
import SpringPlatforms

extension ExportRequest {
    /// Svelte's `spring` store: stiffness and damping per 60 Hz frame (Svelte adds the acceleration
    /// once a frame, so the same numbers are another spring at another rate).
    func svelte() -> TargetExport {
        let at60 = SvelteSpringModel(stiffness: k, dampingCoefficient: c, mass: m, frameRate: 60)
        let at120 = SvelteSpringModel(stiffness: k, dampingCoefficient: c, mass: m, frameRate: 120)
        let code = """
            import { spring } from 'svelte/motion';
            // stiffness and damping are per frame at 60 Hz; on a 120 Hz display use { stiffness: \(n(at120.stiffness)), \
            damping: \(n(at120.damping)) }
            const x = spring(\(n(from)), { stiffness: \(n(at60.stiffness)), damping: \(n(at60.damping)), precision: \(n(at60.precision)) }); \
            x.set(\(n(to)));
            """
        var warnings: [ExportRemark] = []
        if initialVelocity != 0 {
            warnings.append(
                ExportRemark(
                    .velocityDropped,
                    "Svelte's spring has no initial velocity: the \(n(initialVelocity)) units/s are dropped"))
        }
        if at60.damping >= 1 {
            warnings.append(
                ExportRemark(
                    .frameDampingReverses,
                    "damping \(n(at60.damping)) per frame is 1 or more: Svelte's step reverses the velocity each frame "
                        + "at 60 Hz (the spring is too fast or too damped for its frames)"))
        }
        let notes = [
            ExportRemark(
                .perFrameNumbers,
                "Svelte's stiffness and damping are per frame: stiffness = k/(60·r·m), damping = c/(r·m) at r frames per second"
            ),
            ExportRemark(
                .frameRateDependent,
                "the same numbers run √(r/60) times faster and √(r/60) times more damped at r Hz: at 120 Hz ζ × 1.41 and the response ÷ 1.41"
            ),
            ExportRemark(
                .endsNearRest,
                "it stops when a frame's move and the distance to the target are both under precision (absolute units)")
        ]
        return TargetExport(
            code: code,
            values: .svelte(
                stiffness: at60.stiffness, damping: at60.damping, precision: at60.precision,
                stiffnessAt120Hz: at120.stiffness, dampingAt120Hz: at120.damping),
            warnings: warnings, notes: notes, effectiveSpring: nil)
    }
}
