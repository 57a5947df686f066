// Built with the GTK trait (on by default); without it WaveGTK is empty.
#if GTK
    import CGtk4
    import WaveRuntime

    /// A pointer drag on a GTK widget, reported as positions in the widget's coordinates and, on release,
    /// the gesture's velocity (WaveRuntime's `GestureVelocity` over the last 100 ms of motion events,
    /// timed with GLib's monotonic clock).
    ///
    /// ```swift
    /// let drag = GtkDrag(widget: area)
    /// drag.began = { point in cardContains(point) }          // false: not this drag
    /// drag.moved = { point in animator.target = point }
    /// drag.ended = { point, velocity in animator.velocity = velocity; animator.target = rest }
    /// ```
    @MainActor
    public final class GtkDrag {
        /// A drag starts at this point; return false to let it go by (it is not on anything draggable).
        public var began: ((SIMD2<Double>) -> Bool)?
        /// The pointer moved to this point while dragging.
        public var moved: ((SIMD2<Double>) -> Void)?
        /// The drag ended at this point, moving at this velocity (units per second).
        public var ended: ((SIMD2<Double>, SIMD2<Double>) -> Void)?

        private var connection: GtkDragConnection?
        private var tracker = GestureVelocity<SIMD2<Double>>()
        private var start = SIMD2(0.0, 0.0)
        private var dragging = false

        /// Drags with `button` (1, the primary button, by default) on `widget`.
        public init(widget: UnsafeMutablePointer<GtkWidget>, button: UInt32 = 1) {
            connection = GtkDragConnection(widget: GtkObjectReference(widget), button: button) {
                [weak self] event, point in
                self?.handle(event, point) ?? false
            }
        }

        /// Whether a drag is under way.
        public var isDragging: Bool { dragging }

        private static func now() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }

        private func handle(_ event: GtkDragConnection.Box.Event, _ point: SIMD2<Double>) -> Bool {
            switch event {
            case .begin:
                guard began?(point) ?? true else { return false }
                start = point
                dragging = true
                tracker.reset()
                tracker.add(point, at: Self.now())
            case .update:
                guard dragging else { return true }
                let position = start + point  // GTK reports the offset from the start
                tracker.add(position, at: Self.now())
                moved?(position)
            case .end:
                guard dragging else { return true }
                let position = start + point
                tracker.add(position, at: Self.now())
                dragging = false
                ended?(position, tracker.velocity)
            }
            return true
        }
    }
#endif
