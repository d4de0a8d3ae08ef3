import Foundation
import Testing
@testable import FoodPinCore
import FoodPinBase

/// The official Mustache spec (`Tests/Fixtures/mustache-spec/`, MIT, see its SOURCE.md): every test
/// of every required module and of template inheritance, through FoodPin's own engine. The other
/// optional modules are left out by choice (docs/templates.md): lambdas need code in the data, and
/// a theme names its partials, so dynamic names would only hide a missing one until render time.
@Suite struct MustacheSpecTests {
    /// A spec file's data: any JSON value.
    enum SpecValue: Decodable {
        case null, bool(Bool), int(Int), double(Double), string(String), list([SpecValue]), object([String: SpecValue])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Int.self) { self = .int(value) }
            else if let value = try? container.decode(Double.self) { self = .double(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([SpecValue].self) { self = .list(value) }
            else { self = .object(try container.decode([String: SpecValue].self)) }
        }

        /// As the theme's contexts hold it: a null is a missing value, a decimal its shortest text.
        var template: TemplateValue? {
            switch self {
            case .null: nil
            case .bool(let value): .bool(value)
            case .int(let value): .int(value)
            case .double(let value): .string("\(value)")
            case .string(let value): .string(value)
            case .list(let items): .list(items.map { $0.template ?? .bool(false) })
            case .object(let fields): .object(fields.compactMapValues(\.template))
            }
        }
    }

    struct SpecTest: Decodable {
        var name: String
        var data: SpecValue
        var template: String
        var expected: String
        var partials: [String: String]?
    }

    struct SpecFile: Decodable { var tests: [SpecTest] }

    static let folder = Fixtures.repository.appending(path: "Tests/Fixtures/mustache-spec")

    @Test(arguments: ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"])
    func everyTestOfARequiredModulePasses(module: String) throws {
        let file = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: Self.folder.appending(path: "\(module).json")))
        #expect(file.tests.count > 10)
        for test in file.tests {
            var library = TemplateLibrary()
            library.register(try TemplateParser.parse(test.template), named: "main")
            for (name, text) in test.partials ?? [:] { library.register(try TemplateParser.parse(text), named: name) }
            #expect(library.render("main", test.data.template ?? [:]) == test.expected, "\(module): \(test.name)")
        }
    }
}
