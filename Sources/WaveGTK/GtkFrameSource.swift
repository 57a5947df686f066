// Built with the GTK trait (on by default); without it WaveGTK is empty.
#if GTK
    import CGtk4
    import WaveRuntime

    /// Frames from a GTK 4 widget's frame clock: an `AnimationController` driven by
    /// `gtk_widget_add_tick_callback`, so animations step exactly when GTK paints, with the frame clock's
    /// microsecond frame times. It ticks only while the controller has something running (the controller
    /// starts and stops it), so an idle window costs nothing.
    ///
    /// ```swift
    /// let source = GtkFrameSource(widget: area)
    /// let controller = AnimationController(frameSource: source)
    /// let animator = SpringAnimator(spring: Spring(dampingRatio: 0.68, response: 0.8), value: SIMD2(0.0, 0.0),
    ///                               controller: controller)
    /// animator.valueChanged = { _ in gtk_widget_queue_draw(area) }
    /// ```
    @MainActor
    public final class GtkFrameSource: FrameSource {
        private let widget: GtkObjectReference
        private var tick: GtkTickRegistration?
        private var onFrame: (@MainActor (Double) -> Void)?
        /// The previous frame's time, µs (nil until the first frame after a start).
        private var previousFrameTime: Int64?
        /// The latest frame's time on the frame clock, in microseconds (0 before the first frame).
        public private(set) var frameTime: Int64 = 0

        /// A source ticking with `widget`'s frame clock. The widget is kept alive while the source is.
        public init(widget: UnsafeMutablePointer<GtkWidget>) {
            self.widget = GtkObjectReference(widget)
        }

        /// Whether the tick callback is installed.
        public var isTicking: Bool { tick != nil }

        public func start(onFrame: @escaping @MainActor (Double) -> Void) {
            guard tick == nil else { return }
            self.onFrame = onFrame
            // The first frame's step runs from the frame the animation was started on.
            previousFrameTime = widget.frameTime
            tick = GtkTickRegistration(widget: widget) { [weak self] frameTime in self?.frame(frameTime) }
        }

        public func stop() {
            tick = nil
            onFrame = nil
        }

        /// One tick: the step is the time since the previous frame, from the frame clock.
        private func frame(_ time: Int64) {
            frameTime = time
            let previous = previousFrameTime ?? time
            previousFrameTime = time
            onFrame?(Double(max(time - previous, 0)) / 1_000_000)
        }
    }
#endif
