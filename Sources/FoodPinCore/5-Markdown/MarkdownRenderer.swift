import CMarkGFM
import Foundation
import FoodPinBase
import FoodPinModel

/// Markdown to HTML with GitHub's extensions (table, strikethrough, autolink, tasklist).
/// Raw HTML is shown as text unless the guide allows it; links and images that point into
/// Content/ are rewritten to the published site.
public struct MarkdownRenderer: Sendable {
    public var allowRawHTML: Bool
    /// Rewrites a relative link or image URL written in content; nil leaves it as written.
    public var rewriteURL: @Sendable (String) -> String?
    /// The markup that replaces an image (its URL as written, its alt text): a processed picture's
    /// `<picture>`; nil keeps the image, its URL rewritten.
    public var pictureHTML: @Sendable (String, String) -> String?

    public init(allowRawHTML: Bool = false, rewriteURL: @escaping @Sendable (String) -> String? = { _ in nil },
                pictureHTML: @escaping @Sendable (String, String) -> String? = { _, _ in nil }) {
        self.allowRawHTML = allowRawHTML
        self.rewriteURL = rewriteURL
        self.pictureHTML = pictureHTML
    }

    /// Stands in the tree for a picture's markup until the HTML is rendered: cmark would drop raw
    /// HTML in safe mode, and rendering unsafe would keep `javascript:` links.
    private static func pictureMarker(_ index: Int) -> String { "foodpin-picture:\(index);" }

    private static let registerExtensions: Void = { cmark_gfm_core_extensions_ensure_registered() }()
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    public func html(_ markdown: String) -> String {
        _ = Self.registerExtensions
        var options = CMARK_OPT_SMART | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE | CMARK_OPT_VALIDATE_UTF8
            | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        markdown.withCString { pointer in cmark_parser_feed(parser, pointer, strlen(pointer)) }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        let pictures = rewrite(document)
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        var html = String(cString: rendered)
        for (index, markup) in pictures.enumerated() {
            html = html.replacingOccurrences(of: Self.pictureMarker(index), with: markup)
        }
        return html
    }

