import Foundation
#if canImport(FoundationXML)
import FoundationXML
import FoodPinBase
import FoodPinModel
#endif

/// SVG files are published as they are, so one opened from the site runs on the site's origin:
/// a script in it could read and change a visitor's pins. FoodPin publishes only SVGs that cannot
/// run script or fetch anything: SVG elements of a known, static kind, no event attributes, links
/// only inside the file (`#id`) or to embedded raster data, CSS without imports, escapes or
/// outside URLs, no DOCTYPE and no processing instruction. Anything else is refused at its line;
/// nothing is removed silently (a picture changed behind the editor's back is worse than an error).
enum SVGCheck {
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var what: String
    }

    /// Every SVG among `paths` (under Content/) that is unsafe to publish, as an error at its place.
    static func diagnostics(for paths: [String], layout: GuideLayout) -> [Diagnostic] {
        paths.filter { $0.lowercased().hasSuffix(".svg") }.compactMap { path in
            let url = layout.content.appending(path: path)
            let shown = GuideLayout.displayPath(url)
            if let size = FileStamp.plainSize(at: url.path), size > maxBytes {
                return .error(at: SourceLocation(path: shown, line: 1, column: 1),
                              "this SVG is \(size) bytes, over the limit of \(maxBytes) bytes for an SVG (published as it is, and checked whole)",
                              hint: "simplify the drawing, or export it as PNG or WebP, which FoodPin resizes")
            }
            guard let data = try? Data(contentsOf: url) else { return .error(at: SourceLocation(path: shown), "the SVG cannot be read") }
            return problem(in: data).map { found in
                .error(at: SourceLocation(path: shown, line: found.line, column: found.column),
                       "this SVG holds \(found.what); FoodPin publishes only SVGs that cannot run script or fetch from elsewhere",
                       hint: "remove it from the drawing, or export the picture as PNG")
            }
        }
    }

    /// libxml2 refuses a text or an attribute over 10,000,000 bytes (an embedded picture, say) as
    /// not well-formed: a file no larger cannot hold one.
    static let maxBytes = 10_000_000

    /// The first thing that makes this SVG unsafe to publish, or nil.
    static func problem(in data: Data) -> Problem? {
        // UTF-8 only: in UTF-16 the checks on bytes below would read nothing.
        guard !data.contains(0), String(data: data, encoding: .utf8) != nil else {
            return Problem(line: 1, column: 1, what: "text that is not UTF-8")
        }
        let lowered = Data(data.map { (65...90).contains($0) ? $0 + 32 : $0 })
        // Another declared encoding would make libxml2 read other characters than the checks below.
        if lowered.starts(with: Data("<?xml".utf8)), let end = lowered.firstIndex(of: UInt8(ascii: ">")),
           let declaration = String(data: lowered[..<end], encoding: .utf8), declaration.contains("encoding"),
           !declaration.contains("utf-8") {
            return Problem(line: 1, column: 1, what: "an encoding other than UTF-8")
        }
        if let doctype = lowered.range(of: Data("<!doctype".utf8)) {
            let line = data[..<doctype.lowerBound].reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            return Problem(line: line, column: 1, what: "a DOCTYPE (its entities can stand for anything)")
        }
        let parser = XMLParser(data: data)
        let checker = Checker()
        parser.delegate = checker
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        if !parser.parse(), checker.problem == nil {
            return Problem(line: parser.lineNumber, column: parser.columnNumber,
                           what: "XML that is not well-formed (\(parser.parserError?.localizedDescription ?? "unreadable"))")
        }
        if checker.problem == nil, !checker.sawRoot || checker.depth != 0 {
            return Problem(line: parser.lineNumber, column: parser.columnNumber, what: "XML that is not well-formed (it ends inside an element)")
        }
        return checker.problem
    }

    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// SVG's elements that draw, group, describe or animate, and none that runs script or embeds a document.
    static let allowedElements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "title", "desc", "metadata", "switch", "a", "view", "style",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "textPath", "image",
        "marker", "pattern", "clipPath", "mask", "linearGradient", "radialGradient", "stop", "filter",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
        "animate", "animateMotion", "animateTransform", "mpath", "set",
    ]

    /// Namespaces whose elements a browser would run or render inside an SVG.
    static let activeNamespaces: Set<String> = [
        "http://www.w3.org/1999/xhtml", "http://www.w3.org/1998/Math/MathML", "http://www.w3.org/1999/XSL/Transform",
    ]

    /// A link's target as FoodPin accepts it: inside the file, or embedded raster pixels.
    static func isSafeReference(_ value: String) -> Bool {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return trimmed.hasPrefix("#")
            || ["png", "jpeg", "gif", "webp"].contains { trimmed.hasPrefix("data:image/\($0);base64,") }
    }

    /// What in a CSS text (a `style` element or attribute, or a presentation attribute) could run
    /// or fetch, or nil.
    static func unsafeCSS(_ text: String) -> String? {
        let lower = text.lowercased()
        if lower.contains("\\") { return "a CSS escape (it can spell anything)" }
        for word in ["@import", "expression(", "javascript:", "image-set(", "image("] where lower.contains(word) {
            return "CSS with \(word)"
        }
        var rest = lower[...]
        while let found = rest.range(of: "url(") {
            let target = rest[found.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
            guard target.hasPrefix("#") else { return "CSS with url() of an outside address" }
            rest = rest[found.upperBound...]
        }
        return nil
    }
}

