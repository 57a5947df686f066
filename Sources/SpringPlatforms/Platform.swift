import SpringMath

/// A platform a spring is exported to, with a model of how it really steps the spring.
///
/// Each platform is one ``PlatformDescriptor``, in a file of its own under `Platforms/`, and
/// ``allCases`` is the registry: every command and listing that enumerates platforms takes them from
/// it, in its order. Raw values are `springplot export --target` names (plus `rebound-java`, the
/// Android/Java port of Rebound that the Origami export also serves).
public struct Platform: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// What SpringKit knows of the platform.
    public let descriptor: any PlatformDescriptor

    /// The platform `descriptor` describes.
    public init(_ descriptor: any PlatformDescriptor) {
        self.descriptor = descriptor
    }

    /// Every platform, in the order listings show them: the registry. A new platform is one
    /// descriptor file and one line here.
    public static let allCases: [Platform] = [
        .swiftUI, .uiKit, .coreAnimation, .wave, .compose, .android, .flutter,
        .framerPhysics, .framerDuration, .framerVisualDuration, .reactSpring, .reanimated,
        .origami, .reboundJava, .figma, .libadwaita, .qtQuick, .reactNative, .svelte, .animeJS, .animeJSEasing
    ]

    /// The registered platform named `rawValue`, or nil.
    public init?(rawValue: String) {
        guard let platform = Platform.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = platform
    }

    /// The name commands take (``PlatformDescriptor/name``).
    public var rawValue: String { descriptor.name }
    /// The name commands take.
    public var description: String { rawValue }

    /// Platforms are the same when their names are.
    public static func == (a: Platform, b: Platform) -> Bool { a.rawValue == b.rawValue }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// What the model rests on.
    public enum Basis: String, Hashable, Sendable {
        /// Reproduces real recordings of the library (`Tests/SpringPlatformsTests/Fixtures`) to 10⁻⁶ of
        /// the travel, frame for frame.
        case recordings
        /// Follows the platform's published source; no recording checks it.
        case source
        /// The platform documents exact spring motion; its end rule is assumed (unpublished).
        case documentation
    }

    /// The name people know the platform by.
    public var title: String { descriptor.title }

    /// The platform whose code this one's is, for a platform modelled apart but written the same
    /// way (Rebound's Java port takes Origami's code; the anime.js easing alone, `animate()`'s); nil
    /// for a platform with code of its own, an `export` target.
    public var sharesCodeWith: Platform? { descriptor.sharesCodeWith }

    /// True for the platforms whose clock truncates the frame time to whole milliseconds on its own
    /// scale (Android's Choreographer, GTK's frame clock, JavaScript's `Date.now()` in React Native and
    /// anime.js): where a recording's clock starts changes what they show.
    public var truncatesOnItsOwnClock: Bool { descriptor.truncatesOnItsOwnClock }

    /// What the model rests on.
    public var basis: Basis { descriptor.basis }

    /// One line: how the platform moves the spring from frame to frame.
    public var stepping: String { descriptor.stepping }

    /// The code `springplot export` writes for this platform (``PlatformDescriptor/code(for:)``); nil
    /// for a platform whose code is another's (``sharesCodeWith``: ask that one) or that has none.
    public func code(for request: PlatformCodeRequest) -> PlatformCode? { descriptor.code(for: request) }

    /// The model for the parameters `springplot export` hands this platform for `spring` and a motion
    /// from `from` to `to` starting at `velocity` units per second, with the platform's own settings
    /// `parameters` (Android's minimum visible change).
    ///
    /// - Precondition: `spring` is not instantaneous (a response-0 spring has nothing to export).
    public func model(
        for spring: Spring, from: Double, to: Double, velocity: Double,
        parameters: PlatformParameters = .standard
    ) -> any PlatformModel {
        precondition(!spring.isInstantaneous, "a response-0 spring has no platform model")
        return descriptor.model(
            for: spring, motion: PlatformMotion(from: from, to: to, velocity: velocity), parameters: parameters)
    }
}

