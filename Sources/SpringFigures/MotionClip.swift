import SpringCharts
import SpringChoreography
import SpringConventions
import SpringMath
import SpringPlatforms

/// Springs as a person sees them move: one lane per spring, an element in each lane carried along a
/// track by the motion, the lanes sharing one value scale so that they compare. `springplot animate`
/// draws it frame by frame and `ClipEncoder` (SpringCharts) turns the frames into a GIF, animated PNG, WebM or
/// MP4.
public struct MotionClip: Sendable {
    /// How a lane's element moves.
    public enum Path: Sendable {
        /// The exact motion.
        case motion(SpringMotion<Double>)
        /// One exact motion until `time`, another (started at that instant) after it: a retarget or a
        /// restart.
        case switched(SpringMotion<Double>, at: Double, then: SpringMotion<Double>)
        /// A platform's displayed frames: each value is on screen from its time until the next
        /// (the last one stays).
        case frames(times: [Double], positions: [Double])
        /// A spring sequence: each keyframe's spring from its `at`, the state handed over exactly.
        case sequence(SpringSequence)
        /// The exact chase of a target moving at constant velocity, shown until `until` seconds
        /// (then held: a chase never rests).
        case chase(SpringChase<Double>, until: Double)
        /// The chased target itself, until `until` seconds.
        case target(SpringChase<Double>, until: Double)

        /// Where the element is at `time` seconds.
        public func position(at time: Double) -> Double {
            switch self {
            case .motion(let motion):
                return motion.position(at: max(time, 0))
            case .switched(let first, let switchTime, let second):
                return time < switchTime
                    ? first.position(at: max(time, 0)) : second.position(at: time - switchTime)
            case .frames(let times, let positions):
                guard !times.isEmpty else { return 0 }
                // The last frame shown at or before `time`.
                var low = 0, high = times.count - 1
                if time < times[0] { return positions[0] }
                while low < high {
                    let middle = (low + high + 1) / 2
                    if times[middle] <= time { low = middle } else { high = middle - 1 }
                }
                return positions[low]
            case .sequence(let sequence):
                return sequence.position(at: max(time, 0))
            case .chase(let chase, let until):
                return chase.position(at: min(max(time, 0), until))
            case .target(let chase, let until):
                return chase.target(at: min(max(time, 0), until))
            }
        }
    }

    /// One spring's lane.
    public struct Lane: Sendable {
        /// The words at the lane's top left: the spring, or what the lane shows.
        public var label: String
        /// The words at its top right (when it settles, when the platform stops).
        public var note: String
        public var color: SeriesColor
        public var path: Path
        /// Values marked on the track: where the motion starts and its targets.
        public var marks: [Double]

        public init(label: String, note: String, color: SeriesColor, path: Path, marks: [Double]) {
            self.label = label
            self.note = note
            self.color = color
            self.path = path
            self.marks = marks
        }
    }

    public var title: String
    public var lanes: [Lane]
    /// The values the tracks span, left to right (every lane's whole motion lies inside).
    public var range: ClosedRange<Double>
    /// Canvas size in logical px.
    public var width: Double
    public var height: Double
    public var theme: Theme

    public init(
        title: String, lanes: [Lane], range: ClosedRange<Double>, width: Double, height: Double, theme: Theme
    ) {
        self.title = title
        self.lanes = lanes
        self.range = range
        self.width = width
        self.height = height
        self.theme = theme
    }

    // Layout, in logical px.
    static let margin = 14.0
    static let headerHeight = 36.0
    static let bottomMargin = 10.0
    static let labelBand = 18.0
    /// The least height one lane needs (its label and an element of radius 5).
    public static let minimumLaneHeight = 40.0
    /// The height a clip of `lanes` lanes gets by default: 64 px a lane.
    public static func defaultHeight(lanes: Int) -> Double {
        headerHeight + bottomMargin + 64 * Double(max(lanes, 1))
    }
    /// The least height for `lanes` lanes.
    public static func minimumHeight(lanes: Int) -> Double {
        headerHeight + bottomMargin + minimumLaneHeight * Double(max(lanes, 1))
    }
    /// The least width: room for a track and a short label.
    public static let minimumWidth = 200.0

    var laneHeight: Double {
        (height - Self.headerHeight - Self.bottomMargin) / Double(max(lanes.count, 1))
    }

    /// The element's radius.
    public var elementRadius: Double { min(12, max(4, (laneHeight - Self.labelBand) / 2 - 6)) }

    /// The track's left and right ends: where `range`'s bounds put the element's centre.
    public var trackEnds: (left: Double, right: Double) {
        (Self.margin + elementRadius, width - Self.margin - elementRadius)
    }

    /// Logical px per unit of value along the track.
    public var pixelsPerUnit: Double {
        let span = range.upperBound - range.lowerBound
        let ends = trackEnds
        return span > 0 ? (ends.right - ends.left) / span : 0
    }

