import SpringCharts
import SpringConventions
import SpringFormatting
import SpringMath

/// A chart's frame: size, pixel scale, theme and an optional title that replaces the default.
public struct ChartFrame: Sendable {
    public var title: String?
    public var width: Double
    public var height: Double
    public var scale: Double
    public var theme: Theme

    public init(
        title: String? = nil, width: Double = 1200, height: Double = 800, scale: Double = 1, theme: Theme = .light
    ) {
        self.title = title
        self.width = width
        self.height = height
        self.scale = scale
        self.theme = theme
    }

    /// The chart with this frame.
    public func chart(title: String, subtitle: String?, panels: [Panel]) -> Chart {
        Chart(
            title: self.title ?? title, subtitle: subtitle, panels: panels, width: width, height: height, scale: scale,
            theme: theme)
    }
}

extension Motion {
    /// The subtitle line for one motion: where it goes and the spring's physical constants.
    public func subtitle(springs: [NamedSpring]) -> String {
        let motion = self
        var parts = ["from \(label(motion.from, digits: 4)) to \(label(motion.to, digits: 4))"]
        if motion.initialVelocity != 0 { parts.append("v₀ = \(label(motion.initialVelocity, digits: 4))/s") }
        if springs.count == 1 {
            let s = springs[0].spring
            if s.isInstantaneous {
                parts.append("non-animated (response 0)")
            } else {
                parts.append(
                    "k = \(label(s.stiffness, digits: 4)), c = \(label(s.dampingCoefficient, digits: 4)), m = \(label(s.mass, digits: 4))"
                )
            }
        }
        return parts.joined(separator: "  ·  ")
    }
}

/// What `springplot curve` draws and the studio shows.
public enum CurveChart {
    /// How much later than the rest a spring must need the time axis to be left off it: 3 × (see
    /// ``fittedSpan(_:)``).
    public static let cutRatio = 3.0

    /// The time axis for springs drawn together, and the springs it leaves before they settle.
    public struct TimeAxis: Sendable, Equatable {
        /// Seconds shown.
        public var span: Double
        /// The indices of the springs that settle beyond `span`, slowest last: each is named in a
        /// note on the chart.
        public var cut: [Int]
    }

    /// The time axis that fits the springs compared: past every spring's settle time, unless the
    /// slowest few would squash the rest.
    ///
    /// Each spring needs ``SpringAnalysis/neededSpan`` (a quarter past its settle time). When, in
    /// that order, one spring needs more than ``cutRatio`` times the spring before it, and the
    /// springs from there on are at most half of them, the axis fits the faster ones (rounded up to a
    /// tidy number) and the slower ones are cut: they run off the right edge, and the chart names
    /// them with when they settle. With several such gaps the highest one is cut, so the axis leaves
    /// off as few springs as it can. An instant jump (response 0) is never cut. One spring, or
    /// springs within ``cutRatio`` of each other, get the span that shows them all.
    public static func fittedSpan(_ analyses: [SpringAnalysis]) -> TimeAxis {
        let needs = analyses.map(\.neededSpan)
        let all = TimeAxis(span: tidyUp(needs.max() ?? 1), cut: [])
        guard analyses.count > 1 else { return all }
        let order = analyses.indices.sorted { needs[$0] < needs[$1] }
        // From the slowest down: the first gap wider than the ratio that leaves at most half out.
        for split in stride(from: order.count - 1, to: 0, by: -1) {
            let slow = Array(order[split...])
            guard 2 * slow.count <= order.count else { break }
            guard needs[order[split]] > cutRatio * needs[order[split - 1]],
                !slow.contains(where: { analyses[$0].spring.isInstantaneous })
            else { continue }
            return TimeAxis(span: tidyUp(needs[order[split - 1]]), cut: slow)
        }
        return all
    }

    /// The note for a spring the time axis leaves: "ζ = 0.1, response = 2 s settles at 14.3 s,
    /// beyond this axis".
    static func cutNote(_ analysis: SpringAnalysis) -> String {
        let settle = analysis.settleTime
        guard settle.isFinite else { return "\(analysis.named.name) never settles (undamped)" }
        return "\(analysis.named.name) settles at \(label(settle)) s, beyond this axis"
    }

