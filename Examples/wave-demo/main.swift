// WaveRuntime on Linux: a spring drawn as a bar in the terminal, in real time.
//
//     swift run wave-demo
//
// The shared controller `AnimationController.main` runs a 60 Hz timer on the main queue. A Linux
// program must let the main queue run: this one has an async entry point that awaits the animation
// (the main actor then services the queue while it waits). A program without async code ends
// `main` with `dispatchMain()` instead.
import Foundation
import SpringMath
import WaveRuntime

@MainActor
func drawBar(_ value: Double, label: String) {
    let width = 50
    let filled = max(0, min(width, Int((value / 100 * Double(width)).rounded())))
    let bar = String(repeating: "█", count: filled) + String(repeating: " ", count: width - filled)
    let line = "\u{1B}[2K\r\(label) |\(bar)| \(String(format: "%6.1f", value))"
    FileHandle.standardOutput.write(Data(line.utf8))
}

@main
struct WaveDemo {
    @MainActor
    static func main() async {
        let animator = SpringAnimator(spring: Spring(dampingRatio: 0.45, response: 0.6), value: 0.0, target: 100.0)
        animator.valueChanged = { drawBar($0, label: "bouncy ") }
        animator.start()
        let end = await animator.finished
        print("\nfinished at \(end ?? .nan)")

        // Retargeting mid-flight keeps position and velocity.
        animator.spring = Spring(dampingRatio: 0.8, response: 0.5)
        animator.valueChanged = { drawBar($0, label: "retarget") }
        animator.target = 20
        animator.start()
        try? await Task.sleep(for: .milliseconds(150))
        animator.target = 70
        _ = await animator.finished
        print("\nretargeted and finished at \(animator.value)")
    }
}
