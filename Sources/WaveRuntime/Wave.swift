import Foundation
import SpringMath

/// Block-based animations, as in Wave: set properties through an object's `animator` inside the
/// block, and each one animates with the block's spring.
///
/// ```swift
/// final class Box: WaveAnimatable {
///     var center = CGPoint.zero
///     var opacity = 1.0
/// }
/// let box = Box()
/// Wave.animate(withSpring: Spring(dampingRatio: 0.8, response: 0.4), controller: controller) {
///     box.animator.center = CGPoint(x: 200, y: 120)   // starts (or retargets) an animation of box.center
///     box.animator.opacity = 0.5
/// } completion: { finished, retargeted in
///     // (true, false) once both properties have settled
/// }
/// ```
///
/// Every frame writes the animated value into the object (`box.center` above). Reading
/// `box.animator.center` gives the target while the property animates and the current value
/// otherwise. Rules for the completion, which is called exactly once and on the main actor:
/// - `(finished: true, retargeted: false)` after all of the block's properties have settled;
/// - `(false, true)` when a later block retargets one of its properties (the later block's
///   completion then fires when its own animations finish);
/// - `(false, false)` when interrupted otherwise: the object was released, the property was set
///   through `animator` outside any block, or the controller was torn down.
///
/// Setting a property directly (`box.center = …`) while it animates is overwritten on the next frame.
/// To jump, animate with `mode: .nonAnimated` (a spring with response 0 implies it), or set it through
/// `box.animator` outside an animation block, which cancels its animation on whichever controller
/// runs it (`box.animator(on:)` names one).
///
/// The registry of animated properties belongs to each controller, so controllers never interfere: a
/// block on one controller retargets only that controller's animations. Animate a given property from
/// one controller at a time; two controllers animating the same property would both write it.
@MainActor
public enum Wave {
    /// The block being run, if any: bound for the duration of the block's closure only, so it is
    /// never shared between tasks, threads or controllers.
    @TaskLocal static var currentContext: AnimationContext?

    /// Runs `animations`, animating every property it sets through an `animator` with `spring`.
    ///
    /// - Parameters:
    ///   - spring: the spring for every property set in the block.
    ///   - mode: `.nonAnimated` makes each property jump to its value on the next frame.
    ///   - delay: seconds before properties that are not already animating begin to move; properties
    ///     already animating are retargeted at once.
    ///   - gestureVelocity: the initial velocity of the block's positions, as a pan gesture reports it,
    ///     in points per second: properties named `center`, `origin`, `position`, `translation` or
    ///     `frame` (in its origin) and those a ``WaveAnimatable`` lists as positional. Scale, size,
    ///     opacity and the rest start from their own current velocity.
    ///   - controller: what advances the animations (the real-time ``AnimationController/main`` by default).
    ///   - animations: sets properties through `object.animator`.
    ///   - completion: `(finished, retargeted)`, called once (see ``Wave``).
    /// - Precondition: `delay` finite and ≥ 0.
    public static func animate(
        withSpring spring: Spring, mode: AnimationMode = .animated, delay: Double = 0,
        gestureVelocity: CGPoint? = nil, controller: AnimationController = .main,
        animations: () -> Void,
        completion: (@MainActor (_ finished: Bool, _ retargeted: Bool) -> Void)? = nil
    ) {
        precondition(delay.isFinite && delay >= 0, "delay must be finite and ≥ 0")
        let group = AnimationGroup(completion: completion)
        let context = AnimationContext(
            spring: spring, mode: mode, delay: delay, gestureVelocity: gestureVelocity,
            controller: controller, group: group)
        $currentContext.withValue(context) { animations() }
        group.seal()
    }

    /// ``animate(withSpring:mode:delay:gestureVelocity:controller:animations:completion:)`` that
    /// returns its completion's flags when it fires.
    @discardableResult
    public static func animate(
        withSpring spring: Spring, mode: AnimationMode = .animated, delay: Double = 0,
        gestureVelocity: CGPoint? = nil, controller: AnimationController = .main,
        animations: () -> Void
    ) async -> (finished: Bool, retargeted: Bool) {
        await withCheckedContinuation { continuation in
            animate(
                withSpring: spring, mode: mode, delay: delay, gestureVelocity: gestureVelocity,
                controller: controller, animations: animations
            ) { finished, retargeted in
                continuation.resume(returning: (finished, retargeted))
            }
        }
    }
}