    /// The text of a node's descendants: an image's alt text.
    private static func text(of node: OpaquePointer) -> String {
        var result = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            if let literal = cmark_node_get_literal(current) { result += String(cString: literal) }
            result += text(of: current)
            child = cmark_node_next(current)
        }
        return result
    }

    /// Walks the tree: raw HTML becomes text (when not allowed), local URLs are rewritten, processed
    /// pictures become markers; returns the markup of each marker, in order.
    private func rewrite(_ document: OpaquePointer) -> [String] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        var rawHTML: [OpaquePointer] = []
        var pictures: [(node: OpaquePointer, markup: String)] = []
        var dangerous: [OpaquePointer] = []
        // An image replaced after the walk is freed with all it holds: nothing inside it is kept.
        var replacedImage: OpaquePointer?
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if let image = replacedImage {
                if event == CMARK_EVENT_EXIT && node == image { replacedImage = nil }
                continue
            }
            guard event == CMARK_EVENT_ENTER else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if !allowRawHTML { rawHTML.append(node) }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                guard let url = cmark_node_get_url(node).map({ String(cString: $0) }) else { break }
                let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
                if !allowRawHTML && Self.isDangerous(url) {
                    dangerous.append(node)
                    if isImage { replacedImage = node }
                } else if isImage, let markup = pictureHTML(url, Self.text(of: node)) {
                    pictures.append((node, markup))
                    replacedImage = node
                } else if let rewritten = rewriteURL(url) {
                    cmark_node_set_url(node, rewritten)
                }
            default:
                break
            }
        }
        // Replace after the walk: changing the tree while iterating it is not allowed.
        Self.keepText(of: dangerous)
        for node in rawHTML {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH)
                let text = cmark_node_new(CMARK_NODE_TEXT)
                cmark_node_set_literal(text, literal.trimmingCharacters(in: .newlines))
                cmark_node_append_child(paragraph, text)
                cmark_node_replace(node, paragraph)
            } else {
                let text = cmark_node_new(CMARK_NODE_TEXT)
                cmark_node_set_literal(text, literal)
                cmark_node_replace(node, text)
            }
            cmark_node_free(node)
        }
        for (index, picture) in pictures.enumerated() {
            let marker = cmark_node_new(CMARK_NODE_TEXT)
            cmark_node_set_literal(marker, Self.pictureMarker(index))
            cmark_node_replace(picture.node, marker)
            cmark_node_free(picture.node)
        }
        return pictures.map(\.markup)
    }

    /// What cmark's safe mode empties (`href=""`, a page's own address in a reader): `javascript:`,
    /// `vbscript:`, `file:` and `data:` but for pictures.
    static func isDangerous(_ url: String) -> Bool {
        let lowered = url.trimmingCharacters(in: .whitespaces).lowercased()
        if ["javascript:", "vbscript:", "file:"].contains(where: lowered.hasPrefix) { return true }
        return lowered.hasPrefix("data:") && !["png", "gif", "jpeg", "webp"].contains { lowered.hasPrefix("data:image/\($0)") }
    }

    /// A link to such an address becomes its text, a picture its alt text.
    private static func keepText(of nodes: [OpaquePointer]) {
        for node in nodes {
            if cmark_node_get_type(node) == CMARK_NODE_IMAGE {
                let text = cmark_node_new(CMARK_NODE_TEXT)
                cmark_node_set_literal(text, Self.text(of: node))
                cmark_node_insert_before(node, text)
            } else {
                while let child = cmark_node_first_child(node) { cmark_node_insert_before(node, child) }
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// Plain text of rendered HTML, for descriptions in meta tags and JSON-LD: tags dropped, the
    /// entities cmark writes decoded, white space collapsed, cut at a word near `limit` characters.
    /// One pass over the UTF-8 bytes (it runs for every review of every page).
    public static func plainText(fromHTML html: String, limit: Int = 200) -> String {
        var html = html
        html.makeContiguousUTF8()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(html.utf8.count, limit * 4 + 8))
        var characters = 0
        var inTag = false
        var pendingSpace = false
        var cutAt: (bytes: Int, characters: Int)?
        var truncated = false
        let entities: [(name: [UInt8], value: UInt8)] = [
            (Array("lt;".utf8), UInt8(ascii: "<")), (Array("gt;".utf8), UInt8(ascii: ">")),
            (Array("quot;".utf8), UInt8(ascii: "\"")), (Array("#39;".utf8), UInt8(ascii: "'")),
            (Array("amp;".utf8), UInt8(ascii: "&")),
        ]
        html.utf8.withContiguousStorageIfAvailable { source in
            var index = 0
            func emit(_ byte: UInt8) {
                if pendingSpace && !bytes.isEmpty {
                    cutAt = (bytes.count, characters)
                    bytes.append(UInt8(ascii: " "))
                    characters += 1
                }
                pendingSpace = false
                bytes.append(byte)
                if byte & 0xC0 != 0x80 { characters += 1 }
            }
            while index < source.count {
                let byte = source[index]
                index += 1
                if inTag {
                    if byte == UInt8(ascii: ">") { inTag = false; pendingSpace = true }
                    continue
                }
                switch byte {
                case UInt8(ascii: "<"): inTag = true
                case 0x20, 0x09, 0x0A, 0x0D: pendingSpace = true
                case UInt8(ascii: "&"):
                    if let entity = entities.first(where: { source[index...].starts(with: $0.name) }) {
                        index += entity.name.count
                        emit(entity.value)
                    } else {
                        emit(byte)
                    }
                default: emit(byte)
                }
                if characters > limit { truncated = true; break }
            }
        }
        guard truncated else { return String(decoding: bytes, as: UTF8.self) }
        guard let cutAt else { return String(String(decoding: bytes, as: UTF8.self).prefix(limit)) + "…" }
        return String(decoding: bytes[..<cutAt.bytes], as: UTF8.self) + "…"
    }
}
