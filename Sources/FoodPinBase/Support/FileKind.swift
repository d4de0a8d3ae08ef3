import Foundation

/// One kind of file of the site, as the owner that makes it tells it: how many there are, where
/// each is written, what each is made from, the templates it is rendered with, how it is
/// delivered, and its bytes. The build's planner knows rendered files only through this.
package protocol FileKind: Sendable {
    var count: Int { get }
    func path(_ item: Int) -> String
    /// The digest of what file `item` is made from besides the settings and its templates: equal to
    /// the last build's, so are its bytes.
    func inputs(_ item: Int) -> ContentDigest
    func bytes(_ item: Int) -> Data
    func delivery(_ item: Int) -> Delivery
    /// The templates its files are rendered with (`TemplateLibrary.reached` adds those they name):
    /// a template edit renders again only the files that use it.
    var templates: [String] { get }
    /// An HTML page a visitor may land on from a search engine: listed in the sitemap.
    var isListed: Bool { get }
    /// Every item's `inputs`, when they were digested ahead (a restaurant's page, with its
    /// card): a session's plan then skips the unchanged ones without digesting them (`PagePlanner.patchedPlan`).
    var inputsAhead: [ContentDigest]? { get }
}

extension FileKind {
    package var templates: [String] { [] }
    package var isListed: Bool { false }
    package var inputsAhead: [ContentDigest]? { nil }
}

/// A kind with one file: its owner gives its path, delivery, templates and inputs, and how it is made.
package struct OneFile: FileKind {
    package let at: String
    package let delivered: Delivery
    package var templates: [String] = []
    package var isListed = false
    /// Its inputs: digested when planned (no single file shows many restaurants).
    package var digest: ContentDigest
    package let make: @Sendable () -> Data

    package init(at: String, delivered: Delivery, templates: [String] = [], isListed: Bool = false,
                 digest: ContentDigest = .of { _ in }, make: @escaping @Sendable () -> Data) {
        (self.at, self.delivered, self.templates, self.isListed, self.digest, self.make) = (at, delivered, templates, isListed, digest, make)
    }

    package var count: Int { 1 }
    package func path(_ item: Int) -> String { at }
    package func delivery(_ item: Int) -> Delivery { delivered }
    package func inputs(_ item: Int) -> ContentDigest { digest }
    package func bytes(_ item: Int) -> Data { make() }
}

/// A kind of numbered files its owner describes with functions (the search's parts and shards).
package struct NumberedFiles: FileKind {
    package let count: Int
    package let delivered: Delivery
    package var templates: [String] = []
    package let pathOf: @Sendable (Int) -> String
    package let inputsOf: @Sendable (Int) -> ContentDigest
    package let make: @Sendable (Int) -> Data

    package init(count: Int, delivered: Delivery, templates: [String] = [], pathOf: @escaping @Sendable (Int) -> String,
                 inputsOf: @escaping @Sendable (Int) -> ContentDigest, make: @escaping @Sendable (Int) -> Data) {
        (self.count, self.delivered, self.templates) = (count, delivered, templates)
        (self.pathOf, self.inputsOf, self.make) = (pathOf, inputsOf, make)
    }

    package func path(_ item: Int) -> String { pathOf(item) }
    package func delivery(_ item: Int) -> Delivery { delivered }
    package func inputs(_ item: Int) -> ContentDigest { inputsOf(item) }
    package func bytes(_ item: Int) -> Data { make(item) }
}
