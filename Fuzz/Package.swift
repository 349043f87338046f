// swift-tools-version:5.4
// Tools version 5.4 on purpose: from 5.5 SwiftPM renames the entry point of executables and the
// libFuzzer link fails (bad-inputs.md §6.1). Build with Fuzz/run.sh, never plain `swift build`.
import PackageDescription

let targets = ["FuzzReader", "FuzzScene", "FuzzFeed", "FuzzEscapers", "FuzzURL", "FuzzRender", "FuzzMarkdown"]

let package = Package(
    name: "VitrineFuzz",
    dependencies: [.package(name: "Vitrine", path: "..")],
    targets: targets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "VitrineCore", package: "Vitrine"),
                .product(name: "VitrineMarkdown", package: "Vitrine"),
            ],
            path: "Sources/\(name)"
        )
    }
)
