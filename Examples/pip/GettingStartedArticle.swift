// The code of WaveGTK's getting-started article (Sources/WaveGTK/WaveGTK.docc/GettingStarted.md),
// compiled with pip-demo so that the article stays true; never called. A test
// (WaveGTKArticleTests) fails when the article's code and this function's differ.
#if GTK
    import CGtk4
    import SpringMath
    import WaveGTK
    import WaveRuntime

    func gettingStartedArticle() {
        gtk_init()
        MainActor.assumeIsolated {
            let window = GtkCanvasWindow(title: "Card", width: 800, height: 600)
            let controller = AnimationController(frameSource: GtkFrameSource(widget: window.area))
            let start = SIMD2(100.0, 100.0)
            let card = SpringAnimator(
                spring: Spring(dampingRatio: 0.68, response: 0.8), value: start, target: start, controller: controller)
            card.valueChanged = { _ in window.queueDraw() }
            window.draw = { cairo, _ in
                cairo_rectangle(cairo, card.value.x - 80, card.value.y - 45, 160, 90)
                cairo_fill(cairo)
            }
            let drag = GtkDrag(widget: window.area)
            drag.began = { _ in true }
            drag.moved = { point in
                card.target = point
                card.start()
            }
            drag.ended = { _, velocity in
                card.velocity = velocity
                card.target = SIMD2(700, 500)
                card.start()
            }
            window.present()
            while true { g_main_context_iteration(nil, 1) }
        }
    }
#endif
