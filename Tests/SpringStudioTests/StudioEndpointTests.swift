import Foundation
import SpringTestSupport
import Testing

@testable import SpringStudio

/// Calls an endpoint directly, as the server does, with a raw query string.
func reply(_ path: String, _ query: String = "") -> StudioReply {
    let answer = StudioServer.respond(path: path, query: query)
    return StudioReply(status: answer.status, contentType: answer.contentType, body: answer.body)
}

func json(_ reply: StudioReply) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
}

@Suite("Studio endpoints")
struct StudioEndpointTests {
    @Test("The page and every endpoint answer")
    func answers() throws {
        let page = reply("/")
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(
            html.contains(#"<script type="module" src="/studio.js">"#) && !html.contains("http://")
                && !html.contains("https://"))
        // The page's own files, served from memory with their types; nothing from elsewhere.
        for (path, type) in [
            ("/studio.js", "text/javascript"), ("/spring.js", "text/javascript"), ("/studio.css", "text/css")
        ] {
            let file = reply(path)
            #expect(file.status == 200 && file.contentType.hasPrefix(type), "\(path)")
            let text = String(decoding: file.body, as: UTF8.self)
            #expect(!text.isEmpty && !text.contains("http://") && !text.contains("https://"), "\(path)")
        }
        #expect(String(decoding: reply("/spring.js").body, as: UTF8.self).contains("export function freeMotion"))

        let chart = reply("/api/chart.svg", "damping=0.68&response=0.8")
        #expect(chart.status == 200 && chart.contentType == "image/svg+xml")
        let svg = String(decoding: chart.body, as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("</svg>") && svg.contains("ζ = 0.68"))
        // The preview's last interaction, drawn beside the spring's curve: a retarget at 0.2 s and a
        // drag then a fling.
        let interacted = reply(
            "/api/chart.svg", "damping=0.5&response=0.8&interaction=0:0:100:0,0.2:30:10:400,0.5:drag,0.7:12:100:-900")
        #expect(
            interacted.status == 200 && String(decoding: interacted.body, as: UTF8.self).contains("last interaction"))
        let compared = String(
            decoding: reply("/api/chart.svg", "damping=0.3,0.7,1,1.5&response=0.5&theme=dark").body, as: UTF8.self)
        #expect(compared.contains("4 springs"))

        // The same chart as a PNG, `scale` device pixels per CSS px (IHDR: width and height, big-endian).
        let png = reply("/api/chart.png", "damping=0.68&response=0.8&width=600&height=400&scale=1.5")
        #expect(png.status == 200 && png.contentType == "image/png")
        #expect(Array(png.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let be = { (at: Int) in png.body[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be(16) == 900 && be(20) == 600)

        let spring = try json(reply("/api/spring.json", "framer-visual-duration=0.4&bounce=0.25"))
        let first = try #require((spring["springs"] as? [[String: Any]])?.first)
        let values = try #require(first["spring"] as? [String: Any])
        #expect(abs((values["dampingRatio"] as? Double ?? 0) - 0.75) < 1e-12)
        #expect(abs((values["response"] as? Double ?? 0) - 0.48) < 1e-12)
        #expect(values["dampingCoefficient"] is Double && values["damping"] == nil)
        // The metrics are info --json's keys; the settle time within the request's tolerance is beside them.
        let metrics = try #require(first["metrics"] as? [String: Any])
        #expect(
            first["settleTime"] is Double && metrics["waveSettleEstimate"] is Double && metrics["settlingTime"] == nil)
        #expect(metrics["overshoot"] is Double && metrics["settleTimes"] is [[String: Double]])

        // The settle tolerance is `tolerance`; `epsilon`, its old name, still gives the same answer.
        let byTolerance = try json(reply("/api/spring.json", "damping=0.5&response=0.6&tolerance=0.001"))
        let byEpsilon = try json(reply("/api/spring.json", "damping=0.5&response=0.6&epsilon=0.001"))
        let byDefault = try json(reply("/api/spring.json", "damping=0.5&response=0.6"))
        func settleTime(_ object: [String: Any]) -> Double? {
            (object["springs"] as? [[String: Any]])?.first?["settleTime"] as? Double
        }
        #expect(settleTime(byTolerance) != nil && settleTime(byTolerance) == settleTime(byEpsilon))
        #expect(settleTime(byTolerance) != settleTime(byDefault))
        for name in ["tolerance", "epsilon"] {
            let chart = reply("/api/chart.svg", "damping=0.5&response=0.6&\(name)=0.05")
            let svg = String(decoding: chart.body, as: UTF8.self)
            #expect(chart.status == 200 && svg.contains("±5 % settle band"), "\(name)")
        }

