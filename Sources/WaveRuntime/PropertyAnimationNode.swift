import SpringMath

/// A block-animated property: an object and a key path.
struct PropertyKey: Hashable {
    let object: ObjectIdentifier
    let keyPath: AnyKeyPath
}

extension AnimationController {
    /// The animation of `object`'s `keyPath` running on this controller, if any.
    func propertyNode<Object: AnyObject, Value: SpringVector>(for object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>)
        -> PropertyAnimationNode<Object, Value>? {
        let key = PropertyKey(object: ObjectIdentifier(object), keyPath: keyPath)
        guard let node = propertyNodes[key] as? PropertyAnimationNode<Object, Value> else { return nil }
        // An identifier can be reused after its object is released; only a live match counts.
        guard node.object === object, node.isScheduled else { return nil }
        return node
    }

    func registerProperty<Object: AnyObject, Value: SpringVector>(_ node: PropertyAnimationNode<Object, Value>) {
        propertyNodes[node.key] = node
    }

    func unregisterProperty(_ key: PropertyKey, _ node: AnyObject) {
        if propertyNodes[key] === node { propertyNodes[key] = nil }
    }
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

    init(object: Object, keyPath: ReferenceWritableKeyPath<Object, Value>, animation: SpringAnimation<Value>,
         controller: AnimationController, group: AnimationGroup) {
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
        let matrix = animation.integrator == .exact
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
