// Built with the GTK trait (on by default); without it WaveGTK is empty.
#if GTK
    import CGtk4

    /// A GTK window whose content is one drawing area drawn with Cairo by a closure: the canvas an app
    /// animates with WaveRuntime, driving it from the area's frame clock and its drags.
    ///
    /// ```swift
    /// let canvas = GtkCanvasWindow(title: "Cards", width: 640, height: 400)
    /// let controller = AnimationController(frameSource: GtkFrameSource(widget: canvas.area))
    /// let drag = GtkDrag(widget: canvas.area)
    /// canvas.draw = { cr, size in cairo_rectangle(cr, 0, 0, size.x, size.y); cairo_fill(cr) }
    /// animator.valueChanged = { _ in canvas.queueDraw() }
    /// canvas.closeRequested = { running = false }
    /// canvas.present()
    /// ```
    @MainActor
    public final class GtkCanvasWindow {
        /// Draws the area, when GTK asks: Cairo's context (`cairo_t *`, valid during the call only) and
        /// the area's size in pixels.
        public var draw: ((OpaquePointer, SIMD2<Double>) -> Void)?
        /// The person asked to close the window (its close button, a shortcut, the window manager); the
        /// window closes after this returns.
        public var closeRequested: (() -> Void)?

        private let window: GtkObjectReference
        private let canvas: GtkObjectReference
        private var drawing: GtkDrawRegistration?
        private var closing: GtkCloseRequestConnection?

        /// A window `width` × `height` pixels of drawing area, titled `title` (shown only when
        /// `decorated`: without decoration the area is the whole window and its coordinates are the
        /// window's).
        public init(title: String, width: Int, height: Int, decorated: Bool = true, resizable: Bool = true) {
            precondition(width > 0 && height > 0, "width and height must be > 0")
            window = GtkObjectReference(gtk_window_new())
            canvas = GtkObjectReference(gtk_drawing_area_new())
            let gtkWindow = window.cast(to: GtkWindow.self), area = canvas.cast(to: GtkDrawingArea.self)
            gtk_window_set_title(gtkWindow, title)
            gtk_window_set_default_size(gtkWindow, gint(width), gint(height))
            gtk_window_set_resizable(gtkWindow, resizable ? 1 : 0)
            gtk_window_set_decorated(gtkWindow, decorated ? 1 : 0)
            gtk_drawing_area_set_content_width(area, gint(width))
            gtk_drawing_area_set_content_height(area, gint(height))
            gtk_window_set_child(gtkWindow, canvas.pointer)
            drawing = GtkDrawRegistration(area: canvas) { [weak self] cr, size in self?.draw?(cr, size) }
            closing = GtkCloseRequestConnection(window: window) { [weak self] in self?.closeRequested?() }
        }

        /// The drawing area: the widget to give `GtkFrameSource` and `GtkDrag`.
        public var area: UnsafeMutablePointer<GtkWidget> { canvas.pointer }

        /// Asks GTK to draw the area again on its next frame.
        public func queueDraw() {
            gtk_widget_queue_draw(canvas.pointer)
        }

        /// Shows the window.
        public func present() {
            gtk_window_present(window.cast(to: GtkWindow.self))
        }
    }
#endif