/// A class whose properties can be animated with `object.animator.property = value` in a
/// ``Wave/animate(withSpring:mode:delay:gestureVelocity:controller:animations:completion:)`` block.
/// Conform any class; nothing is required.
///
/// A block's gesture velocity goes to positions only: properties named `center`, `origin`,
/// `position`, `translation` or `frame` (the last name of the key path, so `\.frame.origin` too), as
/// Wave's views are moved. A property of another name, or a computed one (whose key path carries no
/// name at run time), takes it when it is listed in ``positionalProperties``:
///
/// ```swift
/// final class Card: WaveAnimatable {
///     var offset = CGPoint.zero
///     var scale = CGPoint(x: 1, y: 1)
///     static var positionalProperties: [PartialKeyPath<Card>] { [\.offset] }
/// }
/// ```
public protocol WaveAnimatable: AnyObject {
    /// Properties besides those named as positions (`center`, `origin`, `position`, `translation`,
    /// `frame`) that start with a block's gesture velocity: points take it whole, rectangles in
    /// their origin. None by default.
    @MainActor static var positionalProperties: [PartialKeyPath<Self>] { get }
}

extension WaveAnimatable {
    /// None: only properties named as positions take a gesture velocity.
    @MainActor public static var positionalProperties: [PartialKeyPath<Self>] { [] }
}

/// Which properties a block's gesture velocity starts (see ``WaveAnimatable``).
@MainActor
enum GesturePositions {
    /// The names of positions, as Wave's views have them.
    static let names: Set<String> = ["center", "origin", "position", "translation", "frame"]

    /// Whether `keyPath` of `type` is a position: declared in ``WaveAnimatable/positionalProperties``,
    /// or named as one (read from the key path's description, `\Box.frame.origin`).
    static func isPositional<Object: AnyObject>(_ keyPath: AnyKeyPath, of type: Object.Type) -> Bool {
        if let animatable = type as? any WaveAnimatable.Type, declared(animatable).contains(keyPath) { return true }
        let text = String(describing: keyPath)
        guard let last = text.split(separator: ".").last else { return false }
        return names.contains(String(last))
    }

    private static func declared<T: WaveAnimatable>(_ type: T.Type) -> [AnyKeyPath] {
        T.positionalProperties.map { $0 as AnyKeyPath }
    }
}

extension WaveAnimatable {
    /// The animatable view of this object's properties (see ``Wave``). Inside a block it uses the
    /// block's controller; outside one, each property's reads and writes go to the controller that
    /// animates it now (the shared ``AnimationController/main`` when none does). ``animator(on:)``
    /// names a controller.
    @MainActor
    public var animator: PropertyAnimator<Self> { PropertyAnimator(object: self, controller: nil) }

    /// The animatable view of this object's properties as animated on `controller`: reading gives the
    /// target of an animation running there, and setting outside a block cancels that animation.
    /// - Precondition: inside a `Wave.animate` block, `controller` is the block's controller.
    @MainActor
    public func animator(on controller: AnimationController) -> PropertyAnimator<Self> {
        PropertyAnimator(object: self, controller: controller)
    }
}

/// Reads and writes an object's properties through animations (see ``Wave``).
@MainActor
@dynamicMemberLookup
public struct PropertyAnimator<Object: AnyObject> {
    let object: Object
    /// The controller named with `animator(on:)`, if any.
    let controller: AnimationController?

    /// The controller whose animations this view reads and writes: the one named, the block's, or
    /// (outside any block) the one `keyPath` is animated on now, ``AnimationController/main`` when none.
    private func resolvedController<Value: SpringVector>(for keyPath: ReferenceWritableKeyPath<Object, Value>)
        -> AnimationController
    {
        if let controller { return controller }
        if let context = Wave.currentContext { return context.controller }
        return AnimationController.main.controller(animating: object, keyPath) ?? .main
    }

    public subscript<Value: SpringVector>(dynamicMember keyPath: ReferenceWritableKeyPath<Object, Value>) -> Value {
        get {
            if let node = resolvedController(for: keyPath).propertyNode(for: object, keyPath) {
                return node.animation.target
            }
            return object[keyPath: keyPath]
        }
        nonmutating set {
            if let context = Wave.currentContext {
                precondition(
                    controller == nil || controller === context.controller,
                    "animator(on:) inside a Wave.animate block must name the block's controller")
                context.animate(object, keyPath, to: newValue)
            } else {
                resolvedController(for: keyPath).propertyNode(for: object, keyPath)?.cancel()
                object[keyPath: keyPath] = newValue
            }
        }
    }
}
