import Foundation

/// One walkthrough step, from `Content/onboarding/*.md`.
public struct StepSource: Sendable {
    public var location: SourceLocation
    public var step: Int
    public var heading: String
    public var subheading: String?
    public var image: WrittenImage?
    public var markdown: String

    static func parse(_ document: FrontMatterDocument) -> (StepSource?, [Diagnostic]) {
        var fields = document.fields
        let step = fields.int("step", in: 1...99, what: "a step number from 1 to 99")
        if step == nil && !fields.has("step") { _ = fields.requiredString("step", "the position of this step (1, 2, 3 …)") }
        let heading = fields.requiredString("heading", "the big line of the step")
        let subheading = fields.string("subheading")
        let image = fields.picture("image")
        fields.warnAboutUnknownFields(kind: "onboarding step")
        guard let step, let heading, !fields.diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, fields.diagnostics)
        }
        return (StepSource(location: fields.fileLocation, step: step, heading: heading, subheading: subheading,
                           image: image, markdown: document.body), fields.diagnostics)
    }
}

extension StepSource: BinaryCodable {
    static let binaryForm = BinaryForm(\StepSource.location, \.step, \.heading, \.subheading, \.image, \.markdown,
                                       make: StepSource.init(location:step:heading:subheading:image:markdown:))
    func encode(to writer: inout BinaryWriter) { Self.binaryForm.write(self, to: &writer) }
    static func read(from reader: inout BinaryReader) throws(BinaryReader.Malformed) -> Self { try binaryForm.read(from: &reader) }
}
