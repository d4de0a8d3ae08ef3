import Foundation
import PackagePlugin

/// Embeds every file under the package's top-level `Templates/` folder (the one source of the
/// built-in theme) into generated Swift source, so the theme ships inside the `foodpin` binary.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeDirectory = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: themeDirectory, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the theme from Templates/ (\(inputs.count) files)",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [themeDirectory.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