        let export = try json(reply("/api/export.json", "damping=0.68&response=0.8"))
        let targets = try #require(export["targets"] as? [[String: Any]])
        #expect(targets.count == 21 && targets.contains { ($0["code"] as? String)?.contains("linear(0,") == true })
    }

    @Test("Every file of the page's Web folder is served, byte for byte, and nothing else is")
    func webFolder() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SpringStudio/Web").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        #expect(Set(names) == Set(WebFiles.files.keys))
        for name in names {
            let served = reply("/" + name)
            #expect(served.status == 200, "\(name)")
            #expect(served.body == Array(try Data(contentsOf: folder.appendingPathComponent(name))), "\(name)")
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SpringExport/Web/spring.js").standardized
        #expect(reply("/spring.js").body == Array(try Data(contentsOf: script)))
    }

    @Test("A retarget keeps the exact position and velocity; restart resets the velocity", arguments: [0.3, 1.0, 2.5])
    func segment(zeta: Double) throws {
        for restart in [false, true] {
            let object = try json(
                reply(
                    "/api/segment.json",
                    "damping=\(zeta)&response=0.6&from=0&to=100&velocity=-200&t=0.15&target=30&restart=\(restart ? 1 : 0)"
                ))
            let at = try #require(object["at"] as? [String: Double])
            let segment = try #require(object["segment"] as? [String: Any])
            let (x, v) = TextbookSpring(dampingRatio: zeta, response: 0.6).state(
                displacement: -100, velocity: -200, at: 0.15)
            #expect(abs(at["position"]! - (100 + x)) < 1e-9 && abs(at["velocity"]! - v) < 1e-9 * max(1, abs(v)))
            #expect(segment["from"] as? Double == at["position"] && segment["to"] as? Double == 30)
            #expect(segment["velocity"] as? Double == (restart ? 0 : at["velocity"]))
            #expect(segment["settleTime"] is Double && segment["settlingTime"] == nil)
        }
    }

    @Test(
        "Bad input gets HTTP 400 with one line of JSON naming the parameter",
        arguments: [
            ("/api/chart.svg", "damping=nan", "damping"),
            ("/api/chart.svg", "damping=inf", "damping"),
            ("/api/chart.svg", "damping=-1", "damping"),
            ("/api/chart.svg", "damping=1e308&response=0.5", "damping"),
            ("/api/chart.svg", "response=", "response"),
            ("/api/chart.svg", "response=abc", "response"),
            ("/api/chart.svg", "damping=0.5&damping=0.6", "damping"),
            ("/api/chart.svg", "damping=0.1,0.2,0.3,0.4,0.5", "damping"),
            ("/api/chart.svg", "width=10", "width"),
            ("/api/chart.svg", "theme=neon", "theme"),
            ("/api/chart.svg", "to=1e200", "to"),
            ("/api/chart.svg", "frob=1", "frob"),
            ("/api/chart.svg", "interaction=0:0:100", "interaction"),
            ("/api/chart.svg", "interaction=0:0:100:0,-1:0:5:0", "interaction"),
            ("/api/chart.svg", "interaction=1:0:100:0,0.5:drag", "interaction"),
            ("/api/chart.svg", "interaction=0:0:1e300:0", "interaction"),
            ("/api/chart.png", "interaction=0:nan:1:0", "interaction"),
            ("/api/spring.json", "friction=26", "friction"),
            ("/api/spring.json", "framer-duration=0.8&damping=0.3", "damping"),
            ("/api/export.json", "damping=0.5,0.6", "damping"),
            ("/api/export.json", "error=1000", "error"),
            ("/api/segment.json", "t=-1", "t"),
            ("/api/segment.json", "target=nan", "target"),
            ("/api/spring.json", "tolerance=0.9", "tolerance"),
            ("/api/spring.json", "epsilon=0.9", "epsilon"),
            ("/api/spring.json", "tolerance=0.01&epsilon=0.01", "epsilon"),
            ("/api/chart.svg", "tolerance=0", "tolerance"),
            ("/api/chart.svg", "scale=2", "scale"),
            ("/api/chart.png", "scale=0.5", "scale"),
            ("/api/chart.png", "scale=nan", "scale"),
            ("/api/chart.png", "width=2400&height=1600&scale=3", "scale")
        ])
    func badInput(path: String, query: String, parameter: String) throws {
        let answer = reply(path, query)
        #expect(answer.status == 400 && answer.contentType.hasPrefix("application/json"))
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(!text.contains("\n"))
        let object = try json(answer)
        #expect(object["parameter"] as? String == parameter, "\(text)")
        #expect((object["error"] as? String)?.hasPrefix(parameter) == true, "\(text)")
    }

    @Test("Garbage paths are 404s and read nothing; long queries are refused")
    func garbage() {
        for path in [
            "/../etc/passwd", "/etc/passwd", "/api", "/api/chart.gif", "/%2e%2e/%2e%2e/etc/passwd", "//",
            "/index.html/.."
        ] {
            let answer = reply(path)
            #expect(answer.status == 404, "\(path)")
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("root:"))
        }
        let long = "damping=" + String(repeating: "1", count: 5000)
        #expect(reply("/api/chart.svg", long).status == 400)
    }
}

