import Foundation
import FoodPinBase

/// One walkthrough step, from `Content/onboarding/*.md`.
public struct StepSource: Sendable {
    public var location: SourceLocation
    public var step: Int
    public var heading: String
    public var subheading: String?
    public var image: WrittenImage?
    public var markdown: String

    package static func parse(_ document: FrontMatterDocument) -> (StepSource?, [Diagnostic]) {
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

extension StepSource: PlainBinaryCodable {
    package static var blank: StepSource { StepSource(location: .blank, step: 0, heading: "", subheading: nil, image: nil, markdown: "") }
    package mutating func binaryFields(_ fields: inout some BinaryFieldVisitor) throws(BinaryReader.Malformed) {
        try fields.field(&location)
        try fields.field(&step)
        try fields.field(&heading)
        try fields.field(&subheading)
        try fields.field(&image)
        try fields.field(&markdown)
    }
}
