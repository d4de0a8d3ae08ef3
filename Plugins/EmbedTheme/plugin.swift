import Foundation
import PackagePlugin

/// Embeds every file under the target's `Theme/` folder into generated Swift source,
/// so the built-in theme ships inside the `foodpin` binary.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let themeDirectory = target.directoryURL.appending(path: "Theme")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: themeDirectory, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding theme (\(inputs.count) files)",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [themeDirectory.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