    /// The element's centre for `value`, in logical px from the canvas's left edge.
    public func x(for value: Double) -> Double {
        let span = range.upperBound - range.lowerBound
        let ends = trackEnds
        guard span > 0 else { return (ends.left + ends.right) / 2 }
        return ends.left + (value - range.lowerBound) / span * (ends.right - ends.left)
    }

    /// The vertical centre of lane `index`'s track.
    public func trackY(lane index: Int) -> Double {
        Self.headerHeight + Double(index) * laneHeight + Self.labelBand + (laneHeight - Self.labelBand) / 2
    }

    /// What stays the same in every frame, measured once, and the frame at any time.
    public func drawing(measurer: some TextMeasurer) -> Drawing {
        var still: [DrawCommand] = [
            .rect(Rect(x: 0, y: 0, width: width, height: height), fill: theme.background, stroke: nil, cornerRadius: 0)
        ]
        let titleFont = Font(family: theme.fontFamily, size: theme.subtitleSize + 1, weight: .bold)
        let labelFont = Font(family: theme.fontFamily, size: theme.legendSize)
        let clockFont = Font(family: theme.fontFamily, size: theme.legendSize)
        let clockWidth = measurer.measure("00.00 s", font: clockFont).width
        let titleRoom = width - 2 * Self.margin - clockWidth - 12
        still.append(
            .text(
                TextRun(
                    fitted(title, into: titleRoom, font: titleFont, measurer: measurer),
                    origin: Point(x: Self.margin, y: 24), font: titleFont, color: theme.foreground)))
        let ends = trackEnds
        for (index, lane) in lanes.enumerated() {
            let top = Self.headerHeight + Double(index) * laneHeight
            let baseline = top + 13
            let noteWidth = lane.note.isEmpty ? 0 : measurer.measure(lane.note, font: labelFont).width
            let labelRoom = width - 2 * Self.margin - noteWidth - (noteWidth > 0 ? 12 : 0)
            still.append(
                .text(
                    TextRun(
                        fitted(lane.label, into: labelRoom, font: labelFont, measurer: measurer),
                        origin: Point(x: Self.margin, y: baseline), font: labelFont, color: theme.foreground)))
            if !lane.note.isEmpty {
                still.append(
                    .text(
                        TextRun(
                            lane.note, origin: Point(x: width - Self.margin, y: baseline), font: labelFont,
                            color: theme.muted, anchor: .end)))
            }
            let y = trackY(lane: index)
            still.append(
                .line(
                    from: Point(x: ends.left, y: y), to: Point(x: ends.right, y: y),
                    stroke: Stroke(color: theme.grid, width: 2), crisp: true))
            for mark in lane.marks {
                let x = (self.x(for: mark) * 1).rounded() + 0.5
                still.append(
                    .line(
                        from: Point(x: x, y: y - elementRadius - 3), to: Point(x: x, y: y + elementRadius + 3),
                        stroke: Stroke(color: theme.muted, width: 1), crisp: true))
            }
        }
        return Drawing(clip: self, still: still, clockFont: clockFont)
    }

    /// `text`, cut short with an ellipsis when it is wider than `room`.
    func fitted(_ text: String, into room: Double, font: Font, measurer: some TextMeasurer) -> String {
        guard measurer.measure(text, font: font).width > room else { return text }
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            let candidate = String(characters).trimmingTrailingSpaces + "…"
            if measurer.measure(candidate, font: font).width <= room { return candidate }
        }
        return ""
    }

    /// A clip ready to draw: the still parts laid out, each frame adding the clock and the elements.
    public struct Drawing: Sendable {
        public let clip: MotionClip
        let still: [DrawCommand]
        let clockFont: Font

        /// The frame at `time` seconds of motion.
        public func frame(at time: Double) -> DisplayList {
            var commands = still
            let theme = clip.theme
            commands.append(
                .text(
                    TextRun(
                        MotionClip.clockText(time),
                        origin: Point(x: clip.width - MotionClip.margin, y: 24), font: clockFont,
                        color: theme.muted, anchor: .end)))
            let radius = clip.elementRadius
            for (index, lane) in clip.lanes.enumerated() {
                let value = lane.path.position(at: time)
                let x = clip.x(for: value.isFinite ? value : clip.range.lowerBound)
                commands.append(
                    .circle(
                        center: Point(x: x, y: clip.trackY(lane: index)), radius: radius,
                        fill: theme.resolve(lane.color), stroke: nil))
            }
            return DisplayList(width: clip.width, height: clip.height, title: clip.title, commands: commands)
        }
    }

    /// The clock in the corner: seconds with two decimals ("0.52 s").
    static func clockText(_ time: Double) -> String {
        let centiseconds = Int((max(time, 0) * 100).rounded())
        let fraction = centiseconds % 100
        return "\(centiseconds / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// Every colour a frame is drawn in, for a GIF's palette (`ClipPalette`).
    public var inks: [ChartColor] {
        lanes.map { theme.resolve($0.color) } + [theme.foreground, theme.muted, theme.grid]
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
