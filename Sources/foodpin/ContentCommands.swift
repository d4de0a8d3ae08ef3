import ArgumentParser
import FoodPinCore
import Foundation
import FoodPinBase
import FoodPinPublish

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Start a new guide in DIR.",
        discussion: "Writes site.yml, the three onboarding steps, an example restaurant and review. The built-in theme is used as it is, and follows FoodPin's upgrades (`foodpin theme eject FILE` copies a file to change). With --ci, also a CI file that builds and publishes the guide; in an existing guide, --ci writes only that file.")

    @Argument(help: "The folder for the new guide.")
    var directory: String

    @Option(help: "The guide's title (default: from the folder name).")
    var title: String?

    @Option(help: ArgumentHelp("Write a CI file that builds the guide and publishes it to Pages: github (.github/workflows/foodpin.yml) or gitlab (.gitlab-ci.yml).", valueName: "SERVICE"))
    var ci: CIWorkflow?

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func run() throws {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        if let ci, FileManager.default.fileExists(atPath: GuideLayout(root: root).content.path) {
            try ci.write(into: root, release: .this)
            if !quiet {
                print("Wrote \(GuideLayout.displayPath(root.appending(path: ci.path))): it installs foodpin \(FoodPinRelease.this.version); \(ci.nextStep).")
                if ci.output != "Output" { print("Its build writes \(ci.output)/: add \(Publication.ignored(ci.output).joined(separator: " ")) to .gitignore.") }
            }
            return
        }
        // Both or neither: a CI file in the way stops the guide from being made.
        if let ci, FileManager.default.fileExists(atPath: root.appending(path: ci.path).path) {
            throw FoodPinError.usage("the file already exists; nothing was changed", at: GuideLayout.displayPath(root.appending(path: ci.path)))
        }
        let files = try GuideScaffold.create(at: root, title: title, outputs: ["Output"] + (ci.map { $0.output == "Output" ? [] : [$0.output] } ?? []))
        try ci?.write(into: root, release: .this)
        if !quiet {
            print("Created a guide in \(GuideLayout.displayPath(root))/ (\(files.count + (ci == nil ? 0 : 1)) files).")
            if let ci { print("Its CI file, \(ci.path), installs foodpin \(FoodPinRelease.this.version): \(ci.nextStep).") }
            print("Next: cd \(directory) && foodpin build, then open Output/index.html")
        }
    }
}

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Write a new content file from flags.",
        subcommands: [NewRestaurant.self, NewReview.self, NewStep.self])
}

struct NewRestaurant: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "restaurant", abstract: "Write Content/restaurants/<slug>.md.")

    @OptionGroup var guide: GuideOptions
    @Option(help: "The restaurant's name.") var name: String
    @Option(help: "Its cuisine or kind, e.g. \"Coffee & Tea Shop\".") var type: String?
    @Option(help: "Street address.") var location: String?
    @Option(help: "City.") var city: String?
    @Option(help: "Phone number.") var phone: String?
    @Option(help: "Price level from 1 to 4.") var price: Int?
    @Option(help: "A picture: a path under Content/ or an https URL.") var image: String?
    @Option(help: "The imported restaurant this file enriches.") var id: Int?
    @Flag(help: "Mark it as a favourite.") var favorite = false
    @Option(help: "The file name (default: from the name).") var slug: String?

    func validate() throws {
        if let price, !(1...4).contains(price) { throw ValidationError("--price must be from 1 to 4") }
        if name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--name cannot be empty") }
    }

    func run() throws {
        let layout = try guide.layout()
        let slug = Slug.make(self.slug ?? name)
        let url = layout.restaurants.appending(path: "\(slug).md")
        let text = GuideScaffold.frontMatter([
            ("id", id.map(String.init)), ("name", name), ("type", type), ("location", location), ("city", city),
            ("phone", phone), ("price", price.map(String.init)), ("image", image), ("favorite", favorite ? "true" : nil),
        ], body: "What makes \(name) worth a visit.\n")
        try writeDraft(text, to: url, kind: .restaurant, layout: layout, guide: guide)
    }
}

struct NewReview: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "review", abstract: "Write Content/reviews/<restaurant>/<date>-<reviewer>.md.")

    @OptionGroup var guide: GuideOptions
    @Option(help: "The restaurant's id or slug.") var restaurant: String
    @Option(help: "Rating: 1 to 5, or awesome, good, okay, bad, terrible.") var rating: String
    @Option(help: "The reviewer's name.") var name: String?
    @Option(help: "A title.") var title: String?
    @Option(help: "YYYY-MM-DD (default: today).") var date: String?
    @Option(help: "The review text.") var text: String?

    func run() throws {
        let layout = try guide.layout()
        let today = {
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.locale = Locale(identifier: "en_US_POSIX")
            return formatter.string(from: Date())
        }()
        let day = date ?? today
        // A review tells of a visit made: a date to come is a slip (YYYY-MM-DD orders as text).
        if day > today, CalendarDate.isValid(day) {
            throw FoodPinError.usage("--date \(day) is after today (\(today)); nothing was written", hint: "give the day of the visit")
        }
        let folder = layout.reviews.appending(path: Slug.make(restaurant))
        var stem = "\(day)-\(Slug.make(name ?? "review"))"
        var counter = 2
        while FileManager.default.fileExists(atPath: folder.appending(path: "\(stem).md").path) {
            stem = "\(day)-\(Slug.make(name ?? "review"))-\(counter)"
            counter += 1
        }
        let url = folder.appending(path: "\(stem).md")
        let body = GuideScaffold.frontMatter([
            ("restaurant", restaurant), ("name", name), ("title", title), ("rating", rating), ("date", day),
        ], body: text ?? "")
        try writeDraft(body, to: url, kind: .review, layout: layout, guide: guide)
    }
}

struct NewStep: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "step", abstract: "Write Content/onboarding/<step>-<heading>.md.")

    @OptionGroup var guide: GuideOptions
    @Option(help: "Its position: 1, 2, 3 …") var step: Int
    @Option(help: "The big line.") var heading: String
    @Option(help: "The line below it.") var subheading: String?
    @Option(help: "A picture under Content/ or an https URL.") var image: String?

    func run() throws {
        let layout = try guide.layout()
        let url = layout.onboarding.appending(path: "\(step)-\(Slug.make(heading)).md")
        let text = GuideScaffold.frontMatter([
            ("step", String(step)), ("heading", heading), ("subheading", subheading), ("image", image),
        ])
        try writeDraft(text, to: url, kind: .step, layout: layout, guide: guide)
    }
}

/// Writes a new content file only where its kind lives and only if the next build accepts it.
private func writeDraft(_ text: String, to url: URL, kind: ContentDraft.Kind, layout: GuideLayout, guide: GuideOptions) throws {
    try ContentDraft.checkPlace(url, kind: kind, layout: layout)
    try NewFile.refuseExisting(url)
    let diagnostics = try ContentDraft.check(text, at: url, kind: kind, layout: layout)
    guide.console().report(diagnostics)
    if diagnostics.contains(where: { $0.severity == .error }) {
        throw FoodPinError.usage("the next build would refuse this file (\(diagnosticsSummary(diagnostics))); nothing was written",
                                 at: GuideLayout.displayPath(url))
    }
    try NewFile.write(text, to: url)
    guide.console().say("Wrote \(GuideLayout.displayPath(url))")
}

extension CIWorkflow: ExpressibleByArgument {}