/// A motion handed to a platform: from `from` to `to`, starting at `velocity` units per second.
public struct PlatformMotion: Hashable, Sendable {
    /// The start value.
    public var from: Double
    /// The target.
    public var to: Double
    /// The initial velocity, in units per second.
    public var velocity: Double

    /// A motion from `from` to `to` starting at `velocity` units per second.
    public init(from: Double, to: Double, velocity: Double) {
        self.from = from
        self.to = to
        self.velocity = velocity
    }

    /// `to − from`.
    public var travel: Double { to - from }
    /// The velocity in travels per second (UIKit's, Rebound's and anime.js's unit); 0 without travel.
    public var travelsPerSecond: Double { travel != 0 ? velocity / travel : 0 }
}

/// Everything SpringKit knows of one platform: its names, what its model rests on, how it steps, and
/// the model for a spring handed to it.
///
/// A descriptor lives in one file under `Platforms/`, with the model it builds when no other platform
/// shares it; ``Platform/allCases`` lists the descriptors.
public protocol PlatformDescriptor: Sendable {
    /// The name commands take: lowercase words joined by dashes (`swiftui`, `react-spring`).
    var name: String { get }
    /// The name people know the platform by.
    var title: String { get }
    /// The name `springplot export` lists the platform's code under, where it says more than
    /// ``title`` (the libraries that share the code); ``title`` by default.
    var exportTitle: String { get }
    /// What the model rests on.
    var basis: Platform.Basis { get }
    /// One line: how the platform moves the spring from frame to frame.
    var stepping: String { get }
    /// True when the platform's clock truncates the frame time to whole milliseconds on its own scale.
    var truncatesOnItsOwnClock: Bool { get }
    /// The platform whose code this one's is, or nil for a platform with code of its own.
    var sharesCodeWith: Platform? { get }
    /// The model for the parameters `springplot export` hands the platform for `spring` and `motion`.
    /// `spring` is not instantaneous.
    func model(for spring: Spring, motion: PlatformMotion, parameters: PlatformParameters) -> any PlatformModel
    /// The code `springplot export` writes for `request`, with its numbers and what it says; nil for a
    /// platform whose code is another's (``sharesCodeWith``) or that has none.
    func code(for request: PlatformCodeRequest) -> PlatformCode?
    /// The code for `compensation`'s retuned parameters, written as the plain code is; nil for a
    /// platform that is not ``isCompensable``.
    func compensatedCode(_ compensation: Compensation, for request: PlatformCodeRequest) -> String?
    /// True when ``retimedModel(for:motion:timeScale:dampingScale:)`` gives a model.
    var isCompensable: Bool { get }
    /// The model retimed by `timeScale` (its spring runs that many times slower) with its damping
    /// scaled by `dampingScale`, for platforms whose stepping runs a spring at a steady wrong speed
    /// (``Platform/compensated(for:from:to:velocity:frameRate:)``); nil for the others.
    func retimedModel(
        for spring: Spring, motion: PlatformMotion, timeScale: Double, dampingScale: Double
    ) -> (any PlatformModel)?
    /// The readers for the platform's code as people write it, for `springplot --from-code` and the
    /// studio's paste box (``PlatformCodeReader``); none by default, for a platform whose code is read
    /// by a convention that many share (ratio and response, stiffness and damping).
    var codeReaders: [PlatformCodeReader] { get }
    /// The named springs the platform ships, or a design system on it names (``PlatformPreset``);
    /// none by default.
    var presets: [PlatformPreset] { get }
}

extension PlatformDescriptor {
    public var exportTitle: String { title }
    public var truncatesOnItsOwnClock: Bool { false }
    public var sharesCodeWith: Platform? { nil }
    public var isCompensable: Bool { false }
    public var codeReaders: [PlatformCodeReader] { [] }
    public var presets: [PlatformPreset] { [] }
    public func code(for request: PlatformCodeRequest) -> PlatformCode? { nil }
    public func compensatedCode(_ compensation: Compensation, for request: PlatformCodeRequest) -> String? { nil }
    public func retimedModel(
        for spring: Spring, motion: PlatformMotion, timeScale: Double, dampingScale: Double
    ) -> (any PlatformModel)? { nil }
}
