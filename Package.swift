// swift-tools-version: 6.1
import PackageDescription

// Where pkg-config finds GNU readline (see the CReadline target): nowhere needed on Linux.
#if os(Linux)
  let readlinePkgConfig: String? = nil
#else
  let readlinePkgConfig: String? = "readline"
#endif

let package = Package(
  name: "outline",
  products: [
    .library(name: "Diffable", targets: ["Diffable"]),
    .library(name: "OutlineLanguage", targets: ["OutlineLanguage"]),
    .executable(name: "outline", targets: ["outline"]),
  ],
  traits: [
    .trait(
      name: "InternalChecks",
      description: """
        Checks a section snapshot's whole storage after every mutation, in O(n) \
        (DIFFABLE_INTERNAL_CHECKS): what the tests run with, `swift test --traits InternalChecks`.
        """
    )
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // The documentation plugin: `swift package generate-documentation --target Diffable`.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // The playground's sockets (`outline serve`): FlyingFox's FlyingSocks, non-blocking BSD
    // sockets with async/await, no NIO and no FoundationNetworking.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // MARK: Library: Apple's diffable data source model, no I/O.
    .target(
      name: "Diffable",
      dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
    ),

    // MARK: Language: the outline command language and its interpreter, files behind a protocol.
    // libxml2, whose SAX2 push parser reads OPML (OPMLReader): parsing bytes, no I/O.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    // libcmark, CommonMark's reference parser, whose block tree with source lines gives
    // MarkdownReader the structure of a Markdown file: parsing bytes, no I/O.
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
    ),
    .target(
      name: "OutlineLanguage",
      dependencies: [
        "Diffable",
        "CLibXML2",
        "CCmark",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ],
      // The page's scripts and style sheet, the emitted test's template: compiled into the
      // module as byte arrays (PackageResources), so that outline stays one file.
      resources: [
        .embedInCode("Emitters/HTML/Resources"), .embedInCode("Emitters/Swift/Resources"),
      ]
    ),

    // MARK: Front end: the shell around the interpreter (files, terminal, readline).
    // GNU readline. On Linux its header and library are on the compiler's default paths, so no
    // pkg-config there: readline.pc requires tinfo, whose flags (-D_DEFAULT_SOURCE
    // -D_XOPEN_SOURCE=600) SwiftPM prohibits, with a warning in every build of every package
    // that depends on this one, even one that uses only Diffable.
    .systemLibrary(
      name: "CReadline",
      pkgConfig: readlinePkgConfig,
      providers: [.apt(["libreadline-dev"])]
    ),
    .target(
      name: "OutlineShell",
      dependencies: ["OutlineLanguage", "CReadline"]
    ),
    // The playground (`outline serve`): a pure request handler over sessions, and the thin
    // socket layer that FlyingFox lends it. Only the executable imports it.
    .target(
      name: "OutlineServer",
      dependencies: [
        "OutlineLanguage", "OutlineShell", .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      resources: [.embedInCode("Resources")]
    ),
    .executableTarget(
      name: "outline",
      dependencies: [
        "OutlineShell",
        "OutlineServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: Tests
    .target(
      name: "OutlineTestSupport",
      dependencies: ["Diffable", "OutlineLanguage", "OutlineServer"],
      path: "Tests/OutlineTestSupport"
    ),
    .testTarget(
      name: "DiffableTests",
      dependencies: ["Diffable", "OutlineTestSupport"]
    ),
    .testTarget(
      name: "OutlineLanguageTests",
      dependencies: ["OutlineLanguage", "OutlineTestSupport"],
      // Files the format tests read through PackageRoot (OPML files to import).
      exclude: ["Files/Formats/Fixtures"]
    ),
    .testTarget(
      name: "OutlineShellTests",
      dependencies: ["OutlineShell", "OutlineLanguage", "OutlineTestSupport"],
      // The golden transcripts, the tour that scripts/check-emitted-swift runs, and the script
      // the browser tests append to an emitted page.
      exclude: ["Golden", "EmittedSwift", "BrowserDrivers"]
    ),
    .testTarget(
      name: "OutlineServerTests",
      dependencies: ["OutlineServer", "OutlineLanguage", "OutlineTestSupport"],
      // The script the browser test has `outline serve` append to the playground's page.
      exclude: ["BrowserDrivers"]
    ),
    // iOS code compiled unchanged against the Apple-named types, in both language modes. The
    // Swift 5 target's files are symbolic links to the Swift 6 target's.
    .testTarget(
      name: "AppleSourceCompatibilitySwift5Tests",
      dependencies: ["Diffable"],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(name: "AppleSourceCompatibilitySwift6Tests", dependencies: ["Diffable"]),
    // The getting-started article's package as written there: the code under test in a module of
    // its own (internal, reached by `@testable import`), its test in another.
    .target(
      name: "PantryModel", dependencies: ["Diffable"], path: "Tests/GettingStarted/PantryModel"),
    .testTarget(
      name: "PantryModelTests", dependencies: ["PantryModel", "Diffable"],
      path: "Tests/GettingStarted/PantryModelTests"),

    // MARK: Benchmarks and the fuzzer
    .executableTarget(
      name: "outline-benchmark",
      dependencies: [
        "Diffable",
        "OutlineLanguage",
        "OutlineShell",
        "OutlineServer",
        "CLibXML2",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // libFuzzer's entry point; built by scripts/fuzz with -DFUZZING and the sanitizers, else
    // an ordinary executable that replays inputs from files.
    .executableTarget(
      name: "outline-fuzz",
      dependencies: ["OutlineLanguage", "OutlineTestSupport"]
    ),
  ]
)

// Settings every target shares. The InternalChecks trait defines DIFFABLE_INTERNAL_CHECKS in all
// of them: the library then checks its invariants, and the tests know that it does. Without the
// trait (a plain `swift build` or `swift run`), an edit costs what its complexity says.
for target in package.targets where target.type != .system {
  var settings = target.swiftSettings ?? []
  settings.append(.define("DIFFABLE_INTERNAL_CHECKS", .when(traits: ["InternalChecks"])))
  target.swiftSettings = settings
}
