import SpringMath

/// A spring with the name a legend or a report shows.
public struct NamedSpring: Equatable, Sendable {
    public var spring: Spring
    public var name: String

    public init(spring: Spring, name: String) {
        self.spring = spring
        self.name = name
    }
}
