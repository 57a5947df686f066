import CCairo
import Synchronization

/// Font faces loaded directly from their files with FreeType, for the families whose files are known.
///
/// Selecting a font by name goes through fontconfig, whose initialisation (reading and parsing its
/// XML configuration) costs several milliseconds in every process — a large share of a chart's
/// render time. DejaVu Sans, the charts' font, sits at a fixed path on Debian and Ubuntu, so it is
/// opened directly; any other family, or a system without those files, falls back to fontconfig.
///
/// Faces are created once per process and kept for its lifetime (Cairo references the FreeType face
/// for as long as any scaled font uses it).
final class FontFaces: Sendable {
    static let shared = FontFaces()

    /// Known files per (family, bold).
    static let knownFiles: [String: (regular: String, bold: String)] = [
        "DejaVu Sans": (
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        )
    ]

    private struct State {
        var library: FT_Library?
        var libraryFailed = false
        /// Looked-up faces by key; nil records a failed load so it is not retried.
        var faces: [String: UnsafeMutableRawPointer?] = [:]
    }

    private let state = Mutex(State())

    /// The Cairo font face for `family` and weight, or nil when its file is not known or cannot be
    /// loaded (then select the font by name). The returned face stays valid for the process.
    ///
    /// The corresponding functions are `FT_Init_FreeType`, `FT_New_Face` and
    /// `cairo_ft_font_face_create_for_ft_face`.
    func face(family: String, bold: Bool) -> OpaquePointer? {
        guard let files = FontFaces.knownFiles[family] else { return nil }
        let path = bold ? files.bold : files.regular
        let key = path
        return state.withLock { state -> OpaquePointer? in
            if let cached = state.faces[key] { return cached.map(OpaquePointer.init) }
            var loaded: OpaquePointer?
            defer { state.faces[key] = loaded.map { UnsafeMutableRawPointer($0) } }
            if state.library == nil && !state.libraryFailed {
                var library: FT_Library?
                if FT_Init_FreeType(&library) == 0 { state.library = library } else { state.libraryFailed = true }
            }
            guard let library = state.library else { return nil }
            var ftFace: FT_Face?
            guard FT_New_Face(library, path, 0, &ftFace) == 0, let ftFace else { return nil }
            guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, 0),
                cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS
            else {
                FT_Done_Face(ftFace)
                return nil
            }
            loaded = cairoFace
            return cairoFace
        }
    }
}
