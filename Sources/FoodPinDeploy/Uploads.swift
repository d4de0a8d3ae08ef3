import Foundation
import FoodPinBase

/// One wave of files sent side by side, `jobs` at a time: each read, compressed if its headers
/// say so, and sent; its manifest entry made from the bytes that went.
enum Uploads {
    static func send(_ files: [BuiltSite.File], from site: URL, to destination: any DeployDestination, gzip: Bool, jobs: Int,
                     oneDone: @escaping @Sendable () -> Void) async throws(FoodPinError) -> [(String, DeployManifest.Entry)] {
        let root = site.standardizedFileURL.path
        do {
            return try await withThrowingTaskGroup(of: (String, DeployManifest.Entry).self) { group in
                var next = 0
                func start() {
                    let file = files[next]
                    next += 1
                    group.addTask {
                        let entry = try await send(file, root: root, to: destination, gzip: gzip)
                        oneDone()
                        return (file.path, entry)
                    }
                }
                while next < min(jobs, files.count) { start() }
                var entries: [(String, DeployManifest.Entry)] = []
                while let entry = try await group.next() {
                    entries.append(entry)
                    if next < files.count { start() }
                }
                return entries
            }
        } catch let error as FoodPinError {
            throw error
        } catch {
            throw FoodPinError(.io, "the deploy stopped: \(error)")
        }
    }

    private static func send(_ file: BuiltSite.File, root: String, to destination: any DeployDestination,
                             gzip: Bool) async throws(FoodPinError) -> DeployManifest.Entry {
        let path = root + "/" + file.path
        guard let bytes = FileBytes.read(path, expectedSize: Int(file.size)) else {
            throw FoodPinError(.io, at: GuideLayout.displayPath(URL(fileURLWithPath: path)), "this file of the site cannot be read (removed by hand?)",
                               hint: "run `foodpin build` again, or `foodpin deploy --verify` to send the folder as it is")
        }
        let headers = DeployHeaders(file, gzip: gzip)
        try await destination.put(file.path, body: headers.contentEncoding == nil ? bytes : Gzip.compress(bytes), headers: headers)
        return DeployManifest.Entry(bytes: bytes, of: file, headers: headers)
    }
}
