import FoodPinBase
import FoodPinModel
/// A parsed Mustache template: text and tags as a tree, names split once, standalone lines already removed.
indirect enum TemplateNode: Sendable {
    case text(String)
    case variable(TemplateName, escaped: Bool)
    case section(TemplateName, [TemplateNode], inverted: Bool)
    /// `{{> name}}`; a standalone tag's indentation goes before every line of the partial.
    case partial(String, indentation: String)
    /// `{{< name}}…{{/name}}`: the named template with these blocks replaced.
    case parent(String, overrides: [String: [TemplateNode]], indentation: String)
    /// `{{$ name}}default{{/name}}`: replaced by the innermost child's override, if any. A block
    /// standing alone on its line holds its lines without their shared indentation, which goes
    /// before each line where it is expanded; an `inline` one (text or its end on the same line)
    /// indents from its second line, by the whitespace before it.
    case block(String, [TemplateNode], indentation: String, inline: Bool)
}

/// A tag's name: `.` (the current value) or dotted parts, looked up from the innermost context out.
struct TemplateName: Sendable, Hashable {
    /// Empty for `.`.
    var parts: [String]
}