    /// Position and velocity against time for one spring or several overlaid: the settle band and
    /// settle times, and the overshoot peaks. What `springplot curve` draws and the studio shows.
    ///
    /// Without `timeSpan` the time axis fits the springs compared (``fittedSpan(_:)``): a spring that
    /// settles far later than the others runs off the right edge, and a note on the position plot
    /// says when it settles.
    /// - Parameters:
    ///   - tolerance: the settle band as a fraction of the travel.
    ///   - timeSpan: seconds shown, whatever the springs need; nil for the fitted span.
    ///   - samples: points per curve.
    public static func chart(
        springs: [NamedSpring], motion: Motion, tolerance: Double, timeSpan: Double?,
        frame: ChartFrame, samples: Int = 1201
    ) -> Chart {
        let analyses = springs.map { SpringAnalysis($0, motion: motion, tolerance: tolerance) }
        let fitted = timeSpan == nil ? fittedSpan(analyses) : nil
        let span = timeSpan ?? fitted?.span ?? 1
        let single = analyses.count == 1
        var positionSeries: [Series] = [], velocitySeries: [Series] = []
        var positionNotes: [Annotation] = [], velocityNotes: [Annotation] = []

        // The palette in order (the studio's page colours the springs the same way); more springs than
        // colours take dashes.
        let styles = frame.theme.paletteSeriesStyles(count: analyses.count)
        for (index, analysis) in analyses.enumerated() {
            let sampled = analysis.motion.sampled(count: samples, span: span)
            let (times, positions, velocities) = (sampled.times, sampled.positions, sampled.velocities)
            let name = single ? nil : analysis.named.name
            let look = styles[index]
            positionSeries.append(
                Series(
                    name: name ?? "position", xs: times, ys: positions, color: look.color, lineWidth: 2.5,
                    dash: look.dash))
            velocitySeries.append(
                Series(
                    name: name ?? "velocity", xs: times, ys: velocities, color: look.color, lineWidth: 2.5,
                    dash: look.dash))

            let settle = analysis.settleTime
            if settle.isFinite && settle > 0 && settle <= span {
                let text = single ? analysis.howLong : "\(label(settle)) s"
                let style =
                    single ? AnnotationStyle.muted : AnnotationStyle(color: look.color, dash: .dashed, lineWidth: 1.25)
                positionNotes.append(
                    .verticalLine(
                        x: settle, label: text, style: style,
                        short: single ? "settles \(label(settle, digits: 3)) s" : nil))
                velocityNotes.append(.verticalLine(x: settle, label: nil, style: style))
            } else if !settle.isFinite && single {
                positionNotes.append(.note("undamped: never settles"))
            }
            let metrics = analysis.metrics
            if let peak = metrics.peakTime, metrics.overshoot > 1e-9, peak <= span {
                let y = analysis.motion.position(at: peak)
                let text =
                    single
                    ? "overshoot \(NumberFormat.percent(metrics.overshoot)) at \(label(peak)) s"
                    : NumberFormat.percent(metrics.overshoot)
                positionNotes.append(.marker(x: peak, y: y, label: text, color: single ? .foreground : look.color))
            }
        }
        for index in fitted?.cut ?? [] { positionNotes.append(.note(cutNote(analyses[index]))) }
        let first = analyses[0]
        positionNotes.insert(
            .horizontalBand(
                lower: motion.to - first.band, upper: motion.to + first.band,
                label: "±\(NumberFormat.percent(tolerance)) settle band"), at: 0)
        positionNotes.insert(.horizontalLine(y: motion.to, label: "target", style: .dotted), at: 1)
        velocityNotes.insert(.horizontalLine(y: 0, label: nil, style: .dotted), at: 0)

        let panels = [
            Panel(
                xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("position"), series: positionSeries,
                annotations: positionNotes, showsLegend: !single),
            Panel(
                xAxis: Axis("time (s)", range: 0...span), yAxis: Axis("velocity (units/s)"), series: velocitySeries,
                annotations: velocityNotes, showsLegend: false)
        ]
        let title = single ? "Spring: \(springs[0].name)" : "\(springs.count) springs"
        return frame.chart(title: title, subtitle: motion.subtitle(springs: springs), panels: panels)
    }
}
