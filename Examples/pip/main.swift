// Picture in Picture on Linux: Wave's showcase in a GTK 4 window, driven by WaveRuntime on the window's
// frame clock (WaveGTK).
//
// Drag the card: it follows the pointer through a fast interactive spring (ζ 0.8, response 0.26 s).
// Let go: the card's position is projected with the gesture's velocity (SpringMath's projection,
// UIKit's normal deceleration) to the nearest of the four corner slots, and it springs there with
// ζ 0.68, response 0.8 s, starting with the gesture's velocity. Grab it mid-flight and it follows the
// pointer again from where it is, at the speed it has.
//
//   pip-demo                  the window
//   pip-demo --record FILE    also write every frame: t,x,y,vx,vy,targetX,targetY,state
#if GTK
    import CGtk4
    import Foundation
    import SpringMath
    import WaveGTK
    import WaveRuntime

    private let usage = """
        usage: pip-demo [--record FILE]

        Picture in Picture: drag the card and fling it; it springs to the corner its motion points at.
          --record FILE   write every frame as CSV (t,x,y,vx,vy,targetX,targetY,state), flushed each frame:
                          t in seconds from the first frame, x,y the card's centre in the window's
                          coordinates, vx,vy its velocity after the frame's step, the target, and the state
                          (idle, dragging, animating)
        """

    /// The record file asked for, if any; exits with a one-line message on a bad argument.
    func recordPathArgument() -> String? {
        var recordPath: String?
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--record":
                guard let path = arguments.popFirst(), !path.isEmpty else {
                    FileHandle.standardError.write(Data("pip-demo: --record needs a file name\n".utf8))
                    exit(2)
                }
                recordPath = path
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                FileHandle.standardError.write(Data("pip-demo: unknown argument '\(argument)' (see --help)\n".utf8))
                exit(2)
            }
        }
        return recordPath
    }

    /// The window's layout: its size, the card and the four corner slots the card rests in.
    struct Layout {
        static let width = 800.0, height = 600.0
        static let card = SIMD2(160.0, 90.0)
        static let margin = 24.0

        /// The centres of the four slots: top left, top right, bottom left, bottom right.
        static var slots: [SIMD2<Double>] {
            let x0 = margin + card.x / 2, x1 = width - margin - card.x / 2
            let y0 = margin + card.y / 2, y1 = height - margin - card.y / 2
            return [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x0, y1), SIMD2(x1, y1)]
        }

        /// The slot nearest to `point`.
        static func nearestSlot(to point: SIMD2<Double>) -> SIMD2<Double> {
            slots.min { ($0 - point).magnitudeSquared < ($1 - point).magnitudeSquared }!
        }

        static func contains(_ point: SIMD2<Double>, cardAt centre: SIMD2<Double>) -> Bool {
            abs(point.x - centre.x) <= card.x / 2 && abs(point.y - centre.y) <= card.y / 2
        }
    }

    /// The app: the window, the animator and the gesture, and the record.
    @MainActor
    final class PictureInPicture {
        static let interactiveSpring = Spring(dampingRatio: 0.8, response: 0.26)
        static let animatedSpring = Spring(dampingRatio: 0.68, response: 0.8)

        enum State: String { case idle, dragging, animating }

        let canvas: GtkCanvasWindow
        let source: GtkFrameSource
        let controller: AnimationController
        let animator: SpringAnimator<SIMD2<Double>>
        var state = State.idle
        var grabOffset = SIMD2(0.0, 0.0)
        let drag: GtkDrag
        var running = true
        let record: FileHandle?
        var firstFrameTime: Int64?

        init(recordPath: String?) throws {
            // No title bar: the drawing area is the whole window, so its coordinates are the window's.
            canvas = GtkCanvasWindow(
                title: "Picture in Picture", width: Int(Layout.width), height: Int(Layout.height),
                decorated: false, resizable: false)
            source = GtkFrameSource(widget: canvas.area)
            drag = GtkDrag(widget: canvas.area)
            controller = AnimationController(frameSource: source)
            let start = Layout.slots[3]
            animator = SpringAnimator(spring: Self.animatedSpring, value: start, target: start, controller: controller)
            if let recordPath {
                // An existing file is written in place (its permissions kept); anything but a regular file is refused.
                if let type = try? FileManager.default.attributesOfItem(atPath: recordPath)[.type] as? FileAttributeType
                {
                    guard type == .typeRegular else { throw PipError("--record \(recordPath) is not a regular file") }
                } else if !FileManager.default.createFile(atPath: recordPath, contents: nil) {
                    throw PipError("--record \(recordPath): cannot create it")
                }
                guard let handle = FileHandle(forWritingAtPath: recordPath) else {
                    throw PipError("--record \(recordPath): cannot write it")
                }
                try handle.truncate(atOffset: 0)
                handle.write(Data("t,x,y,vx,vy,targetX,targetY,state\n".utf8))
                record = handle
            } else {
                record = nil
            }
            setUpWindow()
            animator.valueChanged = { [unowned self] _ in self.frameDone() }
            animator.completion = { [unowned self] event in
                switch event {
                case .finished(let at):
                    // Resting under a still pointer is not the end of a drag.
                    guard self.state == .animating else { return }
                    self.state = .idle
                    log("finished at \(Self.text(at))")
                case .retargeted(let from, let to):
                    if self.state == .animating { log("retargeted from \(Self.text(from)) to \(Self.text(to))") }
                }
            }
        }

        static func text(_ p: SIMD2<Double>) -> String { "\(p.x) \(p.y)" }

        private func setUpWindow() {
            canvas.draw = { [unowned self] cr, _ in self.draw(cr) }
            canvas.closeRequested = { [unowned self] in self.running = false }
            drag.began = { [unowned self] point in self.dragBegan(point) }
            drag.moved = { [unowned self] point in self.dragMoved(point) }
            drag.ended = { [unowned self] point, velocity in self.dragEnded(point, velocity: velocity) }
        }

        // MARK: The gesture

        func dragBegan(_ point: SIMD2<Double>) -> Bool {
            guard Layout.contains(point, cardAt: animator.value) else { return false }
            // Caught (at rest or mid-flight): the card follows the pointer from where it is, at the speed
            // it has; only the spring changes.
            grabOffset = animator.value - point
            state = .dragging
            animator.spring = Self.interactiveSpring
            animator.target = animator.value
            animator.start()
            log("grabbed at \(Self.text(animator.value)) moving \(Self.text(animator.velocity))")
            return true
        }

        func dragMoved(_ pointer: SIMD2<Double>) {
            guard state == .dragging else { return }
            animator.target = pointer + grabOffset
            animator.start()  // after resting under a still pointer; nothing while it runs
        }

        func dragEnded(_ pointer: SIMD2<Double>, velocity: SIMD2<Double>) {
            guard state == .dragging else { return }
            let position = animator.value
            let projected = SIMD2(
                project(value: position.x, velocity: velocity.x), project(value: position.y, velocity: velocity.y))
            let corner = Layout.nearestSlot(to: projected)
            log(
                "released at \(Self.text(position)) velocity \(Self.text(velocity)) projected \(Self.text(projected)) corner \(Self.text(corner))"
            )
            state = .animating
            animator.spring = Self.animatedSpring
            animator.velocity = velocity
            animator.target = corner
            animator.start()
        }

        // MARK: Frames

        /// After each frame's step: redraw, and write the frame to the record.
        func frameDone() {
            canvas.queueDraw()
            guard let record else { return }
            let time = source.frameTime
            let first = firstFrameTime ?? time
            firstFrameTime = first
            let p = animator.value, v = animator.velocity, target = animator.target
            let row =
                "\(Double(time - first) / 1_000_000),\(p.x),\(p.y),\(v.x),\(v.y),\(target.x),\(target.y),\(state.rawValue)\n"
            record.write(Data(row.utf8))
            try? record.synchronize()
        }

        /// Whether the window has been drawn once (it is on screen and takes input).
        var shown = false

        func draw(_ cr: OpaquePointer) {
            if !shown {
                shown = true
                log("card at \(Self.text(animator.value))")
            }
            cairo_set_source_rgb(cr, 0.96, 0.96, 0.97)
            cairo_paint(cr)
            cairo_set_line_width(cr, 2)
            for slot in Layout.slots {
                rounded(cr, centre: slot, size: Layout.card, radius: 12)
                cairo_set_source_rgb(cr, 0.82, 0.82, 0.84)
                cairo_stroke(cr)
            }
            rounded(cr, centre: animator.value, size: Layout.card, radius: 12)
            cairo_set_source_rgb(cr, 0.0, 0.45, 0.70)
            cairo_fill(cr)
        }

        private func rounded(_ cr: OpaquePointer, centre: SIMD2<Double>, size: SIMD2<Double>, radius r: Double) {
            let x = centre.x - size.x / 2, y = centre.y - size.y / 2, w = size.x, h = size.y
            cairo_new_sub_path(cr)
            cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
            cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
            cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
            cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cr)
        }

        func run() {
            canvas.present()
            while running {
                g_main_context_iteration(nil, 1)
            }
        }
    }

    /// One line on standard output, written at once (a pipe would otherwise hold it back).
    func log(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    struct PipError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    let recordPath = recordPathArgument()
    gtk_init()
    do {
        let app = try MainActor.assumeIsolated { try PictureInPicture(recordPath: recordPath) }
        MainActor.assumeIsolated { app.run() }
    } catch {
        FileHandle.standardError.write(Data("pip-demo: \(error)\n".utf8))
        exit(1)
    }
#else
    print("pip-demo: built without the GTK trait, so there is no window to show")
#endif
