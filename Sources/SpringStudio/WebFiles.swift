/// The page's files, by name: content type and text. SwiftPM embeds each file of `Web/` in the
/// code (`PackageResources`, see Package.swift's `webFiles(of:)`); this table names them for the
/// server, which answers from memory and never reads the disk per request. A test checks that it
/// lists every file of the folder.
enum WebFiles {
    static let files: [String: (contentType: String, text: String)] = [
        "index.html": page("index.html", PackageResources.index_html),
        "studio.css": page("studio.css", PackageResources.studio_css),
        "beyond.js": page("beyond.js", PackageResources.beyond_js),
        "chart.js": page("chart.js", PackageResources.chart_js),
        "controls.js": page("controls.js", PackageResources.controls_js),
        "export.js": page("export.js", PackageResources.export_js),
        "link.js": page("link.js", PackageResources.link_js),
        "preview.js": page("preview.js", PackageResources.preview_js),
        "server.js": page("server.js", PackageResources.server_js),
        "studio.js": page("studio.js", PackageResources.studio_js)
    ]

    private static func page(_ name: String, _ bytes: [UInt8]) -> (contentType: String, text: String) {
        let type: String
        switch name.split(separator: ".").last ?? "" {
        case "html": type = "text/html; charset=utf-8"
        case "css": type = "text/css; charset=utf-8"
        case "js": type = "text/javascript; charset=utf-8"
        default: type = "text/plain; charset=utf-8"
        }
        return (type, String(decoding: bytes, as: UTF8.self))
    }
}
