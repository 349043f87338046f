// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Vitrine",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "vitrine", targets: ["vitrine"]),
        .library(name: "VitrineCore", targets: ["VitrineCore"]),
        // For the fuzz package (Fuzz/), which drives the libcmark wrapper directly.
        .library(name: "VitrineMarkdown", targets: ["VitrineMarkdown"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .target(name: "VitrineMarkdown", dependencies: ["CCmark"]),
        // Themes/default inside the binary, written into Swift at build time; only the CLI links it.
        .plugin(name: "EmbedDefaultTheme", capability: .buildTool()),
        .target(name: "VitrineDefaultTheme", plugins: ["EmbedDefaultTheme"]),
        .target(
            name: "VitrineCore",
            dependencies: [
                "VitrineMarkdown",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(name: "VitrineDiff", dependencies: ["VitrineCore"]),
        .target(
            name: "VitrineServe",
            dependencies: [
                "VitrineCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "VitrineCommands",
            dependencies: [
                "VitrineCore",
                "VitrineDiff",
                "VitrineServe",
                "VitrineDefaultTheme",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "vitrine",
            dependencies: ["VitrineCommands"]
        ),
        .testTarget(name: "VitrineCoreTests", dependencies: ["VitrineCore"], exclude: ["Golden"]),
        .testTarget(name: "VitrineMarkdownTests", dependencies: ["VitrineMarkdown"]),
        .testTarget(name: "VitrineCommandsTests", dependencies: ["VitrineCommands"]),
        .testTarget(name: "VitrineDiffTests", dependencies: ["VitrineDiff"], exclude: ["Golden"]),
        .testTarget(
            name: "VitrineServeTests",
            dependencies: ["VitrineServe", .product(name: "HummingbirdTesting", package: "hummingbird")]
        ),
        .testTarget(name: "VitrineBrowserTests", dependencies: ["VitrineCore", "VitrineDiff"], exclude: ["Fixtures"]),
    ]
)
