import ArgumentParser
import FoodPinCore
import Foundation
import FoodPinBase
import FoodPinModel

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import JSON city files into the store (Content/guide.sqlite).",
        discussion: "Restaurants are matched by id: importing the same file twice changes nothing. If any file is not valid JSON, nothing is imported.")

    @OptionGroup var guide: GuideOptions

    @Argument(help: ArgumentHelp("JSON city files.", valueName: "FILE"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one JSON city file to import") }
    }

    func run() throws {
        let console = guide.console()
        let layout = try guide.layout()
        var urls: [URL] = []
        for file in files {
            let url = URL(fileURLWithPath: file).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw FoodPinError.usage("no such file", at: file)
            }
            urls.append(url)
        }
        let store = try GuideStore(url: layout.store)
        let (imports, diagnostics) = try store.importFiles(urls, layout: layout)
        console.report(diagnostics)
        if diagnostics.contains(where: { $0.severity == .error }) {
            throw FoodPinError.content("Nothing was imported: fix the \(diagnosticsSummary(diagnostics)) above.")
        }
        var total = ImportCounts()
        for entry in imports {
            total += entry.counts
            if imports.count > 1 { console.say("\(entry.path): \(entry.counts.summary)") }
        }
        console.say("Imported into \(store.displayPath): \(total.summary).")
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show what the store holds, as a table.")

    @OptionGroup var guide: GuideOptions

    func run() throws {
        let layout = try guide.layout()
        let restaurants = try GuideStore(copyOf: layout.store).allRestaurants()
            .sorted { (Slug.fold($0.name), $0.id) < (Slug.fold($1.name), $1.id) }
        guard !restaurants.isEmpty else {
            print("The store is empty. Import a city file with `foodpin import FILE.json`.")
            return
        }
        let rows = restaurants.map { r in
            [String(r.id), r.name, r.facts.city ?? "", (r.facts.cuisines ?? []).joined(separator: ", "),
             r.facts.price.map { String(repeating: "$", count: $0) } ?? "", r.favorite ? "★" : "", r.source]
        }
        print(Table.render(header: ["ID", "NAME", "CITY", "CUISINES", "PRICE", "FAV", "SOURCE"], rows: rows))
        print("\(counted(restaurants.count, "restaurant"))")
    }
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the store as a JSON city file (to stdout, or --output FILE).",
        discussion: "The export carries favourites and provenance; importing it gives back the same store.")

    @OptionGroup var guide: GuideOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "FILE"))
    var output: String?

    func run() throws {
        let layout = try guide.layout()
        let json = StoreExport.json(try GuideStore(copyOf: layout.store).allRestaurants())
        if let output {
            try ReplaceFile.write(Data(json.utf8), to: URL(fileURLWithPath: output))
        } else {
            FileHandle.standardOutput.write(Data(json.utf8))
        }
    }
}

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Delete an imported restaurant from the store.",
        discussion: "The id is remembered: syncing or importing its city file again does not bring it back.")

    @OptionGroup var guide: GuideOptions

    @Argument(help: "The restaurant's id.")
    var id: Int

    func run() throws {
        let layout = try guide.layout()
        let store = try GuideStore(url: layout.store)
        guard let removed = try store.remove(id: id) else {
            throw FoodPinError.usage("no restaurant with id \(id) in the store", at: store.displayPath, hint: "see `foodpin list`")
        }
        guide.console().say("Removed \(removed.name) (\(removed.id)).")
    }
}

struct FavoriteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorite", abstract: "Mark an imported restaurant as a favourite (or not, with --off).")

    @OptionGroup var guide: GuideOptions

    @Argument(help: "The restaurant's id.")
    var id: Int

    @Flag(help: "Remove the favourite mark.")
    var off = false

    func run() throws {
        let layout = try guide.layout()
        let store = try GuideStore(url: layout.store)
        guard let restaurant = try store.setFavorite(id: id, !off) else {
            throw FoodPinError.usage("no restaurant with id \(id) in the store", at: store.displayPath, hint: "see `foodpin list`")
        }
        guide.console().say(off ? "\(restaurant.name) is no longer a favourite." : "\(restaurant.name) is now a favourite.")
    }
}

enum Table {
    static func render(header: [String], rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = min(max(widths[index], cell.count), 40) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let clipped = cell.count > widths[index] ? String(cell.prefix(widths[index] - 1)) + "…" : cell
                return clipped + String(repeating: " ", count: widths[index] - clipped.count)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}
