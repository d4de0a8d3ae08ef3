// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// `FOODPIN_FUZZ=<the toolchain's libclang_rt.fuzzer_no_main archive>` (scripts/fuzz.sh) builds the
/// fuzzer: the base and the core instrumented for libFuzzer, the fuzzer's own main, no tests (the fuzzer compiles
/// the tests' property file itself).
let libFuzzer = Context.environment["FOODPIN_FUZZ"] ?? ""
let fuzzing = !libFuzzer.isEmpty

/// The folders of libvips's headers and GLib's, from `pkg-config --cflags-only-I vips`. Only the
/// headers: the library is opened when a build first meets a picture (Sources/CVips/shim.h), as
/// linking it loads a hundred libraries at every start.
let vipsHeaders: [SwiftSetting] = {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = ["pkg-config", "--cflags-only-I", "vips"]
    let output = Pipe()
    pkgConfig.standardOutput = output
    let flags = (try? pkgConfig.run()).map { _ in
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        pkgConfig.waitUntilExit()
        return text
    }
    guard let flags, pkgConfig.terminationStatus == 0 else {
        fatalError("pkg-config found no libvips: install pkg-config and libvips-dev (Debian: scripts/install-deps.sh; macOS: brew install vips)")
    }
    return [.unsafeFlags(flags.split(whereSeparator: \.isWhitespace).flatMap { ["-Xcc", String($0)] })]
}()

/// The lower targets' small functions and generics (BinaryWriter, ParallelMap, the model's
/// digests) inlined and specialised where the stages above call them (bench/HISTORY.md: "A base target").
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]
let fuzzFlags: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []

let package = Package(
    name: "FoodPin",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "foodpin", targets: ["foodpin"]),
        .library(name: "FoodPinCore", targets: ["FoodPinCore", "FoodPinBase", "FoodPinModel", "FoodPinSearch", "FoodPinPublish", "FoodPinDeploy"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    ],
    targets: [
        // The system cmark-gfm (Debian: libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CMarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // The system libvips (Debian: libvips-dev, installed with --no-install-recommends): its
        // headers here, the library opened at run time.
        .systemLibrary(name: "CVips", providers: [.apt(["libvips-dev"]), .brew(["vips"])]),
        // The one predicate for editors' scratch files, shared by the core, the watcher and the embedder.
        .target(name: "ScratchFiles"),
        // Turns the top-level Templates/ into Swift source so the default theme lives inside the binary.
        .executableTarget(name: "ThemeEmbedder", dependencies: ["ScratchFiles"]),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        // Gives the binary its version (release.env) and the commit it was built from.
        .executableTarget(name: "ReleaseStamp"),
        .plugin(name: "StampRelease", capability: .buildTool(), dependencies: ["ReleaseStamp"]),
        // The layer every stage stands on: tools that know nothing of food guides, diagnostics, the
        // restaurant record and the guide's layout. The compiler keeps it from reaching up.
        .target(
            name: "FoodPinBase",
            dependencies: [
                "ScratchFiles",
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                // SHA-256, the one hash of every digest and fingerprint.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: crossModule + fuzzFlags
        ),
        // The writer and the publisher: files written through a rename into a standby folder,
        // published in one step, and the record of what each folder holds.
        .target(
            name: "FoodPinPublish",
            dependencies: ["FoodPinBase"],
            swiftSettings: crossModule + fuzzFlags
        ),
        // `foodpin deploy`, after the build: a built site and its record sent to a folder or an S3
        // bucket, wave by wave.
        .target(
            name: "FoodPinDeploy",
            dependencies: [
                "FoodPinBase",
                "FoodPinPublish",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // HMAC for request signatures, MD5 for S3's batch deletes.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The sources (site.yml, Markdown files, city files), the store, and the site model made of them.
        .target(
            name: "FoodPinModel",
            dependencies: [
                "FoodPinBase",
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: crossModule + fuzzFlags
        ),
        // The search's files, from the model: the full-text index, the cards' shards, the columns sorts read.
        .target(
            name: "FoodPinSearch",
            dependencies: ["FoodPinBase", "FoodPinModel"],
            swiftSettings: crossModule + fuzzFlags
        ),
        // Pictures, Markdown, the renderer and the site's files, and the build that runs every stage.
        .target(
            name: "FoodPinCore",
            dependencies: [
                "FoodPinBase",
                "FoodPinModel",
                "FoodPinPublish",
                "FoodPinSearch",
                "CMarkGFM",
                "CVips",
                // Remote pictures: streamed, limited and checked as they arrive.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ],
            swiftSettings: vipsHeaders + fuzzFlags,
            plugins: ["EmbedTheme"]
        ),
        // The dev loop around the core: file watching, rebuilding, the live preview server.
        .target(
            name: "FoodPinDev",
            dependencies: [
                "FoodPinBase",
                "FoodPinCore",
                "ScratchFiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                // serve's first bind, before the first build (PreviewServer.claim).
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "foodpin",
            dependencies: [
                "FoodPinBase",
                "FoodPinCore",
                "FoodPinDeploy",
                "FoodPinDev",
                "FoodPinModel",
                "FoodPinPublish",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["StampRelease"]
        ),
    ] + (fuzzing ? [
        .target(name: "CFuzzer", path: "Tests/Fuzz/CFuzzer"),
        .executableTarget(
            name: "foodpin-fuzz",
            dependencies: ["FoodPinBase", "FoodPinCore", "FoodPinModel", "FoodPinPublish", "FoodPinSearch", "CFuzzer"],
            path: "Tests",
            sources: ["Fuzz/FoodPinFuzz.swift", "FoodPinCoreTests/FuzzProperties.swift"],
            swiftSettings: [.unsafeFlags(["-sanitize=address"])],
            linkerSettings: [.unsafeFlags(["-sanitize=address", "-Xlinker", libFuzzer, "-lstdc++"])]
        ),
    ] : [
        // The tests read published pictures back with libvips itself.
        .testTarget(name: "FoodPinCoreTests", dependencies: ["FoodPinBase", "FoodPinCore", "FoodPinDeploy", "FoodPinModel", "FoodPinPublish", "FoodPinSearch", "foodpin", "CVips"], swiftSettings: vipsHeaders,
                    linkerSettings: [.linkedLibrary("vips"), .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0")]),
        .testTarget(name: "FoodPinDevTests", dependencies: ["FoodPinDev", "FoodPinBase", "FoodPinCore", "FoodPinModel", "FoodPinPublish"]),
    ])
)