private final class Checker: NSObject, XMLParserDelegate {
    var problem: SVGCheck.Problem?
    /// The text of the `<style>` element being read (the parser may hand it over in pieces).
    private var style: String?
    private(set) var sawRoot = false
    /// Elements open: a file cut short ends with some (the parser here does not always say so).
    private(set) var depth = 0

    private func refuse(_ parser: XMLParser, _ what: String) {
        guard problem == nil else { return }
        problem = SVGCheck.Problem(line: parser.lineNumber, column: parser.columnNumber, what: what)
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        depth += 1
        let namespace = namespaceURI ?? ""
        if !sawRoot {
            sawRoot = true
            guard namespace == SVGCheck.svgNamespace, name == "svg" else {
                return refuse(parser, "a root element that is not <svg xmlns=\"\(SVGCheck.svgNamespace)\">")
            }
        }
        if namespace == SVGCheck.svgNamespace, !SVGCheck.allowedElements.contains(name) {
            return refuse(parser, "a <\(name)> element")
        }
        if SVGCheck.activeNamespaces.contains(namespace) { return refuse(parser, "a <\(qualifiedName ?? name)> element of \(namespace)") }
        if name == "set" || name == "animate", let target = attributes["attributeName"], target.lowercased().hasSuffix("href") {
            return refuse(parser, "an animation that changes a link")
        }
        for (key, value) in attributes {
            let local = (key.split(separator: ":").last.map(String.init) ?? key).lowercased()
            if local.hasPrefix("on") { return refuse(parser, "an event attribute (\(key))") }
            if local == "href" || local == "src", !SVGCheck.isSafeReference(value) {
                return refuse(parser, "a link to outside the file (\(key)=\"\(value.prefix(60))\")")
            }
            if let unsafe = SVGCheck.unsafeCSS(value) { return refuse(parser, "\(unsafe) in \(key)") }
        }
        if style != nil { return refuse(parser, "an element inside a <style> element") }
        if name == "style" { style = "" }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        guard name == "style", let text = style else { return }
        if let unsafe = SVGCheck.unsafeCSS(text) { refuse(parser, "\(unsafe) in a <style> element") }
        style = nil
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { style? += string }

    func parser(_ parser: XMLParser, foundCDATA data: Data) { style? += String(decoding: data, as: UTF8.self) }

    func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
        refuse(parser, "a processing instruction (<?\(target) …?>)")
    }

    // A DOCTYPE is refused before parsing; these make sure none gets through by another spelling.
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        refuse(parser, "a DOCTYPE (its entities can stand for anything)")
    }

    func parser(_ parser: XMLParser, foundAttributeDeclarationWithName attributeName: String, forElement elementName: String,
                type: String?, defaultValue: String?) {
        refuse(parser, "a DOCTYPE (its entities can stand for anything)")
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        refuse(parser, "a DOCTYPE (its entities can stand for anything)")
    }

    func parser(_ parser: XMLParser, foundElementDeclarationWithName elementName: String, model: String) {
        refuse(parser, "a DOCTYPE (its entities can stand for anything)")
    }

    func parser(_ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?,
                notationName: String?) {
        refuse(parser, "a DOCTYPE (its entities can stand for anything)")
    }
}
