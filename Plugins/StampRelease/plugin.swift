import Foundation
import PackagePlugin

/// Gives the `foodpin` binary its version (release.env, the one place it is written) and the commit
/// it was built from. The command runs again when release.env, HEAD or the branch HEAD names changes.
@main
struct StampRelease: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let git = gitDirectory(of: package)
        // A worktree keeps its HEAD, the repository its branches (`commondir` names its folder).
        let common = (try? String(contentsOf: git.appending(path: "commondir"), encoding: .utf8))
            .map { git.appending(path: $0.trimmingCharacters(in: .whitespacesAndNewlines)).standardizedFileURL } ?? git
        let output = context.pluginWorkDirectoryURL.appending(path: "Release.swift")
        var inputs = [package.appending(path: "release.env"), git.appending(path: "HEAD"), common.appending(path: "packed-refs")]
        if let head = try? String(contentsOf: git.appending(path: "HEAD"), encoding: .utf8), head.hasPrefix("ref: ") {
            inputs.append(common.appending(path: head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return [
            .buildCommand(
                displayName: "Stamping the release and commit",
                executable: try context.tool(named: "ReleaseStamp").url,
                arguments: [inputs[0].path, git.path, output.path],
                inputFiles: inputs.filter { FileManager.default.fileExists(atPath: $0.path) },
                outputFiles: [output]
            )
        ]
    }

    /// `.git`, or the folder a worktree's `.git` file names.
    private func gitDirectory(of package: URL) -> URL {
        let dotGit = package.appending(path: ".git")
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return dotGit }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
    }
}
