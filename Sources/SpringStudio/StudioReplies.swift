import SpringConventions
import SpringExport
import SpringFigures
import SpringMath
import SpringPlatforms
import SpringTrack
import SpringWire

/// The JSON the studio's endpoints answer, one type per endpoint; the page's script reads these keys.
enum StudioReplies {
    /// `GET /api/studio.json`: presets, chart palettes, export targets, the fields' rules, the values
    /// a link without parameters shows and the limits of what a link may hold.
    struct Definitions: Encodable {
        struct Preset: Encodable {
            var name: String
            var family: String
            var title: String
            var query: String
        }

        struct Palettes: Encodable {
            var light: [String]
            var dark: [String]
        }

        /// A field's bounds (absent when unbounded on that side) and the sentence that states them.
        struct Field: Encodable {
            var lower: Double?
            var lowerInclusive: Bool
            var upper: Double?
            var upperInclusive: Bool
            var message: String
        }

        struct Sequence: Encodable {
            var maximumTime: Double
        }

        struct Target: Encodable {
            var target: String
            var title: String
        }

        /// The spring and motion a request (or a link) that names none gets.
        struct Defaults: Encodable {
            var damping: Double
            var response: Double
            var mass: Double
            var from: Double
            var to: Double
            var velocity: Double
        }

        /// A closed range of numbers.
        struct Range: Encodable {
            var lower: Double
            var upper: Double
        }

        /// What a link may hold beyond the fields' rules.
        struct Limits: Encodable {
            /// The most springs compared beside the first.
            var compared: Int
            /// The chart's time axis, in seconds (the bounds of `span`).
            var span: Range
            /// The frame rates the page offers for a platform's steps.
            var frameRates: [Double]
        }

        var presets: [Preset]
        var palettes: Palettes
        var targets: [Target]
        /// The range each parameter's field takes, by parameter name (SpringInput's and Motion's rules).
        var fields: [String: Field]
        /// The sequence grammar's limits (SequenceInput's) that the keyframe strip checks as typed.
        var sequence: Sequence
        /// The values a link without parameters shows (the same the endpoints use for a parameter not
        /// given: SpringInput's spring and `Motion.onScreen`).
        var defaults: Defaults
        var limits: Limits
    }

    /// `GET /api/platform.json`: what a platform displays, frame by frame.
    struct PlatformFrames: Encodable {
        var platform: String
        var title: String
        var fps: Double
        var positions: [Double]
        var finished: Bool
    }

    /// What a "read this" endpoint (`/api/code.json`, `/api/track`) answers when the request was
    /// fine but its content holds no spring: code with no spring call, a clip that is not a video or
    /// shows no motion. An answer, not a refused request, so it comes with 200 (a browser logs every
    /// 4xx as a console error, and this outcome is an ordinary one for the page).
    struct Problem: Encodable {
        var problem: String
    }

    /// `GET /api/code.json`: how pasted code was read, and the spring in it.
    struct Code: Encodable {
        var reading: String
        var spring: SpringReply
    }

    /// `GET /api/spring.json`: each spring in every convention, with its metrics.
    struct Springs: Encodable {
        var springs: [Item]
    }

    /// One spring of `/api/spring.json`.
    struct Item: Encodable {
        /// The spring (``SpringReply``'s keys), then, for a moving spring, the other conventions' values.
        struct Conventions: Encodable {
            struct Moving: Encodable {
                var swiftUIDuration: Double
                var swiftUIBounce: Double
                var framerDuration: Double
                var framerBounce: Double
                var framerVisualDuration: Double
                var reactSpringTension: Double
                var reactSpringFriction: Double
                var composeStiffness: Double
                var origamiTension: Double
                var origamiFriction: Double
            }

            var spring: SpringReply
            var moving: Moving?

            func encode(to encoder: any Encoder) throws {
                try spring.encode(to: encoder)
                try moving?.encode(to: encoder)
            }
        }

        var name: String
        var spring: Conventions
        /// The settle time within the request's tolerance; null when the motion never settles (as for
        /// every non-finite number).
        var settleTime: Double
        /// The spring's metrics for the motion, as `info --json` writes them.
        var metrics: MetricsReply
    }

    /// `GET /api/chase.json`: a spring chasing a drawn target path, sampled, with the WaveRuntime code
    /// that follows the same path.
    struct Chase: Encodable {
        var spring: SpringReply
        /// How long the value trails a steadily moving target: ζ·response/π seconds.
        var lagTime: Double
        var t: [Double]
        var position: [Double]
        var target: [Double]
        var code: String
    }

    /// `GET /api/segment.json`: the motion interrupted and retargeted.
    struct Segment: Encodable {
        struct At: Encodable {
            var t: Double
            var position: Double
            var velocity: Double
        }

        struct Next: Encodable {
            var from: Double
            var to: Double
            var velocity: Double
            var settleTime: Double
        }

        var at: At
        var segment: Next
        var restart: Bool
    }
}

extension StudioReply {
    /// `reply` as one line of JSON.
    static func encoded<Reply: Encodable>(_ reply: Reply, status: Int = 200) -> StudioReply {
        .json(JSONWriter.text(reply, pretty: false), status: status)
    }
}
