import Foundation

/// What a build leaves for the next one, so that `foodpin build` in a new process re-reads only
/// changed files, renders only pages whose inputs changed and writes only changed files:
/// the parsed sources with their stamps, each page's input digest and what each output file holds.
///
/// Kept in `.foodpin-cache/build-state` inside the guide. Its key names the format, the FoodPin
/// binary and the build options; a missing, foreign, stale or damaged file is ignored (the build is
/// then a full one). It is removed before a build writes its first file and saved after a successful
/// build, so a build stopped half-way leaves none, and the next build is a full one.
struct BuildState: BinaryCodable {
    static let formatVersion = 1

    var content: [String: ContentCache.Entry] = [:]
    /// By page path: the digest of everything the page was rendered from, settings included.
    var pages: [String: ContentDigest] = [:]
    /// By output path: what the file holds.
    var written: [String: WrittenState] = [:]

    init(content: [String: ContentCache.Entry], pages: [String: ContentDigest], written: [String: WrittenState]) {
        self.content = content
        self.pages = pages
        self.written = written
    }

    static func file(in layout: GuideLayout) -> URL {
        layout.root.appending(path: ".foodpin-cache/build-state")
    }

    /// Names what the state is valid for: this format, this binary, these options.
    static func key(for options: BuildOptions, output: URL) -> String {
        let executable = Bundle.main.executableURL.flatMap { FileStamp(path: $0.path) }
        return ["foodpin-build-state", "\(formatVersion)", Bundle.main.executablePath ?? "",
                executable.map { "\($0.size)-\($0.modified)" } ?? "", RestaurantField.all.map(\.key).joined(separator: ","),
                output.standardizedFileURL.path, options.baseURL?.text ?? "", "\(options.includeDrafts)"].joined(separator: "\n")
    }

    static func load(from url: URL, key: String) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        var reader = BinaryReader([UInt8](data))
        do {
            guard try reader.readString() == key else { return nil }
            let state = try reader.read(BuildState.self)
            return reader.isAtEnd ? state : nil
        } catch {
            return nil
        }
    }

    func save(to url: URL, key: String) throws(FoodPinError) {
        var writer = BinaryWriter()
        writer.write(key)
        writer.write(self)
        try NewFile.makeFolders(url.deletingLastPathComponent().path)
        try ReplaceFile.write(Data(writer.bytes), to: url)
    }

    static func remove(at url: URL) {
        unlink(url.path)
    }

    func encode(to writer: inout BinaryWriter) {
        writer.write(content.count)
        for (path, entry) in content { writer.write(path); writer.write(entry) }
        writer.write(pages.count)
        for (path, digest) in pages { writer.write(path); writer.write(digest) }
        writer.write(written.count)
        for (path, state) in written { writer.write(path); writer.write(state) }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Malformed) {
        func dictionary<Value: BinaryDecodable>(_ reader: inout BinaryReader) throws(BinaryReader.Malformed) -> [String: Value] {
            let count = try reader.readInt()
            guard count >= 0 else { throw BinaryReader.Malformed() }
            var result: [String: Value] = [:]
            result.reserveCapacity(count)
            for _ in 0..<count { result[try reader.readString()] = try reader.read(Value.self) }
            return result
        }
        content = try dictionary(&reader)
        pages = try dictionary(&reader)
        written = try dictionary(&reader)
    }
}
