import SpringFormatting

/// The one way SpringKit writes a number as text: SpringFormatting's `NumberFormat`, named here too so
/// that code which imports only SpringExport keeps finding it where it was.
public typealias NumberFormat = SpringFormatting.NumberFormat
