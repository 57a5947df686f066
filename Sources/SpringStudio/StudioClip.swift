import SpringCharts
import SpringConventions
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringWire

extension StudioEndpoints {
    /// The parameters `/api/clip.gif` and `/api/clip.webm` take: the springs (a comma list gives each
    /// a lane, as the preview does), the motion, `platform` and `fps` for a platform's lane under the
    /// first spring's exact one, and `theme`.
    static let clipParameters = springParameters.union(motionParameters).union(["platform", "fps", "theme"])

    /// `GET /api/clip.gif?…` and `/api/clip.webm?…`: what the preview shows, as the clip
    /// `springplot animate` writes for the same values (the link's `damping`, `response`, `from`,
    /// `to` and `velocity` as its options, `platform` and `fps` as `--platform` and
    /// `--platform-fps`, `theme` as `--theme`): the same bytes, at the same default size and rate.
    static func clip(_ request: StudioRequest, format: ClipFormat) throws(StudioInputError) -> StudioReply {
        let springs = try request.springs(maximum: 6)
        let motion = try request.motion()
        let theme = try request.theme()
        if springs.contains(where: \.spring.isInstantaneous) {
            throw StudioInputError(
                .instantaneousSpring, "response", "a response-0 spring is an instant jump: nothing to play")
        }
        let canvas = MotionClip.Canvas(theme: theme)
        let clip: MotionClip
        if let name = request.word("platform") {
            guard let platform = Platform(rawValue: name) else {
                throw StudioInputError(
                    .unknownName, "platform",
                    "platform must be one of \(Platform.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let fps = try request.bounded("fps", 1...1000, default: 60)
            clip = MotionClip.platforms(springs[0], motion: motion, platforms: [platform], fps: fps, canvas: canvas)
        } else {
            clip = MotionClip.springs(springs, motion: motion, canvas: canvas)
        }
        let plan: MotionClip.Plan
        do {
            plan = try clip.plan(format: format, fps: nil, duration: nil, hold: 0.5, scale: 1, plays: 0)
        } catch {
            throw StudioInputError(.overLimit, error.option == "duration" ? "response" : nil, error.message { $0 })
        }
        do {
            let encoder = try ClipEncoder.locate()
            let bytes = try clipLock.withLock { _ in try clip.encode(plan, encoder: encoder).bytes }
            return StudioReply(status: 200, contentType: format == .gif ? "image/gif" : "video/webm", body: bytes)
        } catch let error as ClipEncodingError {
            return .encoded(ErrorReply("cannot encode the clip: \(error.description)"), status: 503)
        } catch {
            return .encoded(ErrorReply("cannot draw the clip: \(error)"), status: 500)
        }
    }
}