@Suite("The studio's paste reads design tokens")
struct StudioTokenPasteTests {
    @Test("#429's spring shape and SpringKit's token fields read back as the spring")
    func tokens() throws {
        let omega = 2 * Double.pi / 0.8
        for pasted in [
            #"{"$type": "spring", "$value": {"duration": "800ms", "bounce": 0.32, "physics": {"stiffness": \#(omega * omega), "damping": \#(2 * 0.68 * omega), "mass": 1}}}"#,
            #"{"$type": "spring", "$value": {"duration": "0.8s", "bounce": 0.32}}"#,
            #"{"spring": {"$type": "spring", "$value": {"dampingRatio": 0.68, "response": 0.8, "mass": 1}}}"#
        ] {
            let query = "code=" + pasted.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let answer = reply("/api/code.json", query)
            #expect(answer.status == 200)
            let spring = try #require(try json(answer)["spring"] as? [String: Any], "\(pasted)")
            #expect(abs((spring["dampingRatio"] as? Double ?? 0) - 0.68) < 1e-12, "\(pasted)")
            #expect(abs((spring["response"] as? Double ?? 0) - 0.8) < 1e-12, "\(pasted)")
        }
    }
}

@Suite("The page's defaults and limits")
struct StudioDefinitionsTests {
    @Test("The defaults served are what the endpoints use when nothing is named")
    func defaultsAreTheEndpoints() throws {
        let definitions = try json(reply("/api/studio.json"))
        let defaults = try #require(definitions["defaults"] as? [String: Double])
        let named = try json(reply("/api/spring.json"))
        let springs = try #require(named["springs"] as? [[String: Any]])
        let spring = try #require(springs.first?["spring"] as? [String: Any])
        #expect(defaults["damping"] == spring["dampingRatio"] as? Double)
        #expect(defaults["response"] == spring["response"] as? Double)
        #expect(defaults["mass"] == spring["mass"] as? Double)
        #expect(defaults["damping"] == 0.7 && defaults["response"] == 0.5 && defaults["mass"] == 1)
        #expect(defaults["from"] == 0 && defaults["to"] == 100 && defaults["velocity"] == 0)
    }

    @Test("The limits served are the ones the endpoints apply")
    func limitsAreTheEndpoints() throws {
        let limits = try #require(try json(reply("/api/studio.json"))["limits"] as? [String: Any])
        let compared = try #require(limits["compared"] as? Int)
        let span = try #require(limits["span"] as? [String: Double])
        let pairs = (0...compared).map { _ in "0.5" }.joined(separator: ",")
        #expect(reply("/api/chart.svg", "damping=\(pairs)&response=\(pairs)").status == 200)
        #expect(reply("/api/chart.svg", "damping=\(pairs),0.5&response=\(pairs),0.5").status == 400)
        let lower = try #require(span["lower"]), upper = try #require(span["upper"])
        #expect(reply("/api/chart.svg", "span=\(lower)").status == 200)
        #expect(reply("/api/chart.svg", "span=\(upper)").status == 200)
        #expect(reply("/api/chart.svg", "span=\(lower / 2)").status == 400)
        #expect(reply("/api/chart.svg", "span=\(upper * 1.01)").status == 400)
        let rates = try #require(limits["frameRates"] as? [Double])
        for rate in rates {
            #expect(reply("/api/platform.json", "platform=react-spring&fps=\(rate)").status == 200)
        }
    }
}
