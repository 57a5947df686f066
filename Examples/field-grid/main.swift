// A grid of cells that lean toward a pointer, driven by two SpringFields (x and y offsets): every
// cell is retargeted on every frame while the pointer moves, then the pointer leaves and the grid
// springs back. Prints the grid as text at a few moments and how long the frames took.
//
//     swift run -c release field-grid [columns rows]
import Dispatch
import Foundation
import SpringMath
import WaveRuntime

let arguments = CommandLine.arguments
let columns = arguments.count > 2 ? max(2, Int(arguments[1]) ?? 120) : 120
let rows = arguments.count > 2 ? max(2, Int(arguments[2]) ?? 80) : 80
let count = columns * rows
let spacing: Float = 10

// Cells at rest on their grid points; a bouncy spring so the release rings a little.
let spring = Spring(dampingRatio: 0.55, response: 0.45)
let dx = SpringField<Float>(count: count, spring: spring)
let dy = SpringField<Float>(count: count, spring: spring)
var settledAt: Double?
dx.settled = { [weak dx] in settledAt = dx?.time }

/// Where the pointer pulls a cell: toward it, falling off with distance.
func pull(column: Int, row: Int, pointer: (x: Float, y: Float)) -> (Float, Float) {
    let x = Float(column) * spacing, y = Float(row) * spacing
    let ex = pointer.x - x, ey = pointer.y - y
    let falloff = 1 / (1 + (ex * ex + ey * ey) / (120 * 120))
    return (ex * 0.35 * falloff, ey * 0.35 * falloff)
}

/// The grid as text: each character shows how far a block of cells has moved.
@MainActor func picture() -> String {
    let shades = Array(" .:-=+*#%@")
    let stepX = max(1, columns / 60), stepY = max(1, rows / 20)
    var lines: [String] = []
    for row in stride(from: 0, to: rows, by: stepY) {
        var line = ""
        for column in stride(from: 0, to: columns, by: stepX) {
            let i = row * columns + column
            let moved = (dx.positions[i] * dx.positions[i] + dy.positions[i] * dy.positions[i]).squareRoot()
            line.append(shades[min(shades.count - 1, Int(moved / 4))])
        }
        lines.append(line)
    }
    return lines.joined(separator: "\n")
}

let frame = 1.0 / 120
var stepNanoseconds: [Double] = []
var retargetNanoseconds: [Double] = []
let width = Float(columns - 1) * spacing, height = Float(rows - 1) * spacing
for index in 0..<480 {
    let t = Double(index) * frame
    if t < 2 {
        // The pointer sweeps a figure eight over the grid; every cell follows it.
        let pointer = (
            x: width * Float(0.5 + 0.4 * sin(2 * Double.pi * t / 2)),
            y: height * Float(0.5 + 0.3 * sin(4 * Double.pi * t / 2))
        )
        let start = DispatchTime.now().uptimeNanoseconds
        for row in 0..<rows {
            for column in 0..<columns {
                let (x, y) = pull(column: column, row: row, pointer: pointer)
                dx.retarget(row * columns + column, to: x)
                dy.retarget(row * columns + column, to: y)
            }
        }
        retargetNanoseconds.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    } else if t < 2 + frame / 2 {
        // The pointer leaves: every cell goes home, carrying its velocity.
        for i in 0..<count {
            dx.retarget(i, to: 0)
            dy.retarget(i, to: 0)
        }
    }
    let start = DispatchTime.now().uptimeNanoseconds
    dx.advance(by: frame)
    dy.advance(by: frame)
    stepNanoseconds.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    if [119, 239, 250, 280].contains(index) {
        print(
            "t = \(String(format: "%.2f", t + frame)) s, \(dx.movingCount + dy.movingCount) of \(2 * count) values moving"
        )
        print(picture())
        print("")
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
print("\(columns) × \(rows) cells (\(2 * count) springs), 120 Hz:")
print(
    "  step both fields: median \(String(format: "%.1f", median(stepNanoseconds) / 1000)) µs a frame"
        + " (\(String(format: "%.2f", median(stepNanoseconds) / Double(2 * count))) ns a value)")
print("  retarget every cell: median \(String(format: "%.1f", median(retargetNanoseconds) / 1000)) µs a frame")
if let settledAt {
    print("  back at rest \(String(format: "%.2f", settledAt - 2)) s after the pointer left")
} else {
    print("  still moving after 4 s")
}
