import Dispatch
import Foundation
import SpringStudio

// Server-side cost of the studio's chart: GET /api/chart.svg answered in process (validation, the
// curve chart, Cairo's SVG and the text pass), without HTTP. Run in a release build.

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

let cases = [
    ("one spring (the page's default request)", "damping=0.68&response=0.8&from=0&to=100&velocity=0"),
    ("four springs compared", "damping=0.3,0.5,0.7,1&response=0.5,0.6,0.8,0.4&from=0&to=100"),
    ("overdamped with velocity, dark theme", "damping=3&response=0.5&from=0&to=300&velocity=-900&theme=dark")
]
print("Studio chart endpoint, in process (release build)")
for (name, query) in cases {
    _ = StudioServer.respond(path: "/api/chart.svg", query: query)  // warm up fonts and caches
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<300 {
        let start = DispatchTime.now().uptimeNanoseconds
        let answer = StudioServer.respond(path: "/api/chart.svg", query: query)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        precondition(answer.status == 200, "chart failed: \(answer.status)")
        bytes = answer.body.count
    }
    let line =
        "  \(name): median \(String(format: "%.2f", median(times))) ms, p95 \(String(format: "%.2f", percentile(times, 0.95))) ms, \(bytes / 1024) KiB"
    print(line)
}
