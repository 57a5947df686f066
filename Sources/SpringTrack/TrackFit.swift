import SpringFitting
import SpringMath

/// The spring behind tracked samples: the same fitter as `springplot fit` (start, from, to and
/// initial velocity free; the start at rest when the data show no velocity), then a check that the
/// spring explains the samples as well as the tracking noise, and the pixel steps of an element drawn
/// pixel-snapped, allow.
public enum TrackFit {
    /// The residual a spring may leave: the tracker's own sub-pixel error (0.4 px for a centre, 0.6 px
    /// for an extent, which rests on two edges instead of a whole area) plus three times the noise
    /// seen on the still tail, combined with the rounding of an element drawn at `step`-pixel
    /// positions (uniform within ±step/2: step/√12 RMS, allowed 1.25 times), or 0.2 % of the travel,
    /// whichever is larger. Easing curves and slides leave several times more.
    public static func residualLimit(
        noise: Double, travel: Double, property: TrackProperty = .position, step: Double = 0
    ) -> Double {
        let floor = property == .position ? 0.4 : 0.6
        let tracking = floor + 3 * noise, rounding = 1.25 * step / 12.0.squareRoot()
        return Swift.max((tracking * tracking + rounding * rounding).squareRoot(), 0.002 * abs(travel))
    }

    /// The step of the lattice a moving element's positions sit on when it was drawn pixel-snapped, at
    /// whole pixels or whole multiples of them (4, 3, 2 or 1 px), as toolkits and browsers draw; 0
    /// when its positions are not snapped. A step counts when at least 70 % of the samples away from
    /// both ends (more than 1 px from the first and the last) lie within 0.2 px of a multiple of it
    /// from the last sample; unsnapped motion puts about 40 % there by chance at 1 px.
    public static func pixelStep(_ values: [Double]) -> Double {
        guard let first = values.first, let last = values.last else { return 0 }
        let moving = values.filter { abs($0 - first) > 1 && abs($0 - last) > 1 }
        guard moving.count >= 8 else { return 0 }
        for step in [4.0, 3, 2, 1] {
            let on = moving.filter { value in
                let multiple = (value - last) / step
                return abs(multiple - multiple.rounded()) * step <= 0.2
            }.count
            if Double(on) >= 0.7 * Double(moving.count) { return step }
        }
        return 0
    }

    /// Fits the spring to `samples`.
    /// - Throws: ``TrackError/fit(_:)`` when the fitter refuses the data, ``TrackError/notASpring(residualRMS:travel:limit:step:)``
    ///   when the best spring misses the samples by more than ``residualLimit(noise:travel:)``.
    public static func fit(_ samples: TrackedSamples) throws(TrackError) -> SpringFit {
        let fit: SpringFit
        do {
            fit = try SpringFitter.fitChoosingStart(times: samples.times, positions: samples.values).fit
        } catch {
            throw .fit(error)
        }
        let travel = fit.to - fit.from
        let step = samples.property == .position ? pixelStep(samples.values) : 0
        let limit = residualLimit(noise: samples.noise, travel: travel, property: samples.property, step: step)
        if fit.residualRMS > limit {
            throw .notASpring(residualRMS: fit.residualRMS, travel: abs(travel), limit: limit, step: step)
        }
        return fit
    }
}
