import Foundation
import SpringFormatting
import SpringMath
import SpringWire

/// A self-contained HTML page that plays the exact motion beside the exported CSS easing (and the
/// cubic-bezier fallback), so the approximation can be judged by eye. No network, no external files.
public enum PreviewPage {
    /// The page for `request`. The boxes loop; a checkbox slows them to ×0.25 and a slider scrubs.
    /// Adding `#t=0.25` to the URL freezes the page at that many seconds (for screenshots and tests).
    public static func html(for request: ExportRequest) throws -> String {
        let easing = try request.cssEasing()
        let motion = SpringMotion(
            spring: request.spring, from: request.from, to: request.to,
            initialVelocity: request.initialVelocity)
        let bezier = CubicBezierFit(easing: easing, motion: motion)
        let spring = request.spring
        let travel = request.to - request.from
        // The page moves boxes over 0…distance px whatever the request's units are.
        let distance = 480.0
        let title =
            "ζ \(NumberFormat.people(spring.dampingRatio, digits: 6)), response \(NumberFormat.people(spring.response, digits: 6)) s"
        let parameters = JSONWriter.text(
            Parameters(
                zeta: spring.dampingRatio, omega: spring.naturalFrequency, x0: -1,
                v0: request.initialVelocity / travel, duration: easing.duration,
                distance: distance, linear: easing.css, bezier: bezier.css),
            pretty: false)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Spring preview: \(title)</title>
            <style>
              :root { color-scheme: light dark; --ink: #1d1d1f; --muted: #6e6e73; --track: #e5e5ea; --paper: #ffffff; }
              @media (prefers-color-scheme: dark) { :root { --ink: #f5f5f7; --muted: #a1a1a6; --track: #2c2c2e; --paper: #1c1c1e; } }
              body { font: 15px/1.4 system-ui, sans-serif; color: var(--ink); background: var(--paper); margin: 24px; }
              h1 { font-size: 18px; margin: 0 0 4px; }
              p { color: var(--muted); margin: 0 0 16px; }
              .lane { position: relative; height: 56px; width: \(Int(distance) + 48)px; margin: 30px 0 8px 0; }
              .lane::before { content: ""; position: absolute; left: 24px; right: 24px; top: 27px; height: 2px; background: var(--track); }
              .lane span { position: absolute; left: 0; top: -18px; font-size: 13px; color: var(--muted); }
              .box { position: absolute; left: 0; top: 4px; width: 48px; height: 48px; border-radius: 12px; }
              #exact { background: #0a84ff; } #linear { background: #30d158; } #bezier { background: #ff9f0a; }
              .controls { display: flex; gap: 18px; align-items: center; }
            </style>
            </head>
            <body>
            <h1>\(title)</h1>
            <p>From \(NumberFormat.people(request.from, digits: 6)) to \(NumberFormat.people(request.to, digits: 6)), initial velocity \(NumberFormat.people(request.initialVelocity, digits: 6))/s.
            Duration \(NumberFormat.people((easing.duration * 1000).rounded(), digits: 6)) ms. linear(): \(easing.points.count) points,
            measured error \(NumberFormat.people(easing.measuredError * abs(travel), digits: 6)) (\(NumberFormat.people(easing.measuredError * 100, digits: 6)) % of the travel).
            cubic-bezier fallback error \(NumberFormat.people(bezier.error * 100, digits: 6)) %.</p>
            <div class="lane"><span>exact spring</span><div class="box" id="exact"></div></div>
            <div class="lane"><span>CSS linear()</span><div class="box" id="linear"></div></div>
            <div class="lane"><span>cubic-bezier fallback</span><div class="box" id="bezier"></div></div>
            <div class="controls">
              <label><input type="checkbox" id="slow"> slow motion (×0.25)</label>
              <label>scrub <input type="range" id="scrub" min="0" max="1000" value="0"></label>
              <button id="play" type="button">play</button>
            </div>
            <script type="module">
            \(springScript)
            const P = \(parameters);
            // The exact motion, in units of the travel: x(t) = 1 + displacement(t), by spring.js's closed form.
            function displacement(t) { return freeMotion(P.zeta, P.omega, P.x0, P.v0, t)[0]; }
            const exact = document.getElementById("exact");
            const keyframes = [{ transform: "translateX(0px)" }, { transform: `translateX(${P.distance}px)` }];
            const timing = { duration: P.duration * 1000, fill: "both" };
            const linear = document.getElementById("linear").animate(keyframes, { ...timing, easing: P.linear });
            const bezier = document.getElementById("bezier").animate(keyframes, { ...timing, easing: P.bezier });
            linear.pause(); bezier.pause();
            const cycle = P.duration + 0.6;
            let playing = true, started = performance.now(), offset = 0;
            function show(t) {
              const clamped = Math.min(Math.max(t, 0), P.duration);
              const x = t >= P.duration ? 1 : 1 + displacement(clamped);
              exact.style.transform = `translateX(${x * P.distance}px)`;
              linear.currentTime = clamped * 1000;
              bezier.currentTime = clamped * 1000;
              document.getElementById("scrub").value = Math.round(clamped / P.duration * 1000);
            }
            function frame(now) {
              if (playing) {
                const rate = document.getElementById("slow").checked ? 0.25 : 1;
                offset += (now - started) / 1000 * rate;
                started = now;
                show(offset % cycle);
              }
              requestAnimationFrame(frame);
            }
            document.getElementById("scrub").addEventListener("input", (e) => {
              playing = false; show(e.target.value / 1000 * P.duration);
            });
            document.getElementById("play").addEventListener("click", () => { playing = true; started = performance.now(); });
            const frozen = /[#&]t=([0-9.]+)/.exec(location.hash);
            if (frozen) { playing = false; show(parseFloat(frozen[1])); }
            window.springPreview = { show, displacement, P };
            requestAnimationFrame(frame);
            </script>
            </body>
            </html>

            """
    }

    /// spring.js: the exact motion of a damped spring in JavaScript (the closed form of SpringMath's
    /// transition matrix), which this page inlines and the studio serves, so that no page carries a
    /// closed form of its own. An ES module; Tests/web checks it against the 50-digit fixtures.
    /// (Embedded from `Web/spring.js` by SwiftPM: `PackageResources`.)
    public static let springScript = String(decoding: PackageResources.spring_js, as: UTF8.self)

    /// What the page's script plays: the spring, the start and the two easings.
    private struct Parameters: Encodable {
        var zeta: Double
        var omega: Double
        var x0: Double
        var v0: Double
        var duration: Double
        var distance: Double
        var linear: String
        var bezier: String
    }
}
