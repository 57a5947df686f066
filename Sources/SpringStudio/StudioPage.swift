/// The studio's page: HTML, CSS and script in one string, served from memory.
enum StudioPage {
    static let html = "<!DOCTYPE html><title>spring studio</title>"
}
