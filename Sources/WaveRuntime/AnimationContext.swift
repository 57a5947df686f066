import Foundation
import SpringMath

/// The settings of one running `Wave.animate` block.
@MainActor
final class AnimationContext {
    let springReference: SpringReference
    let mode: AnimationMode
    let delay: Double
    let gestureVelocity: CGPoint?
    let controller: AnimationController
    let group: AnimationGroup

    init(
        spring: Spring, mode: AnimationMode, delay: Double, gestureVelocity: CGPoint?,
        controller: AnimationController, group: AnimationGroup
    ) {
        self.springReference = controller.reference(for: spring)
        self.mode = mode
        self.delay = delay
        self.gestureVelocity = gestureVelocity
        self.controller = controller
        self.group = group
    }

    /// The gesture velocity as a `Value` for a positional property (see
    /// ``Wave/animate(withSpring:mode:delay:gestureVelocity:controller:animations:completion:)``): a
    /// point (`CGPoint`, `SIMD2<Double>`) takes it whole, a rectangle (`frame`) in its origin; nil for
    /// every other property, which starts from its own velocity.
    func injectedVelocity<Object: AnyObject, Value: SpringVector>(for keyPath: ReferenceWritableKeyPath<Object, Value>)
        -> Value?
    {
        guard let gestureVelocity, GesturePositions.isPositional(keyPath, of: Object.self) else { return nil }
        if let point = gestureVelocity as? Value { return point }
        if let vector = SIMD2<Double>(Double(gestureVelocity.x), Double(gestureVelocity.y)) as? Value { return vector }
        if let rectangle = CGRect(origin: gestureVelocity, size: .zero) as? Value { return rectangle }
        return nil
    }

    func animate<Object: AnyObject, Value: SpringVector>(
        _ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>,
        to target: Value
    ) {
        if let node = controller.propertyNode(for: object, keyPath) {
            // Retarget: position and velocity kept; the node now belongs to this block.
            if node.group !== group {
                node.group?.memberRetargeted()
                node.group = group
                group.memberAdded()
            }
            node.animation.springReference = springReference
            node.animation.mode = mode
            if let velocity = injectedVelocity(for: keyPath) { node.animation.velocity = velocity }
            node.animation.retarget(to: target)
            return
        }
        var animation = SpringAnimation(
            springReference: springReference, value: object[keyPath: keyPath], target: target,
            velocity: injectedVelocity(for: keyPath) ?? .zero, mode: mode,
            integrator: .exact, restThreshold: .automatic)
        animation.start(afterDelay: delay)
        let node = PropertyAnimationNode(
            object: object, keyPath: keyPath, animation: animation,
            controller: controller, group: group)
        group.memberAdded()
        controller.registerProperty(node)
        controller.schedule(node)
    }
}

/// The completion bookkeeping of one `Wave.animate` block.
@MainActor
final class AnimationGroup {
    private var pending = 0
    private var sealed = false
    private var completed = false
    private var completion: (@MainActor (Bool, Bool) -> Void)?

    init(completion: (@MainActor (Bool, Bool) -> Void)?) {
        self.completion = completion
    }

    func memberAdded() { pending += 1 }

    /// The block has run: complete now if it animated nothing (or everything already ended).
    func seal() {
        sealed = true
        if pending == 0 { complete(finished: true, retargeted: false) }
    }

    func memberFinished() {
        pending -= 1
        if pending == 0 && sealed { complete(finished: true, retargeted: false) }
    }

    func memberRetargeted() {
        pending -= 1
        complete(finished: false, retargeted: true)
    }

    func memberInterrupted() {
        pending -= 1
        complete(finished: false, retargeted: false)
    }

    private func complete(finished: Bool, retargeted: Bool) {
        guard !completed else { return }
        completed = true
        let handler = completion
        completion = nil
        handler?(finished, retargeted)
    }
}
