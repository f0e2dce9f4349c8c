/// The outline command language: lexer, parser, command catalog, the interpreter (`Session`)
/// and the renderers of its outcomes.
///
/// This module does no terminal I/O; it reaches files only through a protocol (`FileSystem`).
/// The `outline` executable is a thin shell over it. ARCHITECTURE.md at the package's root says
/// where each part lives and where a new command goes.
public enum OutlineLanguage {
  /// The version of the language and of the `outline` program: what `outline --version` and
  /// the interactive banner show.
  public static let version = "0.1.0"
}
