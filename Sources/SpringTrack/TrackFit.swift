import SpringMath

/// The spring behind tracked samples: the same fitter as `springplot fit` (start, from, to and
/// initial velocity free; the start at rest when the data show no velocity), then a check that the
/// spring explains the samples as well as the tracking noise allows.
public enum TrackFit {
    /// The residual a spring may leave: the tracker's own sub-pixel error (0.4 px for a centre, 0.6 px
    /// for an extent, which rests on two edges instead of a whole area) plus three times the noise
    /// seen on the still tail, or 0.2 % of the travel, whichever is larger. Easing curves and slides
    /// leave several times more.
    public static func residualLimit(noise: Double, travel: Double, property: TrackProperty = .position) -> Double {
        let floor = property == .position ? 0.4 : 0.6
        return Swift.max(floor + 3 * noise, 0.002 * abs(travel))
    }

    /// Fits the spring to `samples`.
    /// - Throws: ``TrackError/fit(_:)`` when the fitter refuses the data, ``TrackError/notASpring(residualRMS:travel:limit:)``
    ///   when the best spring misses the samples by more than ``residualLimit(noise:travel:)``.
    public static func fit(_ samples: TrackedSamples) throws(TrackError) -> SpringFit {
        let fit: SpringFit
        do {
            fit = try SpringFitter.fitChoosingStart(times: samples.times, positions: samples.values).fit
        } catch {
            throw .fit(error)
        }
        let travel = fit.to - fit.from
        let limit = residualLimit(noise: samples.noise, travel: travel, property: samples.property)
        if fit.residualRMS > limit { throw .notASpring(residualRMS: fit.residualRMS, travel: abs(travel), limit: limit) }
        return fit
    }
}
