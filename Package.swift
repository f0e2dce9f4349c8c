// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "outline",
  products: [
    .library(name: "Diffable", targets: ["Diffable"]),
    .library(name: "OutlineLanguage", targets: ["OutlineLanguage"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0")
  ],
  targets: [
    // MARK: Library: Apple's diffable data source model, no I/O.
    .target(
      name: "Diffable",
      dependencies: [
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),

    // MARK: Language: the outline command language and its interpreter, files behind a protocol.
    .target(
      name: "OutlineLanguage",
      dependencies: ["Diffable"]
    ),

    // MARK: Tests
    .target(
      name: "OutlineTestSupport",
      dependencies: ["Diffable"],
      path: "Tests/OutlineTestSupport"
    ),
    .testTarget(
      name: "DiffableTests",
      dependencies: ["Diffable", "OutlineTestSupport"]
    ),
    .testTarget(
      name: "OutlineLanguageTests",
      dependencies: ["OutlineLanguage", "OutlineTestSupport"]
    ),

    // MARK: Benchmarks
    .executableTarget(name: "outline-benchmark", dependencies: ["Diffable"]),
  ]
)

// Settings every target shares.
for target in package.targets {
  var settings = target.swiftSettings ?? []
  settings.append(.define("DIFFABLE_INTERNAL_CHECKS", .when(configuration: .debug)))
  target.swiftSettings = settings
}
