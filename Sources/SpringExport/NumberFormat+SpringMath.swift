import SpringMath

/// The one way SpringKit writes a number as text: SpringMath's `NumberFormat`, named
/// here too so that code which imports only SpringExport keeps finding it where it was.
public typealias NumberFormat = SpringMath.NumberFormat
