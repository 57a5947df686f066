import SpringMath

/// Whether an animation moves its value with the spring or jumps to the target.
public enum AnimationMode: Hashable, Sendable {
    /// The value follows the spring.
    case animated
    /// The value jumps to the target on the next frame, its velocity becomes zero and the animation
    /// finishes on that frame. A spring with response 0 behaves this way in either mode.
    case nonAnimated
}

/// Where an animation is in its life.
///
/// As in Wave, `.ended` lasts only for the frame on which a run ends: callbacks fired for that frame
/// (the completion, the last `valueChanged`) see `.ended`, and the animation is back to `.inactive`
/// before the next frame, ready to be started again. So after `stop(immediately: true)` returns, or
/// once the frame that finished the run has been delivered, the state reads `.inactive`. Use
/// `SpringAnimator.finished` (or the completion) to learn that a run has ended.
public enum AnimationState: Hashable, Sendable {
    /// Not running: never started, waiting out a start delay, or a run has ended.
    case inactive
    /// Moving toward its target.
    case running
    /// The run ended on this frame (reported to that frame's callbacks only).
    case ended
}

/// What an animation reports to its completion handler.
public enum AnimationEvent<Value> {
    /// The run ended: it came to rest at `at` (exactly the target), or was stopped there.
    case finished(at: Value)
    /// The target changed while running; the motion continues toward `to` with position and velocity kept.
    case retargeted(from: Value, to: Value)
}

extension AnimationEvent: Equatable where Value: Equatable {}
extension AnimationEvent: Hashable where Value: Hashable {}
extension AnimationEvent: Sendable where Value: Sendable {}

/// What one call to ``SpringAnimation/advance(by:)`` did.
public struct AnimationStep: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The start delay elapsed during this step: the animation began.
    public static let began = AnimationStep(rawValue: 1)
    /// The value changed (or was written).
    public static let moved = AnimationStep(rawValue: 2)
    /// The run ended during this step; the value is exactly the target.
    public static let finished = AnimationStep(rawValue: 4)
}
