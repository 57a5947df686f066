import Foundation
import SpringFitting
import SpringFormatting
import SpringMath

/// Why a recording cannot be tracked or fitted. Each description is one line that says what to do.
public enum TrackError: Error, Sendable, CustomStringConvertible {
    /// `ffmpeg` or `ffprobe` is not on the PATH.
    case decoderMissing(String)
    /// The file or folder does not exist.
    case notFound(String)
    /// The decoder could not read the file; `detail` is its own first error line.
    case unreadable(path: String, detail: String)
    /// A folder holds no PNG frames.
    case emptyFolder(String)
    /// Folder frames differ in size.
    case frameSizeChanged(file: String)
    /// `--roi` does not lie inside the frame.
    case regionOutside(PixelBox, width: Int, height: Int)
    /// The clip would take more memory than the tracker allows.
    case tooLarge(frames: Int, bytes: Int)
    /// Decoding did not finish before the request's deadline (``VideoDecoder/Request/deadline``).
    case timedOut
    /// One frame has more pixels than the tracker decodes (``VideoDecoder/maximumPixels``).
    case frameTooLarge(width: Int, height: Int)
    /// The clip holds more frames than one track decodes: ``VideoDecoder/maximumFrames``, or fewer
    /// for large frames (``VideoDecoder/maximumDecodedPixels`` in all); the frame size when known.
    case tooManyFrames(limit: Int, width: Int?, height: Int?)
    /// A folder's frame file name holds a line break, which the frame list cannot carry.
    case unlistableFrameName(String)
    /// Too few frames to fit a spring (after `--start`/`--end`).
    case tooShort(frames: Int, needed: Int)
    /// Nothing in the frame moves above the noise.
    case noMotion
    /// Two or more separate regions move.
    case severalElements([PixelBox])
    /// The element ends where it started, or only changes in place.
    case noNetMotion(property: TrackProperty)
    /// `--property scale` on an element that shrinks: the background inside its final outline never
    /// shows in the first or last frame, so its size cannot be read against it.
    case shrinks
    /// The fitter refused the tracked samples.
    case fit(SpringFitError)
    /// A spring fits the samples, but far worse than the tracking noise allows (with the rounding of
    /// an element drawn at `step`-pixel positions; 0 when it is not pixel-snapped).
    case notASpring(residualRMS: Double, travel: Double, limit: Double, step: Double = 0)

    public var description: String {
        func g(_ x: Double) -> String { NumberFormat.people(x, digits: 3) }
        switch self {
        case .decoderMissing(let tool):
            return "\(tool) was not found on the PATH: install it (sudo apt-get install -y ffmpeg) and try again"
        case .notFound(let path):
            return "\(TrackError.shown(path)) does not exist"
        case .unreadable(let path, let detail):
            return "cannot read \(TrackError.shown(path)) as video: \(TrackError.oneLine(detail))"
        case .emptyFolder(let path):
            return "the folder \(TrackError.shown(path)) holds no .png frames"
        case .frameSizeChanged(let file):
            return
                "\(TrackError.shown(file)) differs in size from the first frame: every frame of a folder must be the same size"
        case .regionOutside(let box, let width, let height):
            return "--roi \(box) does not lie inside the \(width)×\(height) frame"
        case .tooLarge(let frames, let bytes):
            return "the clip is too large to track at once (\(frames) frames, \(bytes >> 20) MiB of pixels): "
                + "narrow it with --start/--end or --roi"
        case .timedOut:
            return "tracking took longer than allowed: cut the clip to the motion (--start/--end), "
                + "or run springplot track with a longer --timeout"
        case .frameTooLarge(let width, let height):
            return
                "the frames are \(width)×\(height) pixels, over the \(VideoDecoder.maximumPixels / 1_000_000)-megapixel limit the tracker decodes: scale the recording down first"
        case .tooManyFrames(let limit, let width, let height):
            let size = width.flatMap { w in height.map { h in " of \(w)×\(h) pixels" } } ?? ""
            return "the clip holds more than \(limit) frames\(size), more than the tracker decodes: "
                + "cut it to the motion with --start/--end, or scale it down"
        case .unlistableFrameName(let name):
            return "the frame file \(String(reflecting: name)) has a line break in its name: rename it"
        case .tooShort(let frames, let needed):
            return
                "the clip is too short: \(frames) frames where a fit needs at least \(needed) (a longer recording, or a wider --start/--end)"
        case .noMotion:
            return "no motion found: nothing in the frame moves (check --start/--end and --roi)"
        case .severalElements(let boxes):
            let listed = boxes.prefix(3).map { "--roi \($0)" }.joined(separator: ", ")
            return "more than one element moves; pick one with --roi X,Y,W,H (they move around \(listed))"
        case .noNetMotion(let property):
            return property == .position
                ? "the element ends where it started: no spring to a new target to fit (if it grows or shrinks, try --property scale)"
                : "the element ends the size it started: no spring to a new size to fit (if it moves, try --property position)"
        case .shrinks:
            return "the element shrinks: --property scale measures elements that grow (behind a shrinking one, "
                + "the background inside its final outline never shows, so its size cannot be read there)"
        case .fit(let error):
            switch error {
            case .straightLine, .ambiguous:
                return error.description + ", or it is not a spring (an easing curve or a linear slide)"
            default:
                return error.description
            }
        case .notASpring(let rms, let travel, let limit, let step):
            let allowance = step > 0 ? "tracking noise and its \(g(step)) px steps allow" : "tracking noise allows"
            return "no spring explains this motion: the best spring misses the tracked samples by \(g(rms)) px RMS "
                + "(\(g(100 * rms / Swift.max(travel, 1e-12))) % of the \(g(travel)) px travel; \(allowance) \(g(limit)) px): "
                + "it is probably an easing curve or a linear slide"
        }
    }

    /// A path in quotes, on one line: line breaks and other control characters escaped as Swift
    /// writes them, so a message stays one line whatever a file is called.
    public static func shown(_ path: String) -> String {
        "'" + oneLine(path) + "'"
    }

    /// `text` with its control characters escaped (`\n`, `\u{1B}`).
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        return text.unicodeScalars.map {
            $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
        }.joined()
    }
}
