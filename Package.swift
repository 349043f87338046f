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
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .target(name: "VitrineMarkdown", dependencies: ["CCmark"]),
        .target(
            name: "VitrineCore",
            dependencies: [
                "VitrineMarkdown",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(name: "VitrineDiff", dependencies: ["VitrineCore"]),
        .target(
            name: "VitrineCommands",
            dependencies: [
                "VitrineCore",
                "VitrineDiff",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "vitrine", dependencies: ["VitrineCommands"]),
        .testTarget(name: "VitrineCoreTests", dependencies: ["VitrineCore"], exclude: ["Golden"]),
        .testTarget(name: "VitrineMarkdownTests", dependencies: ["VitrineMarkdown"]),
        .testTarget(name: "VitrineCommandsTests", dependencies: ["VitrineCommands"]),
        .testTarget(name: "VitrineDiffTests", dependencies: ["VitrineDiff"], exclude: ["Golden"]),
        .testTarget(name: "VitrineBrowserTests", dependencies: ["VitrineCore", "VitrineDiff"], exclude: ["Fixtures"]),
    ]
)
