import SpringMath

/// A block-animated property: an object and a key path.
struct PropertyKey: Hashable {
    let object: ObjectIdentifier
    let keyPath: AnyKeyPath
}

extension AnimationController {
    /// The animation of `object`'s `keyPath` running on this controller, if any.
    func propertyNode<Object: AnyObject, Value: SpringVector>(
        for object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>
    )
        -> PropertyAnimationNode<Object, Value>?
    {
        let key = PropertyKey(object: ObjectIdentifier(object), keyPath: keyPath)
        guard let node = propertyNodes[key] as? PropertyAnimationNode<Object, Value> else { return nil }
        // An identifier can be reused after its object is released; only a live match counts.
        guard node.object === object, node.isScheduled else { return nil }
        return node
    }

    func registerProperty<Object: AnyObject, Value: SpringVector>(_ node: PropertyAnimationNode<Object, Value>) {
        propertyNodes[node.key] = node
        // The shared controller is where a read outside any block looks first: it learns which
        // controller animates the property (see ``PropertyAnimator``).
        if self !== AnimationController.main {
            AnimationController.main.animatedElsewhere[node.key] = WeakController(self)
        }
    }

    func unregisterProperty(_ key: PropertyKey, _ node: AnyObject) {
        guard propertyNodes[key] === node else { return }
        propertyNodes[key] = nil
        if self !== AnimationController.main, AnimationController.main.animatedElsewhere[key]?.controller === self {
            AnimationController.main.animatedElsewhere[key] = nil
        }
    }

    /// The controller that animates `object`'s `keyPath` by a block now, if any: this one (the shared
    /// ``main``, where it is asked) or the one that told it.
    func controller<Object: AnyObject, Value: SpringVector>(
        animating object: Object,
        _ keyPath: ReferenceWritableKeyPath<Object, Value>
    ) -> AnimationController? {
        if propertyNode(for: object, keyPath) != nil { return self }
        let key = PropertyKey(object: ObjectIdentifier(object), keyPath: keyPath)
        guard let entry = animatedElsewhere[key] else { return nil }
        guard let other = entry.controller, other.propertyNode(for: object, keyPath) != nil else {
            // Its controller was released, or the animation ended without telling: forget it.
            animatedElsewhere[key] = nil
            return nil
        }
        return other
    }
}

/// A controller held weakly, in ``AnimationController/main``'s index of properties animated on other
/// controllers.
struct WeakController {
    weak var controller: AnimationController?
    init(_ controller: AnimationController) { self.controller = controller }
}

/// One property of one object, animated by a block.
@MainActor
final class PropertyAnimationNode<Object: AnyObject, Value: SpringVector>: AnimationNode {
    weak var object: Object?
    let keyPath: ReferenceWritableKeyPath<Object, Value>
    let key: PropertyKey
    var animation: SpringAnimation<Value>
    var group: AnimationGroup?
    weak var controller: AnimationController?

    init(
        object: Object, keyPath: ReferenceWritableKeyPath<Object, Value>, animation: SpringAnimation<Value>,
        controller: AnimationController, group: AnimationGroup
    ) {
        self.object = object
        self.keyPath = keyPath
        self.key = PropertyKey(object: ObjectIdentifier(object), keyPath: keyPath)
        self.animation = animation
        self.controller = controller
        self.group = group
    }

    override func advance(by deltaTime: Double, controller: AnimationController) -> Bool {
        guard let object else {
            end()
            group?.memberInterrupted()
            return true
        }
        let matrix =
            animation.integrator == .exact
            ? controller.transition(for: animation.springReference, deltaTime: deltaTime) : nil
        let result = animation.advance(by: deltaTime, transition: matrix)
        if result.contains(.moved) { object[keyPath: keyPath] = animation.value }
        if result.contains(.finished) {
            end()
            group?.memberFinished()
            return true
        }
        return false
    }

    override func interrupt() {
        end()
        group?.memberInterrupted()
    }

    /// Set outside a block: stop without finishing.
    func cancel() {
        controller?.unschedule(self)
        interrupt()
    }

    private func end() {
        controller?.unregisterProperty(key, self)
    }
}
