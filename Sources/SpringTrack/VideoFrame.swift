/// One decoded video frame as 8-bit RGB, row by row, with the time the video shows it (its
/// presentation timestamp, in seconds). Colour matters: an element can match its background in
/// brightness and still differ in hue.
public struct VideoFrame: Sendable {
    public var width: Int
    public var height: Int
    /// Presentation time in seconds, on the video's own clock.
    public var time: Double
    /// `width × height` pixels of three bytes (red, green, blue), row-major, top row first.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, time: Double, pixels: [UInt8]) {
        precondition(pixels.count == 3 * width * height, "a frame holds width × height RGB pixels")
        self.width = width
        self.height = height
        self.time = time
        self.pixels = pixels
    }
}

/// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelBox: Hashable, Sendable, Encodable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `X,Y,W,H`, as `--roi` takes it.
    public var description: String { "\(x),\(y),\(width),\(height)" }

    /// Whether the box lies inside a `width × height` frame.
    public func fits(width frameWidth: Int, height frameHeight: Int) -> Bool {
        // Compared as differences, so that corners near Int.max cannot overflow.
        x >= 0 && y >= 0 && width > 0 && height > 0 && x <= frameWidth - width && y <= frameHeight - height
    }
}
