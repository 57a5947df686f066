// Built with the GTK trait (on by default); without it WaveGTK is empty.
#if GTK
    import CGtk4

    // The only place WaveGTK holds C pointers: a strong reference to a GObject, and a tick callback's
    // registration. Invariants (asserted in debug builds):
    // - `GtkObjectReference.pointer` is never nil and holds one `g_object_ref` for the reference's
    //   lifetime, released in deinit;
    // - a `GtkTickRegistration` is the only owner of its callback box; the tick callback is removed in its
    //   deinit, before the box is released, so GTK never calls into freed memory. The same holds for a
    //   `GtkDrawRegistration` (the draw function is cleared in deinit), a `GtkDragConnection` (the gesture
    //   is removed) and a `GtkCloseRequestConnection` (the handler is disconnected).

    /// A strong reference to a GTK widget (a GObject): ref'd on creation, unref'd when released.
    final class GtkObjectReference {
        let pointer: UnsafeMutablePointer<GtkWidget>

        init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
            self.pointer = pointer
            g_object_ref(UnsafeMutableRawPointer(pointer))
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(pointer))
        }

        /// The widget as one of its GTK classes (a C cast: a GObject's class structs share its address).
        func cast<T>(to _: T.Type) -> UnsafeMutablePointer<T> {
            UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
        }

        /// The widget's frame clock time now, µs (0 when it has no frame clock: not realized).
        var frameTime: Int64 {
            guard let clock = gtk_widget_get_frame_clock(pointer) else { return 0 }
            return Int64(gdk_frame_clock_get_frame_time(clock))
        }
    }

    /// A tick callback on a widget, removed when the registration is released.
    final class GtkTickRegistration {
        /// What the C callback calls, with the frame time in µs.
        final class Box: Sendable {
            let onTick: @MainActor @Sendable (Int64) -> Void
            init(_ onTick: @escaping @MainActor @Sendable (Int64) -> Void) { self.onTick = onTick }
        }

        private let widget: GtkObjectReference
        private let box: Box
        private var id: guint

        init(widget: GtkObjectReference, onTick: @escaping @MainActor @Sendable (Int64) -> Void) {
            self.widget = widget
            box = Box(onTick)
            let callback: GtkTickCallback = { _, clock, data in
                guard let data, let clock else { return gboolean(0) }
                let box = Unmanaged<GtkTickRegistration.Box>.fromOpaque(data).takeUnretainedValue()
                let time = Int64(gdk_frame_clock_get_frame_time(clock))
                MainActor.assumeIsolated { box.onTick(time) }
                return gboolean(1)  // G_SOURCE_CONTINUE: removed only by the registration
            }
            id = gtk_widget_add_tick_callback(widget.pointer, callback, Unmanaged.passUnretained(box).toOpaque(), nil)
            assert(id != 0, "gtk_widget_add_tick_callback failed")
        }

        deinit {
            gtk_widget_remove_tick_callback(widget.pointer, id)
        }
    }

    /// A `GtkGestureDrag` on a widget, with its three signals, removed from the widget when released.
    final class GtkDragConnection {
        /// What the C callbacks call: the event kind and the drag's start point or offset.
        final class Box: Sendable {
            enum Event: Sendable { case begin, update, end }
            let onEvent: @MainActor @Sendable (Event, SIMD2<Double>) -> Bool
            init(_ onEvent: @escaping @MainActor @Sendable (Event, SIMD2<Double>) -> Bool) { self.onEvent = onEvent }
        }

        private let widget: GtkObjectReference
        private let gesture: OpaquePointer
        private let box: Box

        init(
            widget: GtkObjectReference, button: UInt32,
            onEvent: @escaping @MainActor @Sendable (Box.Event, SIMD2<Double>) -> Bool
        ) {
            self.widget = widget
            box = Box(onEvent)
            gesture = gtk_gesture_drag_new()
            gtk_gesture_single_set_button(gesture, button)
            typealias Handler = @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> Void
            let begin: Handler = { gesture, x, y, data in
                guard let data else { return }
                let box = Unmanaged<GtkDragConnection.Box>.fromOpaque(data).takeUnretainedValue()
                let accepted = MainActor.assumeIsolated { box.onEvent(.begin, SIMD2(x, y)) }
                if !accepted, let gesture { gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED) }
            }
            let update: Handler = { _, x, y, data in
                guard let data else { return }
                let box = Unmanaged<GtkDragConnection.Box>.fromOpaque(data).takeUnretainedValue()
                _ = MainActor.assumeIsolated { box.onEvent(.update, SIMD2(x, y)) }
            }
            let end: Handler = { _, x, y, data in
                guard let data else { return }
                let box = Unmanaged<GtkDragConnection.Box>.fromOpaque(data).takeUnretainedValue()
                _ = MainActor.assumeIsolated { box.onEvent(.end, SIMD2(x, y)) }
            }
            let data = Unmanaged.passUnretained(box).toOpaque()
            for (signal, handler) in [("drag-begin", begin), ("drag-update", update), ("drag-end", end)] {
                g_signal_connect_data(
                    UnsafeMutableRawPointer(gesture), signal, unsafeBitCast(handler, to: GCallback.self), data, nil,
                    GConnectFlags(rawValue: 0))
            }
            // The widget takes the gesture's reference.
            gtk_widget_add_controller(widget.pointer, gesture)
        }

        deinit {
            gtk_widget_remove_controller(widget.pointer, gesture)
        }
    }

    /// A drawing area's draw function, cleared when the registration is released.
    final class GtkDrawRegistration {
        /// What the C callback calls, with Cairo's context (`cairo_t *`) and the area's size in pixels.
        final class Box: Sendable {
            let onDraw: @MainActor @Sendable (OpaquePointer, SIMD2<Double>) -> Void
            init(_ onDraw: @escaping @MainActor @Sendable (OpaquePointer, SIMD2<Double>) -> Void) {
                self.onDraw = onDraw
            }
        }

        private let area: GtkObjectReference
        private let box: Box

        init(area: GtkObjectReference, onDraw: @escaping @MainActor @Sendable (OpaquePointer, SIMD2<Double>) -> Void) {
            self.area = area
            box = Box(onDraw)
            gtk_drawing_area_set_draw_func(
                area.cast(to: GtkDrawingArea.self),
                { _, cr, width, height, data in
                    guard let cr, let data else { return }
                    let box = Unmanaged<GtkDrawRegistration.Box>.fromOpaque(data).takeUnretainedValue()
                    // GTK calls this on the main thread and the context is valid for this call only: it does not
                    // cross threads, it is only handed to the main-actor closure that draws now.
                    nonisolated(unsafe) let context = cr
                    MainActor.assumeIsolated { box.onDraw(context, SIMD2(Double(width), Double(height))) }
                }, Unmanaged.passUnretained(box).toOpaque(), nil)
        }

        deinit {
            gtk_drawing_area_set_draw_func(area.cast(to: GtkDrawingArea.self), nil, nil, nil)
        }
    }

    /// A window's "close-request" handler, disconnected when the connection is released. The handler
    /// lets the window close (it returns false to GTK).
    final class GtkCloseRequestConnection {
        final class Box: Sendable {
            let onClose: @MainActor @Sendable () -> Void
            init(_ onClose: @escaping @MainActor @Sendable () -> Void) { self.onClose = onClose }
        }

        private let window: GtkObjectReference
        private let box: Box
        private var id: gulong

        init(window: GtkObjectReference, onClose: @escaping @MainActor @Sendable () -> Void) {
            self.window = window
            box = Box(onClose)
            let handler: @convention(c) (OpaquePointer?, gpointer?) -> gboolean = { _, data in
                guard let data else { return 0 }
                let box = Unmanaged<GtkCloseRequestConnection.Box>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { box.onClose() }
                return 0
            }
            id = g_signal_connect_data(
                UnsafeMutableRawPointer(window.pointer), "close-request", unsafeBitCast(handler, to: GCallback.self),
                Unmanaged.passUnretained(box).toOpaque(), nil, GConnectFlags(rawValue: 0))
            assert(id != 0, "g_signal_connect_data(close-request) failed")
        }

        deinit {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(window.pointer), id)
        }
    }
#endif
